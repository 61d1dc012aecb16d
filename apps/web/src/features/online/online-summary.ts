import type { Language, OnlineSeries } from '@gatekeeper/contract/lite';
import { DATE_LOCALES } from '../../shared/formats';

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
const groupKey = (period: Period, seconds: number): string => {
  const date = new Date(seconds * 1000);
  if (period === 'day') return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}-${date.getHours()}`;
  if (period === 'year') return `${date.getFullYear()}-${date.getMonth()}`;
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
};

/** The chart's points as a short table for screen readers and for anyone who prefers numbers. */
export const summarize = (period: Period, series: OnlineSeries): SummaryRow[] => {
  const groups = new Map<string, { at: number; players: number[]; traders: number[]; most: number }>();
  series.times.forEach((at, index) => {
    const players = series.players[index];
    if (players === null || players === undefined) return;
    const traders = series.traders[index] ?? 0;
    const key = groupKey(period, at);
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

export const formatTime = (language: Language, period: Period, seconds: number): string =>
  new Intl.DateTimeFormat(
    DATE_LOCALES[language],
    period === 'day'
      ? { hour: '2-digit', minute: '2-digit' }
      : period === 'year'
        ? { month: 'long', year: 'numeric' }
        : { day: 'numeric', month: 'short' },
  ).format(new Date(seconds * 1000));

export const formatMoment = (language: Language, seconds: number): string =>
  new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(seconds * 1000),
  );

const DAY_SECONDS = 86_400;

/**
 * A chart axis label in the page's language: the hour when the ticks are hours apart, the day
 * when days apart, the month beyond four weeks (uPlot's own labels are American English).
 */
export const formatTick = (language: Language, seconds: number, stepSeconds: number): string =>
  new Intl.DateTimeFormat(
    DATE_LOCALES[language],
    stepSeconds < DAY_SECONDS
      ? { hour: '2-digit', minute: '2-digit' }
      : stepSeconds < 28 * DAY_SECONDS
        ? { day: 'numeric', month: 'short' }
        : { month: 'short', year: 'numeric' },
  ).format(new Date(seconds * 1000));
