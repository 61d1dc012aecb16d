import type { ConsoleDashboardAnswer } from '@gatekeeper/contract';
import type { Redis } from 'ioredis';
import { type AnyKysely, type Connections, isReachable } from '../../db/connections';
import { accountsCreatedSince } from '../../game/account-overview';
import { countOnline } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { chartStart, perDay } from '../../infra/days';
import { donationFigures } from '../donations/console-section';
import { outboxCounts } from '../mail/console-section';
import { rewardBacklog } from '../rewards/console-section';
import { voteClaimsPerSite } from '../votes/console-section';

export interface DashboardDeps {
  connections: Connections;
  schema: GameSchema;
  redis?: Redis;
  smtpConfigured: boolean;
  paypalConfigured: boolean;
  now: () => number;
}

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

/**
 * The dashboard's figures (docs/owner/console.md#dashboard), read when asked: from the game
 * (registrations, players online) and from the features that own the site's figures (donations,
 * votes, rewards, mail), each asked through its console section.
 */
export const readDashboard = async (deps: DashboardDeps): Promise<ConsoleDashboardAnswer> => {
  const { connections, schema } = deps;
  const site = connections.site.db;
  const now = deps.now();
  const start = new Date(now);
  const monthStart = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
  const since = chartStart(now);

  const created = await orNull(() => accountsCreatedSince(connections.login.db, schema, since));
  const onlineNow = await orNull(() => countOnline(connections.game.db));
  const donations = await donationFigures(site, monthStart);
  const votes = await voteClaimsPerSite(site, since);
  const backlog = await rewardBacklog(site);
  const outbox = await outboxCounts(site);

  // Roles sharing one database are probed once.
  const probes = new Map<AnyKysely, Promise<boolean>>();
  const probe = (connection: { db: AnyKysely }) => {
    const known = probes.get(connection.db);
    if (known) return known;
    const result = isReachable(connection);
    probes.set(connection.db, result);
    return result;
  };
  return {
    registrationsPerDay: created === null ? null : perDay(created, now),
    onlineNow,
    donationsThisMonth: donations.payments,
    refundsThisMonth: donations.refunds,
    votesPerSite: votes,
    rewardBacklog: backlog,
    mailOutbox: outbox,
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
