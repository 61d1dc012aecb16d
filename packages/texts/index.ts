import br from './locales/br.json';
import en from './locales/en.json';
import es from './locales/es.json';
import gr from './locales/gr.json';
import lt from './locales/lt.json';
import ru from './locales/ru.json';

/**
 * Every language's texts, for the server (mails) and tests. The page does not import this: it
 * fetches one file by code at run time (/locales/<code>.json, copied there by apps/web/vite.config.ts).
 */
export const LOCALES = { en, ru, gr, es, br, lt };
