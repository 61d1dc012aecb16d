import {
  type OnlineHistory,
  type OnlinePeriod,
  type OnlinePlayers,
  type OnlineSeries,
  ONLINE_PERIOD_STEP_SECONDS,
} from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import { countOnlineByKind, listOnlineCharacters, siegeInProgress } from '../../game/online';
import { latestAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { realmReadRoute } from '../../infra/realm-read';
import type { GameRealm } from '../../game/game-realm';
import { refreshingValue } from '../../infra/refreshing-value';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import type { SharedRefresh } from '../../infra/shared-refresh';
import { MINUTE_MS, OnlineHistoryRepository } from './online-history';
import { type OnlineSampler, type ProbeResults, onlineSampler } from './sampler';
import type { OnlineSettings } from './settings-schema';

export interface OnlineRoutesOptions {
  connections: Connections;
  settings: OnlineSettings;
  probes: ProbeResults;
  shared: Pick<SharedRefresh, 'takeTurn'>;
  now: () => number;
  /** Tests take the sampler and tick it themselves (an injected clock); it is then not started. */
  takeSampler?: (sampler: OnlineSampler) => void;
  /**
   * Every realm (decision 049): who is online is listed per realm; left out, the one realm of
   * `connections.game`. The history's samples are the first realm's.
   */
  realms?: readonly Pick<GameRealm, 'slug' | 'isUp' | 'read'>[];
}

/** No samples yet (or no site database): four empty periods. */
const emptySeries = (period: OnlinePeriod): OnlineSeries => ({
  stepSeconds: ONLINE_PERIOD_STEP_SECONDS[period],
  times: [],
  players: [],
  traders: [],
  peak: null,
  loginUptime: null,
  gameUptime: null,
});
export const EMPTY_HISTORY: OnlineHistory = {
  day: emptySeries('day'),
  week: emptySeries('week'),
  month: emptySeries('month'),
  year: emptySeries('year'),
};

/** getonlinehistory and getonlineplayers (docs/product.md#online), and the minute sampler behind them. */
export const onlineRoutes = async (app: FastifyInstance, options: OnlineRoutesOptions): Promise<void> => {
  const { connections, settings, now } = options;
  const history = new OnlineHistoryRepository(connections.site.db);
  const chart = refreshingValue({
    intervalMs: MINUTE_MS,
    fallback: JSON.stringify(EMPTY_HISTORY),
    compute: async () => JSON.stringify(await history.history(now())),
    onError: (error) => app.log.warn({ err: error }, 'online history: the site database could not be read'),
  });
  const sampler = onlineSampler({
    history,
    count: () => countOnlineByKind(connections.game.db),
    probes: options.probes,
    shared: options.shared,
    now,
    onError: (error) => app.log.warn({ err: error }, 'online sampler: the minute was not recorded'),
    onSampled: () => void chart.refresh(),
  });
  if (options.takeSampler) options.takeSampler(sampler);
  else app.addHook('onReady', async () => sampler.start());
  app.addHook('onClose', async () => {
    sampler.stop();
    chart.stop();
  });
  const chartAnswer = latestAnswer(chart, JSON_NO_CACHE_HEADERS);
  readRoute(app, 'getOnlineHistory', chartAnswer.ready, chartAnswer.whenReady);

  const realms = options.realms ?? [
    {
      slug: 'main',
      isUp: () => true,
      read: <T>(work: (game: Connections['game']['db']) => Promise<T>) => work(connections.game.db),
    },
  ];
  const listsOf = new Map(
    realms.map((realm) => {
      const players = refreshingValue({
        intervalMs: MINUTE_MS,
        fallback: JSON.stringify({ state: 'off', players: [] } satisfies OnlinePlayers),
        compute: async () => {
          if (!settings.listPlayers) return JSON.stringify({ state: 'off', players: [] } satisfies OnlinePlayers);
          return realm.read(async (game) => {
            if (settings.hideDuringSiege && (await siegeInProgress(game, now(), settings.siegeLengthMinutes))) {
              return JSON.stringify({ state: 'siege', players: [] } satisfies OnlinePlayers);
            }
            const listed = await listOnlineCharacters(game, settings.listLimit);
            return JSON.stringify({ state: 'listed', players: listed } satisfies OnlinePlayers);
          });
        },
        onError: (error) =>
          app.log.warn({ err: error, realm: realm.slug }, 'who is online: the game database could not be read'),
      });
      app.addHook('onClose', async () => players.stop());
      return [realm.slug, latestAnswer(players, JSON_NO_CACHE_HEADERS)] as const;
    }),
  );
  realmReadRoute(
    app,
    'getOnlinePlayers',
    {
      slugs: realms.map((realm) => realm.slug),
      isUp: (slug) => realms.find((realm) => realm.slug === slug)?.isUp() ?? false,
    },
    (realm) => listsOf.get(realm)?.ready(),
    (realm) => listsOf.get(realm)!.whenReady(),
  );
};
