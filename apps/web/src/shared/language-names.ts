import type { Language } from '@gatekeeper/contract/lite';

/** Each language in its own name, so a visitor finds theirs whatever the page is written in: the language bar, the console's language tabs and counts. */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  gr: 'Ελληνικά',
  es: 'Español',
  br: 'Português (Brasil)',
  lt: 'Lietuvių',
};
