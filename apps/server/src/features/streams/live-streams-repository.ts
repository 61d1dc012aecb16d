import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SiteLiveStreamsTable } from './tables';

export interface StoredLiveStream {
  type: SiteLiveStreamsTable['type'];
  channel: string;
  title: string;
  viewers: number;
}

/** The site_live_streams rows still live: updated since `since`, with enough viewers, most watched first. */
export const listLiveStreams = async (
  db: Kysely<SiteDatabase>,
  options: { since: number; minViewers: number; limit: number },
): Promise<StoredLiveStream[]> => {
  const rows = await db
    .selectFrom('site_live_streams')
    .select(['type', 'channel', 'title', 'viewers'])
    .where('updated_at', '>=', options.since)
    .where('viewers', '>=', options.minViewers)
    .orderBy('viewers', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ ...row, viewers: Number(row.viewers) }));
};

/** A stream registered from the site (not the settings'): who registered it, and what the page shows. */
export interface RegisteredLiveStream {
  source: SiteLiveStreamsTable['source'];
  /** The registering owner within its source (a Facebook user id): one row each. */
  ownerKey: string;
  type: SiteLiveStreamsTable['type'];
  channel: string;
  title: string;
  viewers: number;
}

/** Writes an owner's live stream as the home page shows it (one row per owner), touched at each check. */
export const saveLiveStream = async (db: Kysely<SiteDatabase>, stream: RegisteredLiveStream, now: number) => {
  const values = { channel: stream.channel, title: stream.title, viewers: stream.viewers, updated_at: now };
  const update = () =>
    db
      .updateTable('site_live_streams')
      .set(values)
      .where('source', '=', stream.source)
      .where('owner_key', '=', stream.ownerKey)
      .executeTakeFirst();
  if (Number((await update()).numUpdatedRows) > 0) return;
  try {
    await db
      .insertInto('site_live_streams')
      .values({ ...values, type: stream.type, source: stream.source, owner_key: stream.ownerKey })
      .execute();
  } catch (error) {
    // Another instance inserted it first.
    if (!isUniqueViolation(error)) throw error;
    await update();
  }
};

/** An owner's stream is no longer live. */
export const removeLiveStream = async (
  db: Kysely<SiteDatabase>,
  source: SiteLiveStreamsTable['source'],
  ownerKey: string,
): Promise<void> => {
  await db.deleteFrom('site_live_streams').where('source', '=', source).where('owner_key', '=', ownerKey).execute();
};

/** A source's streams not checked since `staleBefore`. */
export const removeStaleLiveStreams = async (
  db: Kysely<SiteDatabase>,
  source: SiteLiveStreamsTable['source'],
  staleBefore: number,
): Promise<void> => {
  await db.deleteFrom('site_live_streams').where('source', '=', source).where('updated_at', '<', staleBefore).execute();
};
