/**
 * One minute's sample of who was online (features/online): players, offline traders and GMs apart
 * (null when the game database did not answer), and whether the login and game servers' probes
 * found them open (1) or not (0). `minute` is Unix time / 60 000: one row per minute, whichever
 * instance wrote it.
 */
export interface SiteOnlineMinutesTable {
  minute: number;
  players: number | null;
  traders: number | null;
  gms: number | null;
  login_up: number;
  game_up: number;
}

/** An hour rolled up from its minutes: averages, the peak (players and traders together) and the probes' counts. */
export interface SiteOnlineHoursTable {
  hour: number;
  samples: number;
  counted: number;
  players_avg: number;
  traders_avg: number;
  gms_avg: number;
  peak: number;
  peak_minute: number;
  login_up: number;
  game_up: number;
}

/** The online feature's site tables (migrations.ts): only this feature names them. */
export type OnlineTables = {
  site_online_minutes: SiteOnlineMinutesTable;
  site_online_hours: SiteOnlineHoursTable;
};
