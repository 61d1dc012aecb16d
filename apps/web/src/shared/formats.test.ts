import { LANGUAGES, type Language } from '@gatekeeper/contract/lite';
import { describe, expect, it } from 'vitest';
import { formatsFor } from './formats';

/** 2026-11-27 18:05 UTC, a Friday. */
const AT = Date.UTC(2026, 10, 27, 18, 5);

/** Intl writes no-break spaces (U+00A0, U+202F) where a language keeps two parts together. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

interface Expected {
  number: string;
  percent: string;
  money: string;
  date: string;
  dateTime: string;
  time: string;
  list: string;
  hoursRange: string;
}

/** What each language's formats write: gr is Greek (el) and br Brazilian Portuguese (pt-BR). */
const EXPECTED: Record<Language, Expected> = {
  en: {
    number: '1,234,567.5',
    percent: '25%',
    money: '€12.50',
    date: '27 Nov 2026',
    dateTime: '27 Nov 2026, 18:05',
    time: '18:05',
    list: 'a, b and c',
    hoursRange: '12–60 hours',
  },
  ru: {
    number: '1 234 567,5',
    percent: '25 %',
    money: '12,50 €',
    date: '27 нояб. 2026 г.',
    dateTime: '27 нояб. 2026 г., 18:05',
    time: '18:05',
    list: 'a, b и c',
    hoursRange: '12–60 часов',
  },
  gr: {
    number: '1.234.567,5',
    percent: '25%',
    money: '12,50 €',
    date: '27 Νοε 2026',
    dateTime: '27 Νοε 2026, 6:05 μ.μ.',
    time: '06:05 μ.μ.',
    list: 'a, b και c',
    hoursRange: '12–60 ώρες',
  },
  es: {
    number: '1.234.567,5',
    percent: '25 %',
    money: '12,50 €',
    date: '27 nov 2026',
    dateTime: '27 nov 2026, 18:05',
    time: '18:05',
    list: 'a, b y c',
    hoursRange: '12-60 horas',
  },
  br: {
    number: '1.234.567,5',
    percent: '25%',
    money: '€ 12,50',
    date: '27 de nov. de 2026',
    dateTime: '27 de nov. de 2026, 18:05',
    time: '18:05',
    list: 'a, b e c',
    hoursRange: '12–60 horas',
  },
  lt: {
    number: '1 234 567,5',
    percent: '25 %',
    money: '12,50 €',
    date: '2026-11-27',
    dateTime: '2026-11-27 18:05',
    time: '18:05',
    list: 'a, b ir c',
    hoursRange: '12–60 valandų',
  },
};

describe.each(LANGUAGES)('the formats of %s', (language) => {
  const format = formatsFor(language);
  const expected = EXPECTED[language];

  it('write numbers, percentages and money as the language does', () => {
    expect(plain(format.number(1_234_567.5))).toBe(expected.number);
    expect(plain(format.percent(0.25))).toBe(expected.percent);
    expect(plain(format.money(1250, 'EUR'))).toBe(expected.money);
  });

  it('write a day, a day with its time and a time, in UTC unless told a zone', () => {
    expect(format.timeZone).toBe('UTC');
    expect(plain(format.date(AT))).toBe(expected.date);
    expect(plain(format.dateTime(AT))).toBe(expected.dateTime);
    expect(plain(format.time(AT))).toBe(expected.time);
    expect(format.zoneName(AT)).toBe('UTC');
  });

  it('write a list and a span of hours', () => {
    expect(format.list(['a', 'b', 'c'])).toBe(expected.list);
    expect(plain(format.hoursRange(12 * 3_600_000, 60 * 3_600_000))).toBe(expected.hoursRange);
  });

  it('are built once per language and zone', () => {
    expect(formatsFor(language)).toBe(format);
    expect(formatsFor(language, 'Europe/Athens')).not.toBe(format);
  });
});

describe('the formats in a time zone', () => {
  it("show a moment on the zone's clock and name the zone", () => {
    const athens = formatsFor('en', 'Europe/Athens');
    expect(athens.time(AT)).toBe('20:05');
    expect(athens.dateTime(AT)).toBe('27 Nov 2026, 20:05');
    expect(athens.zoneName(AT)).toMatch(/^(EET|GMT\+2)$/);
    // A summer moment: the zone's daylight time.
    expect(athens.time(Date.UTC(2026, 6, 1, 12))).toBe('15:00');
  });

  it('keep a server day (a UTC day) the same day in any zone', () => {
    expect(formatsFor('en', 'America/Los_Angeles').day('2026-11-28')).toBe('28 Nov 2026');
    expect(formatsFor('en', 'Pacific/Kiritimati').day('2026-11-28')).toBe('28 Nov 2026');
  });

  it('group moments by the hours, days and months of the zone', () => {
    const athens = formatsFor('en', 'Europe/Athens');
    // 21:30 and 22:10 UTC are 23:30 and 00:10 in Athens: two days there, one in UTC.
    const [late, next] = [Date.UTC(2026, 10, 27, 21, 30), Date.UTC(2026, 10, 27, 22, 10)];
    expect(athens.calendarKey(late, 'day')).not.toBe(athens.calendarKey(next, 'day'));
    expect(formatsFor('en').calendarKey(late, 'day')).toBe(formatsFor('en').calendarKey(next, 'day'));
    expect(athens.calendarKey(late, 'month')).toBe(athens.calendarKey(next, 'month'));
  });

  it('fall back to UTC for a zone the browser does not know, and to English for an unknown language', () => {
    expect(formatsFor('en', 'Mars/Olympus').timeZone).toBe('UTC');
    expect(formatsFor('xx').language).toBe('en');
  });

  it('write the opening date on its own wall clock, English with a comma after the weekday', () => {
    const wall = new Date(Date.UTC(2027, 2, 1, 18));
    expect(formatsFor('en', 'Asia/Tokyo').wallDay(wall, 'full')).toBe('Monday, 1 March 2027');
    expect(formatsFor('en').wallDay(wall, 'short')).toBe('1 Mar 2027');
  });

  it('write a currency Intl does not know after the plain number', () => {
    expect(formatsFor('en').money(1250, 'XXXX')).toBe('12.50 XXXX');
  });
});
