import { describe, expect, it, vi } from 'vitest';
import { adoptWrittenTexts, writtenTextsIn } from '../../shared/written-texts';
import { formatOpeningDate } from './opening-date';

const date = { dayStr: 'Monday', dayNum: 1, month: 3, year: 2027, hour: 18, gmt: 2, timestamp: 1803916800000 };

describe('the opening date', () => {
  it('reads weekday, day, month, year, hour:00 GMT +offset in English', () => {
    expect(formatOpeningDate(date, 'en', 'N/A')).toBe('Monday, 1 March 2027, 18:00 GMT +2');
    expect(formatOpeningDate({ ...date, hour: 9, gmt: -5 }, 'en', 'N/A')).toBe('Monday, 1 March 2027, 09:00 GMT -5');
  });

  it('is written the way each language writes a full date', () => {
    // ICU versions differ in spaces (a no-break space before «г.») and in a comma after the
    // Greek weekday; the words and their order are each language's own.
    const written = (language: 'ru' | 'gr' | 'es' | 'br' | 'lt') =>
      formatOpeningDate(date, language, 'N/A').replace(/\s/g, ' ');
    expect(written('ru')).toMatch(/^понедельник, 1 марта 2027 ?г\., 18:00 GMT \+2$/);
    expect(written('gr')).toMatch(/^Δευτέρα,? 1 Μαρτίου 2027, 18:00 GMT \+2$/);
    expect(written('es')).toBe('lunes, 1 de marzo de 2027, 18:00 GMT +2');
    expect(written('br')).toBe('segunda-feira, 1 de março de 2027, 18:00 GMT +2');
    expect(written('lt')).toBe('2027 m. kovo 1 d., pirmadienis, 18:00 GMT +2');
  });

  it('is N/A without a date', () => {
    expect(formatOpeningDate(null, 'lt', 'N/A')).toBe('N/A');
  });

  it('hands the dates it wrote to the page, which adopts them without formatting again', () => {
    const text = formatOpeningDate({ ...date, year: 2031 }, 'es', 'N/A');
    const written = writtenTextsIn('es');
    expect(Object.values(written)).toContain(text);
    expect(Object.values(writtenTextsIn('lt'))).not.toContain(text);
    const key = Object.keys(written).find((k) => written[k] === text) ?? '';
    adoptWrittenTexts({ [key]: 'el texto del servidor' });
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatOpeningDate({ ...date, year: 2031 }, 'es', 'N/A')).toBe('el texto del servidor');
      expect(intl).not.toHaveBeenCalled();
    } finally {
      intl.mockRestore();
    }
  });
});
