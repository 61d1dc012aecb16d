import type { OnlineCounts } from '../../game/online';
import type { SharedRefresh } from '../../infra/shared-refresh';
import { MINUTE_MS, type OnlineHistoryRepository } from './online-history';

/** Whether the status lights' latest probes found the login and game servers open. */
export type ProbeResults = () => { login: boolean; game: boolean };

export interface OnlineSampler {
  /** Samples the current minute if no instance has yet; true when this call wrote it. */
  tick(): Promise<boolean>;
  start(): void;
  stop(): void;
}

/**
 * Once a minute across all instances (decision 032): the turn of the minute in site_claims
 * (infra/shared-refresh.ts) keeps the game database from being counted twice, and the minute as
 * the primary key keeps a second row out if two instances ever both think it is their turn.
 * The turn holder then rolls finished hours up and prunes. Nothing here can stop start-up: the
 * first tick waits for the next minute, and a failure is logged and tried again a minute later.
 */
export const onlineSampler = (deps: {
  history: OnlineHistoryRepository;
  /** Who is online in the game now (game/online.ts countOnlineByKind). */
  count: () => Promise<OnlineCounts>;
  probes: ProbeResults;
  shared: Pick<SharedRefresh, 'takeTurn'>;
  now: () => number;
  onError: (error: unknown) => void;
  /** Called after each of this instance's samples (the chart's answer is read again). */
  onSampled?: () => void;
}): OnlineSampler => {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const tick = async (): Promise<boolean> => {
    const minute = Math.floor(deps.now() / MINUTE_MS);
    if (!(await deps.shared.takeTurn('online-sample', MINUTE_MS))) return false;
    const probes = deps.probes();
    let counts: OnlineCounts | null = null;
    try {
      counts = await deps.count();
    } catch (error) {
      // The game database is down: the minute is kept, without counts, for the servers' uptime.
      deps.onError(error);
    }
    const recorded = await deps.history.record({ minute, counts, loginUp: probes.login, gameUp: probes.game });
    if (recorded) {
      await deps.history.rollUp(minute);
      await deps.history.prune(minute);
      deps.onSampled?.();
    }
    return recorded;
  };

  const schedule = () => {
    if (stopped) return;
    // A second into the next minute, so that every instance's clock is past the boundary.
    const wait = MINUTE_MS - (Date.now() % MINUTE_MS) + 1_000;
    timer = setTimeout(() => {
      void tick().catch(deps.onError).finally(schedule);
    }, wait);
    timer.unref();
  };

  return {
    tick,
    start: schedule,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
