import type { Language, OpeningDate } from '@gatekeeper/contract/lite';
import { DATE_LOCALES } from '../../shared/formats';
import { writtenOnce } from '../../shared/written-texts';

const DAY_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
};

/**
 * English reads "Monday, 1 March 2027" (docs/product.md#home: weekday, day, month, year). It is built from the
 * parts because en-GB's own pattern drops the comma after the weekday in newer ICU data.
 */
const englishDay = (wall: Date): string => {
  const parts = new Intl.DateTimeFormat(DATE_LOCALES.en, DAY_FORMAT).formatToParts(wall);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
};

/**
 * "Monday, 1 March 2027, 18:00 GMT +2" in the visitor's language: weekday, day, month and year
 * as the language writes a full date, in the server's own time zone offset, then hour:00 and the
 * offset.
 */
export const formatOpeningDate = (date: OpeningDate | null, language: Language, notAvailable: string): string => {
  if (!date) return notAvailable;
  return writtenOnce(`${language} opening ${date.year}-${date.month}-${date.dayNum} ${date.hour} ${date.gmt}`, () =>
    formatNow(date, language),
  );
};

const formatNow = (date: OpeningDate, language: Language): string => {
  const wall = new Date(Date.UTC(date.year, date.month - 1, date.dayNum, date.hour));
  const day =
    language === 'en' ? englishDay(wall) : new Intl.DateTimeFormat(DATE_LOCALES[language], DAY_FORMAT).format(wall);
  const hour = String(date.hour).padStart(2, '0');
  const sign = date.gmt < 0 ? '-' : '+';
  return `${day}, ${hour}:00 GMT ${sign}${Math.abs(date.gmt)}`;
};

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** "1 Mar 2027, 18:00 GMT +2": the header's short form of the opening date, in the visitor's language. */
export const formatOpeningShort = (date: OpeningDate, language: Language): string =>
  writtenOnce(`${language} opening-short ${date.year}-${date.month}-${date.dayNum} ${date.hour} ${date.gmt}`, () => {
    const wall = new Date(Date.UTC(date.year, date.month - 1, date.dayNum, date.hour));
    const day = new Intl.DateTimeFormat(DATE_LOCALES[language], SHORT_DAY).format(wall);
    const sign = date.gmt < 0 ? '-' : '+';
    return `${day}, ${String(date.hour).padStart(2, '0')}:00 GMT ${sign}${Math.abs(date.gmt)}`;
  });
