/**
 * A value computed in the background and read without waiting: the first read waits for the
 * first computation, every later read answers the latest value while a refresh runs behind it.
 * A failed refresh keeps serving the fallback (not a stale success), as the spec's lists and
 * status lights ask.
 */
export interface RefreshingValue<T> {
  get(): Promise<T>;
  /** The value of the last finished computation (the fallback before one finishes); never waits. */
  latest(): T;
  /** Recomputes now and resolves once the new value is in place. */
  refresh(): Promise<T>;
  stop(): void;
}

export const refreshingValue = <T>(options: {
  compute: () => Promise<T>;
  fallback: T;
  intervalMs: number;
  onError?: (error: unknown) => void;
  /** Called each time a computation has finished and its value (or the fallback) is the latest. */
  onSettled?: (value: T) => void;
}): RefreshingValue<T> => {
  let current: Promise<T> | undefined;
  let settled = options.fallback;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const run = (): Promise<T> =>
    options
      .compute()
      .catch((error: unknown) => {
        options.onError?.(error);
        return options.fallback;
      })
      .then((value) => {
        settled = value;
        options.onSettled?.(value);
        return value;
      });

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      const next = run();
      void next.then(() => {
        current = next;
        schedule();
      });
    }, options.intervalMs);
    timer.unref();
  };

  return {
    get() {
      if (!current) {
        current = run();
        schedule();
      }
      return current;
    },
    latest: () => settled,
    async refresh() {
      const next = run();
      await next;
      current = next;
      return next;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
