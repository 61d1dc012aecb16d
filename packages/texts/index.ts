import br from './locales/br.json';
import en from './locales/en.json';
import es from './locales/es.json';
import gr from './locales/gr.json';
import lt from './locales/lt.json';
import ru from './locales/ru.json';
import brBosses from './game-names/br/bosses.json';
import brCastles from './game-names/br/castles.json';
import brClasses from './game-names/br/classes.json';
import brItems from './game-names/br/items.json';
import enBosses from './game-names/en/bosses.json';
import enCastles from './game-names/en/castles.json';
import enClasses from './game-names/en/classes.json';
import enItems from './game-names/en/items.json';
import esBosses from './game-names/es/bosses.json';
import esCastles from './game-names/es/castles.json';
import esClasses from './game-names/es/classes.json';
import esItems from './game-names/es/items.json';
import grBosses from './game-names/gr/bosses.json';
import grCastles from './game-names/gr/castles.json';
import grClasses from './game-names/gr/classes.json';
import grItems from './game-names/gr/items.json';
import ltBosses from './game-names/lt/bosses.json';
import ltCastles from './game-names/lt/castles.json';
import ltClasses from './game-names/lt/classes.json';
import ltItems from './game-names/lt/items.json';
import ruBosses from './game-names/ru/bosses.json';
import ruCastles from './game-names/ru/castles.json';
import ruClasses from './game-names/ru/classes.json';
import ruItems from './game-names/ru/items.json';

/**
 * Every language's texts, for the server (mails) and tests. The page does not import this: it
 * fetches one file by code at run time (/locales/<code>.json, copied there by apps/web/vite.config.ts).
 */
export const LOCALES = { en, ru, gr, es, br, lt };

/** A kind of game name: the name of each thing by the game's id. */
export type NameTable = Readonly<Record<string, string>>;

/**
 * The game's names (castles, bosses, classes, items) by id in every language (decision 047), for the
 * server's pre-rendered pages and tests. The page fetches one kind of its language at a time
 * (/locales/<code>/<kind>.json).
 */
export const GAME_NAMES = {
  en: { castles: enCastles, bosses: enBosses, classes: enClasses, items: enItems },
  ru: { castles: ruCastles, bosses: ruBosses, classes: ruClasses, items: ruItems },
  gr: { castles: grCastles, bosses: grBosses, classes: grClasses, items: grItems },
  es: { castles: esCastles, bosses: esBosses, classes: esClasses, items: esItems },
  br: { castles: brCastles, bosses: brBosses, classes: brClasses, items: brItems },
  lt: { castles: ltCastles, bosses: ltBosses, classes: ltClasses, items: ltItems },
} satisfies Record<keyof typeof LOCALES, Record<string, NameTable>>;
