import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

/**
 * The reward queue's own corrections, outside delivery: a refunded donation's coins taken back
 * while they wait, and the owner's re-queue of a grant that failed or was taken back.
 */

/**
 * Takes `count` items back from a grant not delivered yet (pending for the game mod, or failed and
 * being retried): fewer items are handed out, or none (the row turns 'cancelled') when `count`
 * is all that is left. Answers 'reduced', 'cancelled' (also when it was cancelled before), or
 * 'delivered' when the items already reached the game (nothing is taken from a character), or
 * 'missing'. Each step is one conditional UPDATE: two at once never take more than the row holds.
 */
export const takeBackUndeliveredItems = async (
  db: Kysely<SiteDatabase>,
  requestId: string,
  count: number,
  now: number,
): Promise<'reduced' | 'cancelled' | 'delivered' | 'missing'> => {
  const all = await db
    .updateTable('site_reward_queue')
    .set({ status: 'cancelled', last_error: 'taken back: the payment was refunded or reversed', updated_at: now })
    .where('request_id', '=', requestId)
    .where('status', 'in', ['pending', 'failed'])
    .where('item_count', '<=', count)
    .executeTakeFirst();
  if (Number(all.numUpdatedRows) === 1) return 'cancelled';
  const part = await db
    .updateTable('site_reward_queue')
    .set((eb) => ({
      item_count: eb('item_count', '-', count),
      last_error: 'partly taken back: the payment was partly refunded or reversed',
      updated_at: now,
    }))
    .where('request_id', '=', requestId)
    .where('status', 'in', ['pending', 'failed'])
    .where('item_count', '>', count)
    .executeTakeFirst();
  if (Number(part.numUpdatedRows) === 1) return 'reduced';
  const row = await db
    .selectFrom('site_reward_queue')
    .select('status')
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return 'missing';
  return row.status === 'cancelled' ? 'cancelled' : 'delivered';
};

/**
 * Puts a failed or cancelled grant back in line: the running site's retry delivers it within
 * rewards.retrySeconds (a game mod takes it, with the queue delivery). Answers the row's status
 * before, or 'missing'.
 */
export const requeueReward = async (db: Kysely<SiteDatabase>, requestId: string, now: number): Promise<string> => {
  const row = await db
    .selectFrom('site_reward_queue')
    .select(['status', 'delivery'])
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (row.status !== 'failed' && row.status !== 'cancelled') return row.status;
  await db
    .updateTable('site_reward_queue')
    .set({
      status: row.delivery === 'queue' ? 'pending' : 'failed',
      attempts: 0,
      last_error: 'requeued by the owner',
      updated_at: now,
    })
    .where('request_id', '=', requestId)
    .where('status', '=', row.status)
    .execute();
  return row.status;
};

/** Each grant's state for one reason, by request id: the donations ledger shows its coins' state. */
export const grantStatuses = async (
  db: Kysely<SiteDatabase>,
  reason: 'donation' | 'referral' | 'vote',
): Promise<Map<string, string>> =>
  new Map(
    (
      await db.selectFrom('site_reward_queue').select(['request_id', 'status']).where('reason', '=', reason).execute()
    ).map((row) => [row.request_id, row.status as string]),
  );
