import type { ConsoleDashboardAnswer } from '@gatekeeper/contract';
import type { Redis } from 'ioredis';
import { type AnyKysely, type Connections, isReachable } from '../../db/connections';
import { accountsCreatedSince } from '../../game/account-overview';
import { countOnline } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { chartStart, perDay } from '../../infra/days';
import { donationFigures, donationTimes } from '../donations/console-section';
import { outboxCounts } from '../mail/console-section';
import { rewardBacklog } from '../rewards/console-section';
import { voteClaimTimes, voteClaimsPerSite, voteSiteHealth } from '../votes/console-section';

export interface DashboardDeps {
  connections: Connections;
  schema: GameSchema;
  redis?: Redis;
  smtpConfigured: boolean;
  paypalConfigured: boolean;
  /** The vote sites of the settings, and whether each rewards votes (it has a check). */
  voteSites: readonly { name: string; rewarded: boolean }[];
  /** Each game server's health, from the status lights' latest round (decision 049). */
  realms: () => ConsoleDashboardAnswer['health']['realms'];
  /** Each day's peak of players online (the online feature's record). */
  onlinePeaks: (since: number) => Promise<Map<string, number>>;
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

  // Each read is independent of the others: asked at once, the dashboard waits for the slowest.
  const [created, onlineNow, donations, votes, backlog, outbox, paid, claimTimes, peaks] = await Promise.all([
    orNull(() => accountsCreatedSince(connections.login.db, schema, since)),
    orNull(() => countOnline(connections.game.db)),
    donationFigures(site, monthStart),
    voteClaimsPerSite(site, since),
    rewardBacklog(site),
    outboxCounts(site),
    donationTimes(site, since),
    voteClaimTimes(site, since),
    orNull(() => deps.onlinePeaks(since)),
  ]);
  const payments = perDay(paid.payments, now);
  const refunds = perDay(paid.refunds, now);

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
    onlinePeakPerDay: perDay([], now).map(({ day }) => ({ day, count: peaks?.get(day) ?? 0 })),
    votesPerDay: perDay(claimTimes, now),
    donationsPerDay: payments.map(({ day, count }, index) => ({
      day,
      payments: count,
      refunds: refunds[index]?.count ?? 0,
    })),
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
      voteSites: await voteSiteHealth(site, deps.voteSites, now),
      realms: deps.realms(),
    },
  };
};
