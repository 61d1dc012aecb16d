import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { chooseEncoding } from '../../infra/prepared-answer';
import { chosenRealm, realmReadRoute } from '../../infra/realm-read';
import type { GameRealm } from '../../game/game-realm';
import { headerOf } from '../../infra/raw-header';
import type { SharedRefresh } from '../../infra/shared-refresh';
import type { PageAnswers } from '../../infra/page-answers';
import type { StatisticsSettings } from './settings-schema';
import { preparedEncodings } from '../../infra/encoded-answer';
import { STATISTICS_CALLS, type StatisticsCall } from './lists';
import {
  type ReferralStatisticsSource,
  type VotersStatisticsSource,
  noReferralStatistics,
  noVotersStatistics,
} from './ranking-sources';
import { statisticsCache } from './statistics-cache';

/** How long start-up waits for the first read of the rankings before serving empty lists. */
export const FIRST_READ_WAIT_MS = 3_000;

export interface StatisticsRoutesOptions {
  connections: Connections;
  schema: Pick<GameSchema, 'flavor' | 'hasAccountData' | 'hasEventStats' | 'hasPunishments'>;
  settings: StatisticsSettings;
  /** The referral programme's ranking (features/referral); empty without it. */
  referrals?: ReferralStatisticsSource;
  /** The vote ledger's top voters (features/votes) of the first realm; empty without it. */
  voters?: VotersStatisticsSource;
  /** Each realm's top voters (decision 049), from the ledger's rows of that realm; before `voters`. */
  votersOf?: (realm: Pick<GameRealm, 'slug' | 'first' | 'game'>) => VotersStatisticsSource;
  /** Reads the rankings on one instance per refresh for all of them. */
  shared?: SharedRefresh;
  /** The pre-rendered pages' answers: the rankings' pages carry their rows (decision 040). */
  pageAnswers?: PageAnswers;
  /**
   * Every realm (decision 049), the first being `connections.game` with `schema`; left out, the
   * one realm of those. Each realm has its own lists, refresh and shared name.
   */
  realms?: readonly GameRealm[];
}

/** The ten get*statistics calls: each answers its list from memory, pre-compressed where accepted. */
export const statisticsRoutes = async (app: FastifyInstance, options: StatisticsRoutesOptions): Promise<void> => {
  const { connections, schema, settings } = options;
  const realms: readonly Pick<GameRealm, 'slug' | 'first' | 'game' | 'schema' | 'isUp' | 'read'>[] = options.realms ?? [
    {
      slug: 'main',
      first: true,
      game: connections.game.db,
      schema: () => schema as GameSchema,
      isUp: () => true,
      read: (work) => work(connections.game.db, schema as GameSchema),
    },
  ];
  const caches = new Map<string, ReturnType<typeof statisticsCache>>();
  /** A realm's lists; made once its flavour is known (a realm that started down: when it first answered). */
  const cacheOf = (realm: (typeof realms)[number]) => {
    let cache = caches.get(realm.slug);
    const realmSchema = realm.schema();
    if (cache || !realmSchema) return cache;
    cache = statisticsCache({
      sources: {
        login: connections.login.db,
        loginSchema: schema,
        game: realm.game,
        hasEventStats: realmSchema.hasEventStats,
        schema: realmSchema,
        referrals: options.referrals ?? noReferralStatistics,
        // Each realm's own rows of the vote ledger, ranked among its own characters.
        voters:
          options.votersOf?.(realm) ?? (realm.first ? (options.voters ?? noVotersStatistics) : noVotersStatistics),
      },
      limit: settings.limit,
      refreshMs: settings.refreshSeconds * 1000,
      log: app.log,
      shared: options.shared,
      realm: realm.first ? undefined : realm.slug,
      guard: (work) => realm.read(() => work()),
      onRefresh: () => options.pageAnswers?.changed(),
    });
    caches.set(realm.slug, cache);
    return cache;
  };
  app.addHook('onClose', async () => {
    for (const cache of caches.values()) cache.stop();
  });
  // Read once at start-up, so the first visitors see the rankings rather than empty lists.
  await Promise.all(realms.map((realm) => cacheOf(realm)?.start(FIRST_READ_WAIT_MS)));
  const bySlug = new Map(realms.map((realm) => [realm.slug, realm]));
  const choice = {
    slugs: realms.map((realm) => realm.slug),
    isUp: (slug: string) => bySlug.get(slug)?.isUp() ?? false,
  };
  const cacheBySlug = (slug: string) => {
    const realm = bySlug.get(slug);
    return realm ? cacheOf(realm) : undefined;
  };

  for (const [call, list] of Object.entries(STATISTICS_CALLS) as [
    StatisticsCall,
    (typeof STATISTICS_CALLS)[StatisticsCall],
  ][]) {
    realmReadRoute(app, call, choice, (realm, request) => {
      const cache = cacheBySlug(realm);
      return cache && chooseEncoding(preparedEncodings(cache.read(list)), headerOf(request, 'accept-encoding'));
    });
    options.pageAnswers?.provide(call, (query) => {
      const realm = chosenRealm(choice, query?.realm);
      return realm && choice.isUp(realm) ? cacheBySlug(realm)?.known(list)?.json : undefined;
    });
  }
};
