import type { Language } from '@gatekeeper/contract/lite';

/** The locale each language writes dates and numbers in: English the British way (day before month). */
export const DATE_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  ru: 'ru-RU',
  gr: 'el-GR',
  es: 'es-ES',
  br: 'pt-BR',
  lt: 'lt-LT',
};

/** Dates and durations in the page's language. */
export const formatDate = (at: number, language: string): string =>
  new Intl.DateTimeFormat(DATE_LOCALES[language as Language] ?? language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);

/** A time of today in the page's language (hours and minutes). */
export const formatTime = (at: number, language: string): string =>
  new Intl.DateTimeFormat(DATE_LOCALES[language as Language] ?? language, { timeStyle: 'short' }).format(at);
