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

  const players = refreshingValue({
    intervalMs: MINUTE_MS,
    fallback: JSON.stringify({ state: 'off', players: [] } satisfies OnlinePlayers),
    compute: async () => {
      if (!settings.listPlayers) return JSON.stringify({ state: 'off', players: [] } satisfies OnlinePlayers);
      if (
        settings.hideDuringSiege &&
        (await siegeInProgress(connections.game.db, now(), settings.siegeLengthMinutes))
      ) {
        return JSON.stringify({ state: 'siege', players: [] } satisfies OnlinePlayers);
      }
      const listed = await listOnlineCharacters(connections.game.db, settings.listLimit);
      return JSON.stringify({ state: 'listed', players: listed } satisfies OnlinePlayers);
    },
    onError: (error) => app.log.warn({ err: error }, 'who is online: the game database could not be read'),
  });
  app.addHook('onClose', async () => players.stop());
  const playersAnswer = latestAnswer(players, JSON_NO_CACHE_HEADERS);
  readRoute(app, 'getOnlinePlayers', playersAnswer.ready, playersAnswer.whenReady);
};
