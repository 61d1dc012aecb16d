import type { OnlineSeries } from '@gatekeeper/contract/lite';
import type { Formats } from '../../shared/formats';

export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

export interface SummaryRow {
  /** Unix seconds of the group's start. */
  at: number;
  players: number;
  traders: number;
  /** The most online (players and traders) in one point of the group. */
  most: number;
}

/** How the table groups a period's points: a day by hours, a week and a month by days, a year by months. */
const GROUPS: Record<Period, 'hour' | 'day' | 'month'> = { day: 'hour', week: 'day', month: 'day', year: 'month' };
/** The chart's points as a short table for screen readers and for anyone who prefers numbers. */
export const summarize = (period: Period, series: OnlineSeries, format: Formats): SummaryRow[] => {
  const groups = new Map<string, { at: number; players: number[]; traders: number[]; most: number }>();
  series.times.forEach((at, index) => {
    const players = series.players[index];
    if (players === null || players === undefined) return;
    const traders = series.traders[index] ?? 0;
    const key = format.calendarKey(at * 1000, GROUPS[period]);
    const group = groups.get(key) ?? { at, players: [], traders: [], most: 0 };
    group.players.push(players);
    group.traders.push(traders);
    group.most = Math.max(group.most, players + traders);
    groups.set(key, group);
  });
  const average = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  return [...groups.values()].map((group) => ({
    at: group.at,
    players: average(group.players),
    traders: average(group.traders),
    most: Math.round(group.most),
  }));
};

/** A table row's time in the site's zone: the hour of a day, the day of a week or month, the month of a year. */
export const formatTime = (format: Formats, period: Period, seconds: number): string =>
  period === 'day'
    ? format.time(seconds * 1000)
    : period === 'year'
      ? format.monthYear(seconds * 1000)
      : format.dayMonth(seconds * 1000);

export const formatMoment = (format: Formats, seconds: number): string => format.dateTime(seconds * 1000);

const DAY_SECONDS = 86_400;

/**
 * A chart axis label in the page's language: the hour when the ticks are hours apart, the day
 * when days apart, the month beyond four weeks (uPlot's own labels are American English).
 */
export const formatTick = (format: Formats, seconds: number, stepSeconds: number): string =>
  stepSeconds < DAY_SECONDS
    ? format.time(seconds * 1000)
    : stepSeconds < 28 * DAY_SECONDS
      ? format.dayMonth(seconds * 1000)
      : format.monthYear(seconds * 1000, 'short');
