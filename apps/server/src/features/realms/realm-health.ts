/** How often a realm's database is asked whether it answers, and how long an answer may take. */
export const REALM_PROBE_INTERVAL_MS = 2_000;
export const REALM_PROBE_TIMEOUT_MS = 2_000;

export interface RealmHealth {
  /** Whether the realm's database answered its last probe (and no call found it gone since). */
  isUp(): boolean;
  /** A call's query failed as unavailable: the realm is down until a probe answers. */
  markDown(): void;
  /** Probes now; resolves with the state after it. */
  check(): Promise<boolean>;
  start(): void;
  stop(): void;
}

const withTimeout = (work: Promise<unknown>, ms: number): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * A realm's health (decision 049): a background probe every REALM_PROBE_INTERVAL_MS, each bounded
 * by REALM_PROBE_TIMEOUT_MS, so a database that stops answering is down within their sum (under
 * 5 s) and one that answers again is up at the next probe, without a restart. `probe` resolves
 * when the database answered; `onChange` hears every change (the log, the schema's first read).
 */
export const realmHealth = (options: {
  probe: () => Promise<unknown>;
  initiallyUp: boolean;
  onChange?: (up: boolean, error?: unknown) => void | Promise<void>;
  intervalMs?: number;
  timeoutMs?: number;
}): RealmHealth => {
  const intervalMs = options.intervalMs ?? REALM_PROBE_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? REALM_PROBE_TIMEOUT_MS;
  let up = options.initiallyUp;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  const become = async (next: boolean, error?: unknown) => {
    if (next === up) return;
    up = next;
    await options.onChange?.(next, error);
  };

  const check = (): Promise<boolean> => {
    // One probe at a time: a slow database is not asked again while it has not answered.
    running ??= withTimeout(options.probe(), timeoutMs)
      .then(
        () => become(true),
        (error: unknown) => become(false, error),
      )
      .catch(() => undefined)
      .then(() => {
        running = undefined;
        return up;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void check().then(schedule);
    }, intervalMs);
    timer.unref();
  };

  return {
    isUp: () => up,
    markDown() {
      if (up) void become(false).catch(() => undefined);
    },
    check,
    start() {
      if (timer === undefined && !stopped) schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
