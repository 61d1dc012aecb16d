import type { ConsoleDashboardAnswer } from '@gatekeeper/contract';
import type { Redis } from 'ioredis';
import { type AnyKysely, type Connections, isReachable } from '../../db/connections';
import { accountsCreatedSince } from '../../game/account-overview';
import { countOnline } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';

export interface DashboardDeps {
  connections: Connections;
  schema: GameSchema;
  redis?: Redis;
  smtpConfigured: boolean;
  paypalConfigured: boolean;
  now: () => number;
}

const DAY_MS = 24 * 60 * 60_000;
const DAYS = 30;

const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** A read that may fail (a database down): the dashboard shows what answers. */
const orNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
  try {
    return await read();
  } catch {
    return null;
  }
};

const redisAnswers = async (redis: Redis): Promise<boolean> => {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
};

/** The last 30 days (UTC), oldest first, each with the count of times that fall in it. */
export const perDay = (times: number[], now: number): { day: string; count: number }[] => {
  const days = Array.from({ length: DAYS }, (_, i) => dayOf(now - (DAYS - 1 - i) * DAY_MS));
  const counts = new Map(days.map((day) => [day, 0]));
  for (const at of times) {
    const day = dayOf(at);
    const count = counts.get(day);
    if (count !== undefined) counts.set(day, count + 1);
  }
  return days.map((day) => ({ day, count: counts.get(day) ?? 0 }));
};

/**
 * The dashboard's figures (docs/owner/console.md#dashboard), read when asked: from the game
 * (registrations, players online) and from the site's own tables (donations, votes, rewards, mail).
 */
export const readDashboard = async (deps: DashboardDeps): Promise<ConsoleDashboardAnswer> => {
  const { connections, schema } = deps;
  const site = connections.site.db;
  const now = deps.now();
  const start = new Date(now);
  const monthStart = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
  const since = now - (DAYS - 1) * DAY_MS - (now % DAY_MS);

  const created = await orNull(() => accountsCreatedSince(connections.login.db, schema, since));
  const onlineNow = await orNull(() => countOnline(connections.game.db));
  const donations = await site
    .selectFrom('site_donations')
    .select([
      'currency',
      (eb) => eb.fn.sum<number>('amount_cents').as('cents'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('kind', '=', 'payment')
    .where('created_at', '>=', monthStart)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const refunds = await site
    .selectFrom('site_donations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', 'in', ['refund', 'reversal'])
    .where('created_at', '>=', monthStart)
    .executeTakeFirstOrThrow();
  const votes = await site
    .selectFrom('site_vote_claims')
    .select(['site', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy('site')
    .orderBy('site')
    .execute();
  const backlog = await site
    .selectFrom('site_reward_queue')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const oldest = await site
    .selectFrom('site_reward_queue')
    .select(['request_id', 'created_at'])
    .where('status', 'in', ['pending', 'failed'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const outbox = await site
    .selectFrom('site_mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .orderBy('status')
    .execute();

  // Roles sharing one database are probed once.
  const probes = new Map<AnyKysely, Promise<boolean>>();
  const probe = (connection: { db: AnyKysely }) => {
    const known = probes.get(connection.db);
    if (known) return known;
    const result = isReachable(connection);
    probes.set(connection.db, result);
    return result;
  };
  const countOf = (status: string) => Number(backlog.find((row) => row.status === status)?.n ?? 0);
  return {
    registrationsPerDay: created === null ? null : perDay(created, now),
    onlineNow,
    donationsThisMonth: donations.map((row) => ({
      currency: row.currency,
      cents: Number(row.cents ?? 0),
      count: Number(row.n),
    })),
    refundsThisMonth: Number(refunds.n),
    votesPerSite: votes.map((row) => ({ site: row.site, count: Number(row.n) })),
    rewardBacklog: {
      pending: countOf('pending'),
      failed: countOf('failed'),
      oldest: oldest ? { requestId: oldest.request_id, createdAt: Number(oldest.created_at) } : null,
    },
    mailOutbox: outbox.map((row) => ({ status: row.status, count: Number(row.n) })),
    health: {
      loginDatabase: await probe(connections.login),
      gameDatabase: await probe(connections.game),
      siteDatabase: await probe(connections.site),
      redis: deps.redis ? await redisAnswers(deps.redis) : null,
      smtpConfigured: deps.smtpConfigured,
      paypalConfigured: deps.paypalConfigured,
    },
  };
};
