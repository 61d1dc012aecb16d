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

/** A count or a figure in the page's language (its grouping and decimal signs). */
export const formatNumber = (value: number, language: string): string =>
  new Intl.NumberFormat(DATE_LOCALES[language as Language] ?? language).format(value);

/** A fraction (0.25) as the page's language writes a percentage ("25 %", "25%"), whole percents. */
export const formatPercent = (fraction: number, language: string): string =>
  new Intl.NumberFormat(DATE_LOCALES[language as Language] ?? language, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(fraction);

/**
 * An amount in the currency's minor units (cents) as the page's language writes money. A code
 * Intl does not know (the ledger keeps what the provider sent) is written after the plain number.
 */
export const formatMoney = (cents: number, currency: string, language: string): string => {
  const locale = DATE_LOCALES[language as Language] ?? language;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100)} ${currency}`;
  }
};

/** A calendar day the server counts by (`2026-11-28`, a UTC day) in the page's language. */
export const formatDay = (day: string, language: string): string =>
  new Intl.DateTimeFormat(DATE_LOCALES[language as Language] ?? language, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(Date.parse(`${day}T00:00:00Z`));

/**
 * A span of time given in ms as hours in the page's language: "12–60 hours", or "4 hours" when
 * both ends are the same (Intl's range would write "~4 hours").
 */
export const formatHoursRange = (minMs: number, maxMs: number, language: string): string => {
  const hours = new Intl.NumberFormat(DATE_LOCALES[language as Language] ?? language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
  const [min, max] = [minMs / 3_600_000, maxMs / 3_600_000];
  return hours.format(min) === hours.format(max) ? hours.format(max) : hours.formatRange(min, max);
};
