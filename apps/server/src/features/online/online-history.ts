import {
  ONLINE_PERIOD_SECONDS,
  ONLINE_PERIOD_STEP_SECONDS,
  ONLINE_PERIODS,
  type OnlineHistory,
  type OnlinePeriod,
  type OnlineSeries,
} from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { SiteOnlineHoursTable, SiteOnlineMinutesTable } from './tables';
import type { OnlineCounts } from '../../game/online';

export const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;
/** Minutes are kept 30 days, hours a year (docs/product.md#online). */
export const KEEP_MINUTES = 30 * HOURS_PER_DAY * MINUTES_PER_HOUR;
export const KEEP_HOURS = 365 * HOURS_PER_DAY;

export interface OnlineSample {
  minute: number;
  counts: OnlineCounts | null;
  loginUp: boolean;
  gameUp: boolean;
}

type MinuteRow = SiteOnlineMinutesTable;
type HourRow = SiteOnlineHoursTable;

const total = (row: Pick<MinuteRow, 'players' | 'traders'>) => Number(row.players ?? 0) + Number(row.traders ?? 0);

/** An hour's row from its minutes' rows (all of the same hour). */
export const rollUpHour = (hour: number, minutes: MinuteRow[]): HourRow => {
  const counted = minutes.filter((row) => row.players !== null);
  const average = (pick: (row: MinuteRow) => number) =>
    counted.length === 0 ? 0 : counted.reduce((sum, row) => sum + pick(row), 0) / counted.length;
  let peakRow: MinuteRow | undefined;
  for (const row of counted) if (!peakRow || total(row) > total(peakRow)) peakRow = row;
  return {
    hour,
    samples: minutes.length,
    counted: counted.length,
    players_avg: average((row) => Number(row.players)),
    traders_avg: average((row) => Number(row.traders ?? 0)),
    gms_avg: average((row) => Number(row.gms ?? 0)),
    peak: peakRow ? total(peakRow) : 0,
    peak_minute: peakRow ? Number(peakRow.minute) : hour * MINUTES_PER_HOUR,
    login_up: minutes.filter((row) => Number(row.login_up) === 1).length,
    game_up: minutes.filter((row) => Number(row.game_up) === 1).length,
  };
};

const numericMinute = (row: MinuteRow): MinuteRow => ({
  minute: Number(row.minute),
  players: row.players === null ? null : Number(row.players),
  traders: row.traders === null ? null : Number(row.traders),
  gms: row.gms === null ? null : Number(row.gms),
  login_up: Number(row.login_up),
  game_up: Number(row.game_up),
});

const numericHour = (row: HourRow): HourRow =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as HourRow;

/** The site database's record of who was online: samples, the hourly roll-up, pruning and the chart's series. */
export class OnlineHistoryRepository {
  constructor(private readonly db: Kysely<SiteDatabase>) {}

  /** Each UTC day's peak of players online (traders included) since `since`, from the rolled-up hours. */
  async dailyPeaks(since: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('site_online_hours')
      .select(['hour', 'peak'])
      .where('hour', '>=', Math.floor(since / (MINUTES_PER_HOUR * MINUTE_MS)))
      .execute();
    const peaks = new Map<string, number>();
    for (const row of rows) {
      const day = new Date(Number(row.hour) * MINUTES_PER_HOUR * MINUTE_MS).toISOString().slice(0, 10);
      peaks.set(day, Math.max(peaks.get(day) ?? 0, Number(row.peak)));
    }
    return peaks;
  }

