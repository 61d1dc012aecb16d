import { describe, expect, it } from 'vitest';
import { formatOpeningDate } from './opening-date';

const date = { dayStr: 'Monday', dayNum: 1, month: 3, year: 2027, hour: 18, gmt: 2, timestamp: 1803916800000 };

describe('the opening date', () => {
  it('is written as weekday, day, month, year, hour:00 GMT +offset in the language', () => {
    expect(formatOpeningDate(date, 'en', 'N/A')).toBe('Monday, March 1, 2027, 18:00 GMT +2');
    expect(formatOpeningDate(date, 'ru', 'N/A')).toMatch(/^понедельник, 1 марта 2027\s?г\., 18:00 GMT \+2$/);
    expect(formatOpeningDate(date, 'es', 'N/A')).toContain('lunes');
    expect(formatOpeningDate({ ...date, hour: 9, gmt: -5 }, 'en', 'N/A')).toBe('Monday, March 1, 2027, 09:00 GMT -5');
  });

  it('is N/A without a date', () => {
    expect(formatOpeningDate(null, 'lt', 'N/A')).toBe('N/A');
  });
});
