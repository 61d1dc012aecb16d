import { DEFAULT_TIME_ZONE, LANGUAGE_TAGS, type Language, isLanguage } from '@gatekeeper/contract/lite';
import { useSiteData } from './site-data';
import { useLanguage } from './use-language';

/**
 * The one place the web app writes dates and numbers (docs/product.md#ground-rules: one Intl-based
 * formatter per language, never a hand-written format). Everything else asks `useFormats()` or
 * `formatsFor()`; a source-scan test (formats-only.test.ts) keeps Intl and toLocale* out of other files.
 */

/** The locale each language writes dates and numbers in: English the British way (day before month). */
export const DATE_LOCALES: Record<Language, string> = { ...LANGUAGE_TAGS, en: 'en-GB' };

/** Precision of a plain number: the fewest and the most digits after the decimal sign. */
export interface Digits {
  min?: number;
  max?: number;
}

export interface Formats {
  language: Language;
  /** The BCP 47 tag dates and numbers are written in (also for sorting names: localeCompare). */
  locale: string;
  /** The IANA zone every moment is shown in: the site's `server.timeZone` (docs/product.md#ground-rules). */
  timeZone: string;
  /** A count or a figure, grouped as the language groups it; `digits` fixes the decimals. */
  number: (value: number, digits?: Digits) => string;
  /** A large count written short: 1.2K, 3,4 тыс. */
  compact: (value: number) => string;
  /** A fraction (0.25) as a percentage ("25 %", "25%"), whole unless `digits` says. */
  percent: (fraction: number, digits?: Digits) => string;
  /**
   * An amount in the currency's minor units (cents). A code Intl does not know (the ledger keeps
   * what the provider sent) is written after the plain number.
   */
  money: (cents: number, currency: string) => string;
  /** The day of a moment, in the site's zone: `medium` "27 Nov 2026", `long` "27 November 2026". */
  date: (at: number, style?: 'medium' | 'long') => string;
  /** The day and time of a moment, in the site's zone; `weekday` "Sat, 28 Nov 2026, 18:00". */
  dateTime: (at: number, style?: 'medium' | 'long' | 'weekday') => string;
  /** The hour and minute of a moment, in the site's zone. */
  time: (at: number) => string;
  /** The day and short month of a moment ("27 Nov"), in the site's zone. */
  dayMonth: (at: number) => string;
  /** The month and year of a moment ("November 2026", or "Nov 2026" short), in the site's zone. */
  monthYear: (at: number, style?: 'long' | 'short') => string;
  /** A key equal for the moments of one hour, day or month of the site's zone (to group by; not shown). */
  calendarKey: (at: number, unit: 'hour' | 'day' | 'month') => string;
  /** The site's zone as the language names it at that moment ("UTC", "EET", "GMT+2"). */
  zoneName: (at: number) => string;
  /** A calendar day the server counts by (`2026-11-28`, a UTC day). */
  day: (day: string) => string;
  /**
   * A day on a wall clock given as its UTC fields (the opening date is written in its own offset):
   * `full` "Monday, 1 March 2027", `short` "1 Mar 2027".
   */
  wallDay: (wall: Date, style: 'full' | 'short') => string;
  /** A span in ms as hours: "12–60 hours", or "4 hours" when both ends are the same. */
  hoursRange: (minMs: number, maxMs: number) => string;
  /** Items joined as the language joins a list: "a, b and c". */
  list: (items: readonly string[]) => string;
}

/** A zone Intl knows, else UTC (the server checks the setting; this keeps a bad value from breaking a page). */
const knownZone = (zone: string): string => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
};