  /** Writes a minute's sample; false when that minute already has one (another instance wrote it). */
  async record(sample: OnlineSample): Promise<boolean> {
    const result = await this.db
      .insertInto('site_online_minutes')
      .values({
        minute: sample.minute,
        players: sample.counts?.players ?? null,
        traders: sample.counts?.traders ?? null,
        gms: sample.counts?.gms ?? null,
        login_up: sample.loginUp ? 1 : 0,
        game_up: sample.gameUp ? 1 : 0,
      })
      .ignore()
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /**
   * Rolls every finished hour (before the one of `nowMinute`) that has minutes and no hour row yet
   * into site_online_hours. Idempotent: an hour already rolled up is left as it is.
   */
  async rollUp(nowMinute: number): Promise<number> {
    const currentHour = Math.floor(nowMinute / MINUTES_PER_HOUR);
    const last = await this.db
      .selectFrom('site_online_hours')
      .select((eb) => eb.fn.max('hour').as('hour'))
      .executeTakeFirst();
    const fromHour = last?.hour === null || last?.hour === undefined ? 0 : Number(last.hour) + 1;
    const rows = (
      await this.db
        .selectFrom('site_online_minutes')
        .selectAll()
        .where('minute', '>=', fromHour * MINUTES_PER_HOUR)
        .where('minute', '<', currentHour * MINUTES_PER_HOUR)
        .orderBy('minute')
        .execute()
    ).map(numericMinute);
    const byHour = new Map<number, MinuteRow[]>();
    for (const row of rows) {
      const hour = Math.floor(row.minute / MINUTES_PER_HOUR);
      byHour.set(hour, [...(byHour.get(hour) ?? []), row]);
    }
    const hours = [...byHour].map(([hour, minutes]) => rollUpHour(hour, minutes));
    for (let start = 0; start < hours.length; start += 500) {
      await this.db
        .insertInto('site_online_hours')
        .values(hours.slice(start, start + 500))
        .ignore()
        .execute();
    }
    return hours.length;
  }

  /** Deletes minutes older than 30 days and hours older than a year. */
  async prune(nowMinute: number): Promise<void> {
    await this.db
      .deleteFrom('site_online_minutes')
      .where('minute', '<', nowMinute - KEEP_MINUTES)
      .execute();
    const nowHour = Math.floor(nowMinute / MINUTES_PER_HOUR);
    await this.db
      .deleteFrom('site_online_hours')
      .where('hour', '<', nowHour - KEEP_HOURS)
      .execute();
  }

  /** The four periods' series as of `nowMs`: a day of minutes, a week and a month of hours, a year of days. */
  /**
   * The players of the latest minute sampled with the game server up, when that minute is one of
   * the last two (the sampler writes one a minute); null otherwise. The status lights' count.
   */
  async latestPlayers(nowMs: number): Promise<number | null> {
    const nowMinute = Math.floor(nowMs / MINUTE_MS);
    const row = await this.db
      .selectFrom('site_online_minutes')
      .select(['players', 'game_up'])
      .where('minute', '>=', nowMinute - 2)
      .where('minute', '<=', nowMinute)
      .orderBy('minute', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || Number(row.game_up) !== 1 || row.players === null) return null;
    return Number(row.players);
  }

  async history(nowMs: number): Promise<OnlineHistory> {
    const nowMinute = Math.floor(nowMs / MINUTE_MS);
    const nowHour = Math.floor(nowMinute / MINUTES_PER_HOUR);
    const minutes = (
      await this.db
        .selectFrom('site_online_minutes')
        .selectAll()
        .where('minute', '>', nowMinute - ONLINE_PERIOD_SECONDS.day / 60)
        .where('minute', '<=', nowMinute)
        .orderBy('minute')
        .execute()
    ).map(numericMinute);
    const storedHours = (
      await this.db
        .selectFrom('site_online_hours')
        .selectAll()
        .where('hour', '>', nowHour - ONLINE_PERIOD_SECONDS.year / 3600)
        .orderBy('hour')
        .execute()
    ).map(numericHour);
    // The hour under way is not rolled up yet: it is made from its minutes so far.
    const currentMinutes = minutes.filter((row) => Math.floor(row.minute / MINUTES_PER_HOUR) === nowHour);
    const hours = storedHours.filter((row) => row.hour < nowHour);
    if (currentMinutes.length > 0) hours.push(rollUpHour(nowHour, currentMinutes));

    const series = {} as Record<OnlinePeriod, OnlineSeries>;
    for (const period of ONLINE_PERIODS) {
      series[period] =
        period === 'day'
          ? minuteSeries(minutes)
          : hourSeries(
              hours.filter((row) => row.hour > nowHour - ONLINE_PERIOD_SECONDS[period] / 3600),
              period,
            );
    }
    return series;
  }
}

const percent = (up: number, samples: number) => (samples === 0 ? null : Math.round((up / samples) * 10_000) / 100);
const round = (value: number) => Math.round(value * 100) / 100;

const minuteSeries = (minutes: MinuteRow[]): OnlineSeries => {
  const counted = minutes.filter((row) => row.players !== null);
  let peak: OnlineSeries['peak'] = null;
  for (const row of counted) if (!peak || total(row) > peak.online) peak = { online: total(row), at: row.minute * 60 };
  return {
    stepSeconds: ONLINE_PERIOD_STEP_SECONDS.day,
    times: minutes.map((row) => row.minute * 60),
    players: minutes.map((row) => row.players),
    traders: minutes.map((row) => (row.players === null ? null : Number(row.traders ?? 0))),
    peak,
    loginUptime: percent(minutes.filter((row) => row.login_up === 1).length, minutes.length),
    gameUptime: percent(minutes.filter((row) => row.game_up === 1).length, minutes.length),
  };
};

/** Hours as they are (week, month) or merged by day (year), weighted by the minutes each counted. */
const hourSeries = (hours: HourRow[], period: OnlinePeriod): OnlineSeries => {
  const stepHours = ONLINE_PERIOD_STEP_SECONDS[period] / 3600;
  const groups = new Map<number, HourRow[]>();
  for (const row of hours) {
    const step = Math.floor(row.hour / stepHours);
    groups.set(step, [...(groups.get(step) ?? []), row]);
  }
  const times: number[] = [];
  const players: (number | null)[] = [];
  const traders: (number | null)[] = [];
  for (const [step, rows] of groups) {
    const counted = rows.reduce((sum, row) => sum + row.counted, 0);
    times.push(step * stepHours * 3600);
    players.push(
      counted === 0 ? null : round(rows.reduce((sum, row) => sum + row.players_avg * row.counted, 0) / counted),
    );
    traders.push(
      counted === 0 ? null : round(rows.reduce((sum, row) => sum + row.traders_avg * row.counted, 0) / counted),
    );
  }
  let peak: OnlineSeries['peak'] = null;
  for (const row of hours) {
    if (row.counted > 0 && (!peak || row.peak > peak.online)) peak = { online: row.peak, at: row.peak_minute * 60 };
  }
  const samples = hours.reduce((sum, row) => sum + row.samples, 0);
  return {
    stepSeconds: ONLINE_PERIOD_STEP_SECONDS[period],
    times,
    players,
    traders,
    peak,
    loginUptime: percent(
      hours.reduce((sum, row) => sum + row.login_up, 0),
      samples,
    ),
    gameUptime: percent(
      hours.reduce((sum, row) => sum + row.game_up, 0),
      samples,
    ),
  };
};
