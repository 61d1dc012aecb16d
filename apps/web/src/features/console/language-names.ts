import type { Language } from '@gatekeeper/contract/lite';

/** Each language in its own name, as the language bar shows it: the console's language tabs and counts. */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  gr: 'Ελληνικά',
  es: 'Español',
  br: 'Português (Brasil)',
  lt: 'Lietuvių',
};