/** One formatter per options, made on first use: a page pays only for the formats it writes. */
const lazy = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const build = (language: Language, timeZone: string): Formats => {
  const locale = DATE_LOCALES[language];
  const dates = (options: Intl.DateTimeFormatOptions) =>
    lazy(() => new Intl.DateTimeFormat(locale, { timeZone, ...options }));
  const utc = (options: Intl.DateTimeFormatOptions) =>
    lazy(() => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions): Intl.NumberFormat => {
    const key = JSON.stringify(options);
    let format = numbers.get(key);
    if (!format) numbers.set(key, (format = new Intl.NumberFormat(locale, options)));
    return format;
  };
  const mediumDate = dates({ dateStyle: 'medium' });
  const longDate = dates({ dateStyle: 'long' });
  const mediumDateTime = dates({ dateStyle: 'medium', timeStyle: 'short' });
  const longDateTime = dates({ dateStyle: 'long', timeStyle: 'short' });
  const weekdayDateTime = dates({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const time = dates({ hour: '2-digit', minute: '2-digit' });
  const dayMonth = dates({ day: 'numeric', month: 'short' });
  const monthYear = dates({ month: 'long', year: 'numeric' });
  const shortMonthYear = dates({ month: 'short', year: 'numeric' });
  const zoneName = dates({ timeZoneName: 'short' });
  const key = (options: Intl.DateTimeFormatOptions) =>
    lazy(() => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', ...options }));
  const keys = {
    hour: key({ day: 'numeric', hour: 'numeric', hourCycle: 'h23' }),
    day: key({ day: 'numeric' }),
    month: key({}),
  };
  const utcDay = utc({ dateStyle: 'medium' });
  const fullWallDay = utc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const shortWallDay = utc({ day: 'numeric', month: 'short', year: 'numeric' });
  const hours = lazy(
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }),
  );
  const list = lazy(() => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));

  return {
    language,
    locale,
    timeZone,
    number: (value, digits) =>
      numberFormat({ minimumFractionDigits: digits?.min, maximumFractionDigits: digits?.max }).format(value),
    compact: (value) => numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(value),
    percent: (fraction, digits) =>
      numberFormat({
        style: 'percent',
        minimumFractionDigits: digits?.min,
        maximumFractionDigits: digits?.max ?? 0,
      }).format(fraction),
    money: (cents, currency) => {
      try {
        return numberFormat({ style: 'currency', currency }).format(cents / 100);
      } catch {
        return `${numberFormat({ minimumFractionDigits: 2 }).format(cents / 100)} ${currency}`;
      }
    },
    date: (at, style = 'medium') => (style === 'long' ? longDate() : mediumDate()).format(at),
    dateTime: (at, style = 'medium') =>
      (style === 'long' ? longDateTime() : style === 'weekday' ? weekdayDateTime() : mediumDateTime()).format(at),
    time: (at) => time().format(at),
    dayMonth: (at) => dayMonth().format(at),
    monthYear: (at, style = 'long') => (style === 'short' ? shortMonthYear() : monthYear()).format(at),
    calendarKey: (at, unit) => keys[unit]().format(at),
    zoneName: (at) =>
      zoneName()
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? timeZone,
    day: (day) => utcDay().format(Date.parse(`${day}T00:00:00Z`)),
    wallDay: (wall, style) => {
      if (style === 'short') return shortWallDay().format(wall);
      // English reads "Monday, 1 March 2027" (docs/product.md#home): built from the parts because
      // en-GB's own pattern drops the comma after the weekday in newer ICU data.
      if (language !== 'en') return fullWallDay().format(wall);
      const parts = fullWallDay().formatToParts(wall);
      const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
    },
    hoursRange: (minMs, maxMs) => {
      // Intl's range writes "~4 hours" when both ends round the same: one figure instead.
      const [min, max] = [minMs / 3_600_000, maxMs / 3_600_000];
      return hours().format(min) === hours().format(max) ? hours().format(max) : hours().formatRange(min, max);
    },
    list: (items) => list().format(items),
  };
};

const sets = new Map<string, Formats>();

/** The formats of a language (an unknown one writes English) in a time zone, built once per pair. */
export const formatsFor = (language: string, timeZone: string = DEFAULT_TIME_ZONE): Formats => {
  const key = `${language} ${timeZone}`;
  let set = sets.get(key);
  if (!set) sets.set(key, (set = build(isLanguage(language) ? language : 'en', knownZone(timeZone))));
  return set;
};

/** The page language's formats, moments in the site's time zone (getmetadata's `timeZone`). */
export const useFormats = (): Formats => {
  const { language } = useLanguage();
  const { metadata } = useSiteData();
  return formatsFor(language, metadata?.timeZone ?? DEFAULT_TIME_ZONE);
};

/* The helpers below predate formatsFor and write what does not depend on the time zone. */

/** A count or a figure in the page's language (its grouping and decimal signs). */
export const formatNumber = (value: number, language: string): string => formatsFor(language).number(value);

/** A fraction (0.25) as the page's language writes a percentage ("25 %", "25%"), whole percents. */
export const formatPercent = (fraction: number, language: string): string => formatsFor(language).percent(fraction);

/** An amount in the currency's minor units (cents) as the page's language writes money. */
export const formatMoney = (cents: number, currency: string, language: string): string =>
  formatsFor(language).money(cents, currency);

/** A calendar day the server counts by (`2026-11-28`, a UTC day) in the page's language. */
export const formatDay = (day: string, language: string): string => formatsFor(language).day(day);

/** A span of time given in ms as hours in the page's language. */
export const formatHoursRange = (minMs: number, maxMs: number, language: string): string =>
  formatsFor(language).hoursRange(minMs, maxMs);
