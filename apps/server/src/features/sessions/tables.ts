import type { Generated } from 'kysely';

/** A signed-in session of a player's own account (features/sessions). */
export interface SiteSessionsTable {
  /** SHA-256 (hex) of the cookie's value. */
  id_hash: string;
  /** The id the account's list names it by: not the cookie's value. */
  public_id: string;
  login: string;
  created_at: number;
  last_seen_at: number;
  address: string;
  device: string;
  /** SHA-256 of the game's stored password hash at sign-in: another hash since ends the session. */
  fingerprint: string;
  /** 1: the account was banned at sign-in; the session reads its ban and nothing else. */
  banned: number;
  /** 1: the password was right, the second factor's code is awaited; the session can do nothing else. */
  pending: Generated<number>;
  /** When the session last proved the password: its sign-in, or the password typed again (0: never). */
  proved_at: Generated<number>;
}

/** An account's authenticator app (features/sessions/second-factor.ts). */
export interface SiteSecondFactorsTable {
  login: string;
  /** `v1.…` encrypted with TOTP_SECRET_KEY or its file's key (base32 until then, from older versions); null while a set-up waits. */
  secret: string | null;
  pending_secret: string | null;
  /** The last accepted code's time step (30 s since the epoch). */
  last_step: Generated<number>;
  enabled_at: number | null;
}

/** One unused recovery code of an account's second factor, as its SHA-256. */
export interface SiteRecoveryCodesTable {
  login: string;
  code_hash: string;
}

/** One sign-in attempt of an account (features/sessions), kept 90 days. */
export interface SiteSignInsTable {
  id: Generated<number>;
  login: string;
  at: number;
  address: string;
  device: string;
  outcome: string;
}

/** A passkey (WebAuthn credential) of an account (features/sessions/passkeys.ts). */
export interface SitePasskeysTable {
  credential_hash: string;
  /** base64url, as the browser names it. */
  credential_id: string;
  login: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use (0 for those that keep none). */
  counter: number;
  /** The transports the browser reported, comma separated. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge handed out and not yet answered: single use, expiring. */
export interface SitePasskeyChallengesTable {
  challenge_hash: string;
  purpose: 'register' | 'signin';
  binding: string;
  login: string;
  expires_at: number;
}

/** The sessions feature's site tables (migrations.ts): only this feature names them. */
export type SessionTables = {
  site_sessions: SiteSessionsTable;
  site_second_factors: SiteSecondFactorsTable;
  site_recovery_codes: SiteRecoveryCodesTable;
  site_sign_ins: SiteSignInsTable;
  site_passkeys: SitePasskeysTable;
  site_passkey_challenges: SitePasskeyChallengesTable;
};
