import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { chooseEncoding } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { headerOf } from '../../infra/raw-header';
import type { SharedRefresh } from '../../infra/shared-refresh';
import type { PageAnswers } from '../../infra/page-answers';
import { preparedEncodings } from '../../infra/encoded-answer';
import type { WorldSettings } from './settings-schema';
import { type WorldCache, worldCache } from './world-cache';

/** How long start-up waits for the first read of the world before serving empty pages. */
export const FIRST_READ_WAIT_MS = 3_000;

export interface WorldRoutesOptions {
  connections: Connections;
  schema: Pick<
    GameSchema,
    | 'flavor'
    | 'hasBosses'
    | 'hasRaidRespawnDelays'
    | 'hasCastles'
    | 'hasAccountData'
    | 'hasPunishments'
    | 'hasOlympiad'
    | 'hasOlympiadData'
  >;
  settings: WorldSettings;
  /** How long a castle siege lasts (online.siegeLengthMinutes, the game's SiegeLength). */
  siegeLengthMinutes: number;
  shared?: SharedRefresh;
  now?: () => number;
  /** Handed the cache once made (the pre-rendered pages read the same rows). */
  onCache?: (cache: WorldCache) => void;
  /** The pre-rendered pages' answers: the World pages carry their rows (decision 040). */
  pageAnswers?: PageAnswers;
}

/** The World pages' calls (docs/product.md#world): each answered from memory, pre-compressed where accepted. */
export const worldRoutes = async (app: FastifyInstance, options: WorldRoutesOptions): Promise<void> => {
  const cache = worldCache({
    game: options.connections.game.db,
    login: options.connections.login.db,
    schema: options.schema,
    bossRespawn: options.settings.bossRespawn,
    castles: { treasury: options.settings.castleTreasury, siegeLengthMs: options.siegeLengthMinutes * 60_000 },
    refreshMs: options.settings.refreshSeconds * 1000,
    log: app.log,
    now: options.now,
    shared: options.shared,
    onRefresh: () => options.pageAnswers?.changed(),
  });
  options.onCache?.(cache);
  app.addHook('onClose', async () => cache.stop());
  await cache.start(FIRST_READ_WAIT_MS);

  readRoute(app, 'getBosses', (request) =>
    chooseEncoding(preparedEncodings(cache.read().bosses), headerOf(request, 'accept-encoding')),
  );
  options.pageAnswers?.provide('getBosses', () => cache.known()?.bosses.json);
  readRoute(app, 'getOlympiad', (request) =>
    chooseEncoding(preparedEncodings(cache.read().olympiad), headerOf(request, 'accept-encoding')),
  );
  options.pageAnswers?.provide('getOlympiad', () => cache.known()?.olympiad.json);
  readRoute(app, 'getCastles', (request) =>
    chooseEncoding(preparedEncodings(cache.read().castles), headerOf(request, 'accept-encoding')),
  );
  options.pageAnswers?.provide('getCastles', () => cache.known()?.castles.json);
};
