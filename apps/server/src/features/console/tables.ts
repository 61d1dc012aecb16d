import type { Generated } from 'kysely';

/** One console action or console sign-in (features/console): written once, never changed. */
export interface SiteConsoleAuditTable {
  id: Generated<number>;
  at: number;
  login: string;
  role: string;
  action: string;
  record: string;
  address: string;
  detail: string;
}

/** A session's console step-up (features/console): it lapses after the console's idle minutes. */
export interface SiteConsoleStepUpsTable {
  session_hash: string;
  login: string;
  granted_at: number;
  last_seen_at: number;
}

/** The console feature's site tables (migrations.ts): only this feature names them. */
export type ConsoleTables = {
  site_console_audit: SiteConsoleAuditTable;
  site_console_step_ups: SiteConsoleStepUpsTable;
};
