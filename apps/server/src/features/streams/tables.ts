import type { Generated } from 'kysely';

/**
 * Live streams shown on the home page after the settings' own (features/streams): registered from
 * the site (source 'facebook', one row per owner), kept while live. Whoever fills it touches
 * updated_at on every check while the stream is live; rows older than LIVE_STREAM_FRESH_MS are
 * no longer shown.
 */
export interface SiteLiveStreamsTable {
  id: Generated<number>;
  type: 'TWITCH' | 'TROVO' | 'KICK' | 'FACEBOOK' | 'YOUTUBE';
  /** Channel name, YouTube channel id or Facebook video URL, as the page embeds it. */
  channel: string;
  title: Generated<string>;
  viewers: Generated<number>;
  source: 'settings' | 'facebook';
  /** Who registered it (e.g. the Facebook user id); unique per source. */
  owner_key: string;
  /** Milliseconds since the epoch. */
  updated_at: number;
}

/** The streams feature's site tables (migrations.ts): only this feature names them. */
export type StreamTables = {
  site_live_streams: SiteLiveStreamsTable;
};
