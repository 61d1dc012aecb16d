import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { chooseEncoding } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
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
  /** The vote ledger's top voters (features/votes); empty without it. */
  voters?: VotersStatisticsSource;
  /** Reads the rankings on one instance per refresh for all of them. */
  shared?: SharedRefresh;
  /** The pre-rendered pages' answers: the rankings' pages carry their rows (decision 040). */
  pageAnswers?: PageAnswers;
}

/** The ten get*statistics calls: each answers its list from memory, pre-compressed where accepted. */
export const statisticsRoutes = async (app: FastifyInstance, options: StatisticsRoutesOptions): Promise<void> => {
  const { connections, schema, settings } = options;
  const cache = statisticsCache({
    sources: {
      login: connections.login.db,
      game: connections.game.db,
      hasEventStats: schema.hasEventStats,
      schema,
      referrals: options.referrals ?? noReferralStatistics,
      voters: options.voters ?? noVotersStatistics,
    },
    limit: settings.limit,
    refreshMs: settings.refreshSeconds * 1000,
    log: app.log,
    shared: options.shared,
    onRefresh: () => options.pageAnswers?.changed(),
  });
  app.addHook('onClose', async () => cache.stop());
  // Read once at start-up, so the first visitors see the rankings rather than empty lists.
  await cache.start(FIRST_READ_WAIT_MS);

  for (const [call, list] of Object.entries(STATISTICS_CALLS) as [
    StatisticsCall,
    (typeof STATISTICS_CALLS)[StatisticsCall],
  ][]) {
    readRoute(app, call, (request) =>
      chooseEncoding(preparedEncodings(cache.read(list)), headerOf(request, 'accept-encoding')),
    );
    options.pageAnswers?.provide(call, () => cache.known(list)?.json);
  }
};
