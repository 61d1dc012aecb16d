import type { Language, OpeningDate } from '@gatekeeper/contract/lite';
import { formatsFor } from '../../shared/formats';
import { writtenOnce } from '../../shared/written-texts';

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
  const day = formatsFor(language).wallDay(wall, 'full');
  const hour = String(date.hour).padStart(2, '0');
  const sign = date.gmt < 0 ? '-' : '+';
  return `${day}, ${hour}:00 GMT ${sign}${Math.abs(date.gmt)}`;
};

/** "1 Mar 2027, 18:00 GMT +2": the header's short form of the opening date, in the visitor's language. */
export const formatOpeningShort = (date: OpeningDate, language: Language): string =>
  writtenOnce(`${language} opening-short ${date.year}-${date.month}-${date.dayNum} ${date.hour} ${date.gmt}`, () => {
    const wall = new Date(Date.UTC(date.year, date.month - 1, date.dayNum, date.hour));
    const day = formatsFor(language).wallDay(wall, 'short');
    const sign = date.gmt < 0 ? '-' : '+';
    return `${day}, ${String(date.hour).padStart(2, '0')}:00 GMT ${sign}${Math.abs(date.gmt)}`;
  });
