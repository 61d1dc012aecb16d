import { describe, expect, it } from 'vitest';
import { hasOpened, remainingUntil, ringFraction, ringLabel } from './countdown';

const OPENING = Date.UTC(2027, 2, 1, 16, 0, 0); // 2027-03-01 18:00 GMT +2
const DAY = 86_400_000;

/** A clock the test moves by hand. */
const fakeClock = (start: number) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('the countdown', () => {
  it('splits what is left into days, hours, minutes, seconds and hundredths', () => {
    const left = 98 * DAY + 4 * 3_600_000 + 12 * 60_000 + 7_000 + 456;
    expect(remainingUntil(OPENING, OPENING - left)).toEqual({
      totalMs: left,
      days: 98,
      hours: 4,
      minutes: 12,
      seconds: 7,
      hundredths: 45,
    });
  });

  it('counts down with the clock, tick by tick', () => {
    const clock = fakeClock(OPENING - 2_000);
    expect(remainingUntil(OPENING, clock.now())).toMatchObject({ seconds: 2, hundredths: 0 });
    clock.advance(11);
    expect(remainingUntil(OPENING, clock.now())).toMatchObject({ seconds: 1, hundredths: 98 });
    clock.advance(989);
    expect(remainingUntil(OPENING, clock.now())).toMatchObject({ seconds: 1, hundredths: 0 });
  });

  it('is never negative and stops at zero at the opening time and after', () => {
    const clock = fakeClock(OPENING - 5);
    expect(hasOpened(remainingUntil(OPENING, clock.now()))).toBe(false);
    clock.advance(5);
    const atOpening = remainingUntil(OPENING, clock.now());
    expect(atOpening).toEqual({ totalMs: 0, days: 0, hours: 0, minutes: 0, seconds: 0, hundredths: 0 });
    expect(hasOpened(atOpening)).toBe(true);
    clock.advance(30 * DAY);
    expect(remainingUntil(OPENING, clock.now())).toEqual(atOpening);
  });

  it('fills each ring by its own maximum and caps the days ring at 365', () => {
    const remaining = remainingUntil(OPENING, OPENING - (400 * DAY + 12 * 3_600_000 + 30 * 60_000 + 15_000 + 500));
    expect(remaining.days).toBe(400);
    expect(ringFraction(remaining, 'days')).toBe(1);
    expect(ringFraction(remaining, 'hours')).toBe(0.5);
    expect(ringFraction(remaining, 'minutes')).toBe(0.5);
    expect(ringFraction(remaining, 'seconds')).toBe(0.25);
    expect(ringFraction(remaining, 'hundredths')).toBe(0.5);
    expect(ringFraction(remainingUntil(OPENING, OPENING - 73 * DAY), 'days')).toBeCloseTo(0.2);
    expect(ringFraction(remainingUntil(OPENING, OPENING + DAY), 'days')).toBe(0);
  });

  it('writes two digits under each ring, days in full', () => {
    const remaining = remainingUntil(OPENING, OPENING - (400 * DAY + 3_600_000 + 5));
    expect(ringLabel(remaining, 'days')).toBe('400');
    expect(ringLabel(remaining, 'hours')).toBe('01');
    expect(ringLabel(remaining, 'hundredths')).toBe('00');
  });
});
