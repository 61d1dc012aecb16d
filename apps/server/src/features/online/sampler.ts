import type { OnlineCounts } from '../../game/online';
import type { SharedRefresh } from '../../infra/shared-refresh';
import { MINUTE_MS, type OnlineHistoryRepository } from './online-history';

/** A failed write of the minute's sample is tried again this much later, while the minute lasts. */
const RETRY_MS = 5_000;
const MAX_ATTEMPTS = 5;

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
  /** How long after a failed write of the sample it is tried again (5 s). */
  retryMs?: number;
}): OnlineSampler => {
  const retryMs = deps.retryMs ?? RETRY_MS;
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
    const sample = { minute, counts, loginUp: probes.login, gameUp: probes.game };
    // The turn is this instance's for the whole minute: no other instance will write it, so a
    // failed write (a busy database) is tried again within the minute rather than left missing.
    const recordWithinMinute = async (attempt: number): Promise<boolean> => {
      try {
        return await deps.history.record(sample);
      } catch (error) {
        const retryAt = deps.now() + retryMs;
        if (attempt >= MAX_ATTEMPTS || Math.floor(retryAt / MINUTE_MS) !== minute) throw error;
        deps.onError(error);
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        return recordWithinMinute(attempt + 1);
      }
    };
    const recorded = await recordWithinMinute(1);
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
