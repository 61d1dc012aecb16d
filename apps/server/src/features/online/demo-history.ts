import type { Insertable, Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { SiteOnlineHoursTable, SiteOnlineMinutesTable } from './tables';
import { MINUTE_MS, OnlineHistoryRepository } from './online-history';

const DAY_MINUTES = 24 * 60;
/** Minutes the demo samples before its first run: a little more than a week, so every period has points. */
const DEMO_MINUTES = 8 * DAY_MINUTES;

/** The demo's players at a minute: busy evenings, quiet nights, fuller weekends, a slow rise over the year. */
const demoCurve = (minute: number): number => {
  const dayPart = (minute % DAY_MINUTES) / DAY_MINUTES;
  const evening = Math.max(0, Math.sin((dayPart - 0.3) * Math.PI * 1.6));
  const weekday = Math.floor(minute / DAY_MINUTES) % 7;
  const weekend = weekday === 2 || weekday === 3 ? 1.25 : 1;
  const wobble = Math.round(4 * Math.sin(minute / 23));
  return Math.max(0, Math.round((40 + 160 * evening) * weekend + wobble));
};

/**
 * The demo world's online history (embedded database, first run only), so that `npm start` shows
 * the Online page's chart filled: eight days of minutes (the game server down for half an hour
 * three days ago) rolled up into hours, and a year of hours before them. With `online`, the demo
 * world's characters online now, the curve is scaled to end at that number, so that the sampler's
 * first minute (and the header's count) goes on from where the history stops.
 */
export const seedDemoOnlineHistory = async (
  site: Kysely<SiteDatabase>,
  now = Date.now(),
  online?: { players: number },
): Promise<void> => {
  const nowMinute = Math.floor(now / MINUTE_MS);
  const scale = online ? online.players / demoCurve(nowMinute - 1) : 1;
  const demoPlayers = (minute: number) => Math.round(demoCurve(minute) * scale);
  const outage = nowMinute - 3 * DAY_MINUTES;
  const minutes: Insertable<SiteOnlineMinutesTable>[] = [];
  for (let minute = nowMinute - DEMO_MINUTES; minute < nowMinute; minute += 1) {
    const players = demoPlayers(minute);
    const down = minute >= outage && minute < outage + 30;
    minutes.push({
      minute,
      players: down ? 0 : players,
      traders: down ? 0 : Math.round(players * 0.15),
      gms: 1,
      login_up: 1,
      game_up: down ? 0 : 1,
    });
  }
  const firstHour = Math.floor((nowMinute - DEMO_MINUTES) / 60);
  const hours: Insertable<SiteOnlineHoursTable>[] = [];
  for (let hour = firstHour - 357 * 24; hour < firstHour; hour += 1) {
    const growth = 0.5 + (0.5 * (hour - (firstHour - 357 * 24))) / (357 * 24);
    const players = Math.round(demoPlayers(hour * 60 + 30) * growth);
    hours.push({
      hour,
      samples: 60,
      counted: 60,
      players_avg: players,
      traders_avg: Math.round(players * 0.15),
      gms_avg: 1,
      peak: Math.round(players * 1.3),
      peak_minute: hour * 60 + 17,
      login_up: 60,
      game_up: 60,
    });
  }
  for (let start = 0; start < minutes.length; start += 500) {
    await site
      .insertInto('site_online_minutes')
      .values(minutes.slice(start, start + 500))
      .execute();
  }
  for (let start = 0; start < hours.length; start += 500) {
    await site
      .insertInto('site_online_hours')
      .values(hours.slice(start, start + 500))
      .execute();
  }
  await new OnlineHistoryRepository(site).rollUp(nowMinute);
};
