import { describe, expect, it } from 'vitest';
import { mailSettings } from './settings-schema';
import { nextAttemptAt, retryDelayMs } from './mail-worker';

const HOUR = 3_600_000;
const defaults = mailSettings.parse({});

/** Every try of a mail whose SMTP server never answers, on a clock that jumps to each retry. */
const triesUntilFailed = (settings: typeof defaults, firstTry: number) => {
  const tries = [firstTry];
  for (;;) {
    const now = tries.at(-1) as number;
    const next = nextAttemptAt({ failedAttempts: tries.length, firstAttemptAt: firstTry, now }, settings);
    if (next === undefined) return tries;
    tries.push(next);
  }
};

describe('mail retry schedule', () => {
  it('doubles the wait after each failed try, up to retryMaxSeconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 30, 500].map((attempt) => retryDelayMs(attempt, defaults) / 1000)).toEqual([
      60, 120, 240, 480, 960, 1800, 1800, 1800, 1800,
    ]);
  });

  it('keeps trying for 24 hours from the first try by default, then gives up', () => {
    expect({ base: defaults.retryBaseSeconds, max: defaults.retryMaxSeconds, hours: defaults.retryForHours }).toEqual({
      base: 60,
      max: 1800,
      hours: 24,
    });
    const firstTry = Date.UTC(2027, 2, 1, 18, 0);
    const tries = triesUntilFailed(defaults, firstTry);
    const gaps = tries.slice(1).map((at, index) => at - (tries[index] as number));
    // Never more than the cap between two tries, and the last one at the end of the window.
    expect(Math.max(...gaps)).toBe(1_800_000);
    expect(gaps.every((gap) => gap > 0)).toBe(true);
    expect(tries.at(-1)).toBe(firstTry + 24 * HOUR);
    // An outage of the first 23.5 hours still lets the mail out.
    expect(tries.some((at) => at >= firstTry + 23.5 * HOUR)).toBe(true);
  });

  it('follows the owner’s window and cap', () => {
    const settings = { ...defaults, retryBaseSeconds: 10, retryMaxSeconds: 600, retryForHours: 2 };
    const tries = triesUntilFailed(settings, 0);
    expect(tries.at(-1)).toBe(2 * HOUR);
    expect(Math.max(...tries.slice(1).map((at, index) => at - (tries[index] as number)))).toBe(600_000);
    expect(triesUntilFailed({ ...defaults, retryForHours: 0 }, 0)).toEqual([0]);
  });

  it('gives up a mail whose window ended while it waited, and never schedules past the window', () => {
    const firstAttemptAt = 1_000;
    expect(nextAttemptAt({ failedAttempts: 3, firstAttemptAt, now: firstAttemptAt + 25 * HOUR }, defaults)).toBe(
      undefined,
    );
    expect(
      nextAttemptAt({ failedAttempts: 40, firstAttemptAt, now: firstAttemptAt + 24 * HOUR - 60_000 }, defaults),
    ).toBe(firstAttemptAt + 24 * HOUR);
  });
});
