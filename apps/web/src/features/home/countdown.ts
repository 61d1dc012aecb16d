import { COUNTDOWN } from '@gatekeeper/contract/lite';

/**
 * The countdown's time arithmetic, apart from any clock or drawing so it can be tested with a
 * fake clock: what is left until the opening, and how full each ring is.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RingName = keyof typeof COUNTDOWN.ringsMax;
export const RING_NAMES = Object.keys(COUNTDOWN.ringsMax) as RingName[];

export interface Remaining {
  /** Milliseconds left, never negative. */
  totalMs: number;
  /** Whole days left (may exceed the days ring's 365). */
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Hundredths of a second (the ring counts to 100). */
  hundredths: number;
}

export const remainingUntil = (openingMs: number, nowMs: number): Remaining => {
  const totalMs = Math.max(0, Math.floor(openingMs - nowMs));
  return {
    totalMs,
    days: Math.floor(totalMs / DAY),
    hours: Math.floor((totalMs % DAY) / HOUR),
    minutes: Math.floor((totalMs % HOUR) / MINUTE),
    seconds: Math.floor((totalMs % MINUTE) / SECOND),
    hundredths: Math.floor((totalMs % SECOND) / 10),
  };
};

export const hasOpened = (remaining: Remaining): boolean => remaining.totalMs === 0;

/** How full a ring is, 0 to 1: days are capped at the ring's 365. */
export const ringFraction = (remaining: Remaining, ring: RingName): number =>
  Math.min(remaining[ring], COUNTDOWN.ringsMax[ring]) / COUNTDOWN.ringsMax[ring];

/** The number under a ring: two digits, days as many as they are. */
export const ringLabel = (remaining: Remaining, ring: RingName): string => String(remaining[ring]).padStart(2, '0');
