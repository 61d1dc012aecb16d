import type { ConsoleRewardsAnswer, ConsoleRewardsQuery } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { ConsoleDoor } from '../../infra/console-door';
import type { RewardDelivery } from './reward-delivery';
import { requeueReward } from './reward-queue';

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
const cancelReward = async (
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

/**
 * A grant that failed or was taken back, back in line and tried at once, as the background retry
 * would (claimed once), and no other grant: the state before and after, or 'missing'.
 */
export const retryGrantNow = async (
  db: Kysely<SiteDatabase>,
  delivery: Pick<RewardDelivery, 'retryOne'>,
  requestId: string,
  now: number,
): Promise<{ before: string; after: string }> => {
  const before = await requeueReward(db, requestId, now);
  if (before !== 'failed' && before !== 'cancelled') return { before, after: before };
  return { before, after: await delivery.retryOne(requestId) };
};

/** The dashboard's figures of the queue: grants waiting and failed, and the oldest of them. */
export const rewardBacklog = async (db: Kysely<SiteDatabase>) => {
  const counts = await db
    .selectFrom('site_reward_queue')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const oldest = await db
    .selectFrom('site_reward_queue')
    .select(['request_id', 'created_at'])
    .where('status', 'in', ['pending', 'failed'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const countOf = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0);
  return {
    pending: countOf('pending'),
    failed: countOf('failed'),
    oldest: oldest ? { requestId: oldest.request_id, createdAt: Number(oldest.created_at) } : null,
  };
};

export interface RewardsConsoleOptions {
  door: ConsoleDoor;
  db: Kysely<SiteDatabase>;
  delivery: Pick<RewardDelivery, 'retryOne'>;
  now: () => number;
}

/** The Rewards section (docs/owner/console.md#rewards): a gm reads the queue, only an owner acts on it. */
export const rewardsConsoleSection = async (app: FastifyInstance, options: RewardsConsoleOptions): Promise<void> => {
  const { door, db } = options;
  door.route(app, 'getConsoleRewards', 'gm', async ({ query }, _request, reply) =>
    reply.send(await listRewards(db, query)),
  );
  door.route(app, 'retryConsoleReward', 'owner', async ({ actor, body }, _request, reply) => {
    const { before, after } = await retryGrantNow(db, options.delivery, body.requestId, options.now());
    if (before === 'missing') return reply.code(404).send(['consoleRewardNotFound']);
    if (before !== 'failed' && before !== 'cancelled') return reply.code(400).send(['consoleRewardNotRetryable']);
    await door.record(actor, 'reward.retry', body.requestId, `${before} -> ${after}`);
    return reply.send({ before, after });
  });
  door.route(app, 'cancelConsoleReward', 'owner', async ({ actor, body }, _request, reply) => {
    const before = await cancelReward(db, body.requestId, body.reason, actor.login, options.now());
    if (before === 'missing') return reply.code(404).send(['consoleRewardNotFound']);
    if (before !== 'pending' && before !== 'failed') return reply.code(400).send(['consoleRewardNotCancellable']);
    await door.record(actor, 'reward.cancel', body.requestId, body.reason);
    return reply.send({ before, after: 'cancelled' });
  });
};
