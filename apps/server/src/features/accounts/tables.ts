import type { Generated } from 'kysely';

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

/** The email of each account where the game keeps none (aCis): written at registration, or attached once. */
export interface SiteAccountEmailsTable {
  login: string;
  email: string;
  created_at: number;
}

/** IPs an account was created or seen from (docs/product.md#createaccount, #updateips). */
export interface SiteAccountIpsTable {
  id: Generated<number>;
  login: string;
  ip_v4: string;
  ip_v6: string;
  kind: 'creation' | 'update';
  created_at: number;
}

/** Password recovery keys: only a hash is stored; a key works once, until it expires. */
export interface SitePasswordResetsTable {
  id: Generated<number>;
  login: string;
  key_hash: string;
  language: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A change of an account's email waiting for the link mailed to the new address (features/accounts/email-change.ts). */
export interface SiteEmailChangesTable {
  id: Generated<number>;
  login: string;
  /** SHA-256 (hex) of the link's key. */
  key_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The password's fingerprint when the change was asked (sessions' passwordFingerprint). */
  password_fingerprint: Generated<string>;
}

/** The accounts feature's site tables (migrations.ts): only this feature names them. */
export type AccountTables = {
  site_account_bans: SiteAccountBansTable;
  site_account_emails: SiteAccountEmailsTable;
  site_account_ips: SiteAccountIpsTable;
  site_password_resets: SitePasswordResetsTable;
  site_email_changes: SiteEmailChangesTable;
};
