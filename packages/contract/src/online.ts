import { z } from 'zod';

/**
 * Online over time and who is online (docs/product.md#online). The periods a chart shows, each
 * with the step of its points: a day of minutes, a week and a month of hours, a year of days.
 */
export const ONLINE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type OnlinePeriod = (typeof ONLINE_PERIODS)[number];
export const ONLINE_PERIOD_STEP_SECONDS: Readonly<Record<OnlinePeriod, number>> = Object.freeze({
  day: 60,
  week: 3_600,
  month: 3_600,
  year: 86_400,
});
export const ONLINE_PERIOD_SECONDS: Readonly<Record<OnlinePeriod, number>> = Object.freeze({
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
});

const count = z.number().min(0);
/** A percentage of the probes that found the server open, or null when none was recorded. */
const uptime = z.number().min(0).max(100).nullable();

/**
 * One period's points, column by column: `times` in Unix seconds (the start of each step);
 * `players` and `traders` the average online in the step (null where nothing was sampled).
 */
export const onlineSeries = z.object({
  stepSeconds: z.number().int().positive(),
  times: z.array(z.number().int()),
  players: z.array(count.nullable()),
  traders: z.array(count.nullable()),
  /** The most players and offline traders online together in one minute of the period. */
  peak: z.object({ online: z.number().int().min(0), at: z.number().int() }).nullable(),
  loginUptime: uptime,
  gameUptime: uptime,
});
export type OnlineSeries = z.infer<typeof onlineSeries>;

export const onlineHistory = z.object({
  day: onlineSeries,
  week: onlineSeries,
  month: onlineSeries,
  year: onlineSeries,
});
export type OnlineHistory = z.infer<typeof onlineHistory>;

export const onlinePlayer = z.object({
  name: z.string(),
  classId: z.number().int(),
  level: z.number().int(),
  clan: z.string(),
});
export type OnlinePlayer = z.infer<typeof onlinePlayer>;

/**
 * Who is online: `listed` with the players, `off` when the owner does not list them (the
 * default), `siege` while a siege is in progress and the owner hides the list then.
 */
export const onlinePlayers = z.object({
  state: z.enum(['listed', 'off', 'siege']),
  players: z.array(onlinePlayer),
});
export type OnlinePlayers = z.infer<typeof onlinePlayers>;
