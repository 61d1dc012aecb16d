import { z } from 'zod';

/**
 * The Olympiad page's answer (docs/product.md#olympiad): the current period's standings per class,
 * when the period ends, and the heroes the last period chose.
 */

/** At most this many nobles of each class are listed, best first (the answer stays small enough to pre-render). */
export const OLYMPIAD_NOBLES_PER_CLASS = 25;

/** The period the game is in: `competition` (matches are fought) or `validation` (heroes are being chosen). */
export const OLYMPIAD_STATES = ['competition', 'validation'] as const;
export type OlympiadState = (typeof OLYMPIAD_STATES)[number];

const count = z.number().int().min(0);

/** A noble's standing in the current period: points, matches fought, won and lost (a draw is neither). */
export const olympiadNoble = z.object({
  name: z.string(),
  clan: z.string(),
  points: z.number().int(),
  matches: count,
  wins: count,
  losses: count,
});
export type OlympiadNoble = z.infer<typeof olympiadNoble>;

/** One class's nobles, best first; `classId` as the game stores it, `className` its English name. */
export const olympiadClass = z.object({
  classId: count,
  className: z.string(),
  nobles: z.array(olympiadNoble),
});
export type OlympiadClass = z.infer<typeof olympiadClass>;

/** A hero of the last period: name, class, clan, and how many times this character has been hero. */
export const olympiadHero = z.object({
  name: z.string(),
  classId: count,
  className: z.string(),
  clan: z.string(),
  times: count,
});
export type OlympiadHero = z.infer<typeof olympiadHero>;

/**
 * The period: its number (`cycle`), its state and `endsAt` (epoch ms): in `competition` the end of
 * the period, in `validation` the start of the next one. Null when the game keeps no period the
 * site can read (docs/game/olympiad.md).
 */
export const olympiadPeriod = z.object({
  cycle: count,
  state: z.enum(OLYMPIAD_STATES),
  endsAt: z.number().int().positive().nullable(),
});
export type OlympiadPeriod = z.infer<typeof olympiadPeriod>;

export const olympiadAnswer = z.object({
  period: olympiadPeriod.nullable(),
  classes: z.array(olympiadClass),
  heroes: z.array(olympiadHero),
});
export type OlympiadAnswer = z.infer<typeof olympiadAnswer>;

/** The answer before the first read, or on a game database without the Olympiad's tables. */
export const EMPTY_OLYMPIAD: OlympiadAnswer = Object.freeze({ period: null, classes: [], heroes: [] });
