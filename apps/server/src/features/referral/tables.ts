import type { Generated } from 'kysely';

/**
 * One stable referral code per account; reward_char_id is the character its rewards go to, in the
 * realm reward_realm (its slug, NULL for the first realm: decision 049).
 */
export interface SiteReferralCodesTable {
  login: string;
  code: string;
  reward_char_id: number | null;
  reward_realm: string | null;
  created_at: number;
}

/** A visitor a referral link brought; visitor_key is the value of its httpOnly `ref` cookie. */
export interface SiteReferralVisitorsTable {
  id: Generated<number>;
  visitor_key: string;
  code: string;
  ip: string;
  created_at: number;
}

/** What a referred visitor did (updateref), once per kind. */
export interface SiteReferralEventsTable {
  id: Generated<number>;
  visitor_id: number;
  type: 'donated' | 'downloaded' | 'registered';
  created_at: number;
}

/** An account a referred visitor registered: one row per login, so a referral counts once. */
export interface SiteReferralAccountsTable {
  login: string;
  code: string;
  visitor_id: number;
  registered_at: number;
  /** When one of its characters first reached the playing level. */
  playing_at: number | null;
  /** When the referrer's reward was handed to the reward delivery. */
  rewarded_at: number | null;
  reward_char_id: number | null;
  /** The realm of reward_char_id: its slug, NULL for the first realm. */
  reward_realm: string | null;
  reward_status: 'delivered' | 'pending' | 'failed' | 'duplicate' | 'none' | null;
}

/** The referral feature's site tables (migrations.ts): only this feature names them. */
export type ReferralTables = {
  site_referral_codes: SiteReferralCodesTable;
  site_referral_visitors: SiteReferralVisitorsTable;
  site_referral_events: SiteReferralEventsTable;
  site_referral_accounts: SiteReferralAccountsTable;
};
