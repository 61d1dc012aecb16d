import type { Generated } from 'kysely';

/** registered: code handed out, not bound yet; online: bound to a character at the NPC; unregistered: to delete. */
export const STREAMER_STATUSES = ['registered', 'online', 'unregistered'] as const;
export type StreamerStatus = (typeof STREAMER_STATUSES)[number];

/**
 * One row per Facebook user who authorized the app on the fb page. The game's Rewards Manager NPC
 * binds the code to a character (char_id, char_name, status 'online') and marks it
 * 'unregistered' with plain SQL (docs/owner/streams.md, "Stream rewards").
 */
export interface SiteFacebookStreamersTable {
  id: Generated<number>;
  fb_user_id: string;
  /** AES-256-GCM, see token-cipher.ts. */
  access_token: string;
  /** Milliseconds since the epoch; null for a token without expiry. */
  token_expires_at: number | null;
  /** What the player types at the NPC; the NPC sets it null when it binds. Unique while set. */
  code: string | null;
  code_expires_at: number;
  status: StreamerStatus;
  /** characters.charId and char_name, written by the NPC. */
  char_id: number | null;
  char_name: string | null;
  /**
   * The realm of the code and of the character bound (decision 049): its slug, NULL for the first
   * realm. The NPC of each game server binds only its own realm's codes.
   */
  realm: string | null;
  created_at: number;
  /** When the live video was last read (collector). */
  polled_at: Generated<number>;
}

/** Confirmation codes of Facebook data deletion requests, for the status URL; no user id is kept. */
export interface SiteFacebookDeletionsTable {
  confirmation_code: string;
  requested_at: number;
  /** SHA-256 of the signed_request, unique: the same one is honoured once (null before 022). */
  request_hash: string | null;
}

export type FacebookTables = {
  site_facebook_streamers: SiteFacebookStreamersTable;
  site_facebook_deletions: SiteFacebookDeletionsTable;
};
