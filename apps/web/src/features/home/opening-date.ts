import { LANGUAGE_TAGS, type Language, type OpeningDate } from '@gatekeeper/contract/lite';

/**
 * "Saturday, 1 March 2027, 18:00 GMT +2" in the visitor's language: weekday, day, month and year
 * from Intl in the server's own time zone offset, then hour:00 and the offset.
 */
export const formatOpeningDate = (date: OpeningDate | null, language: Language, notAvailable: string): string => {
  if (!date) return notAvailable;
  const wall = new Date(Date.UTC(date.year, date.month - 1, date.dayNum, date.hour));
  const day = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(wall);
  const hour = String(date.hour).padStart(2, '0');
  const sign = date.gmt < 0 ? '-' : '+';
  return `${day}, ${hour}:00 GMT ${sign}${Math.abs(date.gmt)}`;
};
