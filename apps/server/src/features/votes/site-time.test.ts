import { describe, expect, it } from 'vitest';
import { siteTime, wallClock } from './site-checks';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe("a vote site's time without a zone, read in the site's zone", () => {
  it('reads summer and winter times with their own offsets', () => {
    expect(iso(siteTime('2026-07-01 12:00:00', 'Europe/Athens'))).toBe('2026-07-01T09:00:00.000Z');
    expect(iso(siteTime('2026-01-15 12:00', 'Europe/Athens'))).toBe('2026-01-15T10:00:00.000Z');
    expect(iso(siteTime('2026-07-01T12:00:00', 'UTC'))).toBe('2026-07-01T12:00:00.000Z');
  });

  it('follows the DST change: the hour before and after the spring change, and the skipped hour', () => {
    // Europe/Athens: on 29 March 2026 clocks go from 03:00 (UTC+2) to 04:00 (UTC+3).
    expect(iso(siteTime('2026-03-29 02:59:59', 'Europe/Athens'))).toBe('2026-03-29T00:59:59.000Z');
    expect(iso(siteTime('2026-03-29 04:00:00', 'Europe/Athens'))).toBe('2026-03-29T01:00:00.000Z');
    // 03:30 never happens there: read as 04:30, the same instant.
    expect(siteTime('2026-03-29 03:30:00', 'Europe/Athens')).toBe(siteTime('2026-03-29 04:30:00', 'Europe/Athens'));
  });

  it('reads the repeated hour of the autumn change as its later occurrence, and round-trips wallClock', () => {
    // Europe/Athens: on 25 October 2026 clocks go from 04:00 (UTC+3) back to 03:00 (UTC+2).
    expect(iso(siteTime('2026-10-25 03:30:00', 'Europe/Athens'))).toBe('2026-10-25T01:30:00.000Z');
    expect(iso(siteTime('2026-10-25 02:30:00', 'Europe/Athens'))).toBe('2026-10-24T23:30:00.000Z');
    const instant = Date.UTC(2026, 9, 25, 1, 30);
    expect(siteTime(wallClock(instant, 'Europe/Athens'), 'Europe/Athens')).toBe(instant);
    expect(wallClock(instant, 'America/New_York')).toBe('2026-10-24 21:30:00');
  });

  it('takes unix times as they are, and refuses what is not a time', () => {
    expect(siteTime(1_790_000_000, 'Europe/Athens')).toBe(1_790_000_000_000);
    expect(siteTime('1790000000000', 'Europe/Athens')).toBe(1_790_000_000_000);
    expect(siteTime('yesterday', 'Europe/Athens')).toBeUndefined();
    expect(siteTime(undefined, 'Europe/Athens')).toBeUndefined();
  });
});
