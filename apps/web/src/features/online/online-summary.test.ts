import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../shared/formats';
import { formatTick as tickIn } from './online-summary';

const formatTick = (language: string, seconds: number, step: number) => tickIn(formatsFor(language), seconds, step);

/** 2026-11-26 18:30 UTC, a Thursday. */
const AT = Date.UTC(2026, 10, 26, 18, 30) / 1000;

describe("the chart's axis labels", () => {
  it('are hours in the 24-hour clock of each language when ticks are hours apart', () => {
    const hour = 3600;
    expect(formatTick('en', AT, hour)).toMatch(/^\d{2}:30$/);
    expect(formatTick('ru', AT, hour)).toMatch(/^\d{2}:30$/);
    expect(formatTick('en', AT, hour)).not.toMatch(/AM|PM/);
  });

  it("are days in the language's own words when ticks are days apart", () => {
    const day = 86_400;
    expect(formatTick('en', AT, day)).toBe('26 Nov');
    expect(formatTick('ru', AT, day)).toMatch(/^26 ноя/);
    expect(formatTick('br', AT, day)).toMatch(/^26 de nov/);
    expect(formatTick('lt', AT, day)).not.toMatch(/Nov/);
  });

  it('are months with the year when ticks are a month or more apart', () => {
    const month = 30 * 86_400;
    expect(formatTick('en', AT, month)).toBe('Nov 2026');
    expect(formatTick('es', AT, month)).toMatch(/nov.* 2026/);
  });
});
