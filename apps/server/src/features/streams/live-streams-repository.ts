import type { Kysely } from 'kysely';
import type { SiteDatabase, SiteLiveStreamsTable } from '../../db/tables';

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
