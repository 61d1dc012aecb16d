import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

/**
 * One row per account the console banned (console-section.ts): what the game's access level was
 * before, so an unban restores it, and when a timed ban ends. The row goes when the ban is lifted.
 */
export interface SiteAccountBansTable {
  /** The game's login, lower case. */
  login: string;
  previous_level: number;
  reason: string;
  banned_by: string;
  banned_at: number;
  /** Milliseconds since the epoch; null for a ban for good. */
  until: number | null;
  /** Set by the instance lifting the ban when it is due, so that one instance lifts it. */
  claimed_at: number | null;
}

export type AccountTables = { site_account_bans: SiteAccountBansTable };

export type AccountSiteDatabase = SiteDatabase & AccountTables;

export const withAccountTables = (db: Kysely<SiteDatabase>): Kysely<AccountSiteDatabase> =>
  db.withTables<AccountTables>();
