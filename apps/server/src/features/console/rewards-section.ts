import type { ConsoleRewardsAnswer, ConsoleRewardsQuery } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

const PAGE = 50;

/** The reward queue as the console lists it: newest first, filtered by state, kind and character. */
export const listRewards = async (
  db: Kysely<SiteDatabase>,
  query: {
    status?: ConsoleRewardsQuery['status'];
    reason?: ConsoleRewardsQuery['reason'];
    charId?: number;
    before?: number;
  },
): Promise<ConsoleRewardsAnswer> => {
  const rows = await db
    .selectFrom('site_reward_queue')
    .selectAll()
    .$if(query.status !== undefined, (q) => q.where('status', '=', query.status ?? 'pending'))
    .$if(query.reason !== undefined, (q) => q.where('reason', '=', query.reason ?? 'vote'))
    .$if(query.charId !== undefined, (q) => q.where('char_id', '=', query.charId ?? 0))
    .$if(query.before !== undefined, (q) => q.where('id', '<', query.before ?? 0))
    .orderBy('id', 'desc')
    .limit(PAGE + 1)
    .execute();
  const page = rows.slice(0, PAGE).map((row) => ({
    id: Number(row.id),
    requestId: row.request_id,
    charId: Number(row.char_id),
    itemId: Number(row.item_id),
    itemCount: Number(row.item_count),
    reason: row.reason,
    delivery: row.delivery,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  }));
  return { rows: page, next: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
};

export const rewardStatusOf = async (db: Kysely<SiteDatabase>, requestId: string): Promise<string | undefined> =>
  (await db.selectFrom('site_reward_queue').select('status').where('request_id', '=', requestId).executeTakeFirst())
    ?.status;

/**
 * Cancels a grant not delivered yet (pending or failed) with the owner's reason: one conditional
 * UPDATE, so a delivery under way and a cancel never both win. Answers the state before.
 */
export const cancelReward = async (
  db: Kysely<SiteDatabase>,
  requestId: string,
  reason: string,
  by: string,
  now: number,
): Promise<'cancelled' | 'missing' | string> => {
  const before = await rewardStatusOf(db, requestId);
  if (before === undefined) return 'missing';
  if (before !== 'pending' && before !== 'failed') return before;
  const done = await db
    .updateTable('site_reward_queue')
    .set({ status: 'cancelled', last_error: `cancelled by ${by}: ${reason}`.slice(0, 255), updated_at: now })
    .where('request_id', '=', requestId)
    .where('status', '=', before)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1 ? before : ((await rewardStatusOf(db, requestId)) ?? 'missing');
};
