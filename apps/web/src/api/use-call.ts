import type { CallName, ResponseOf } from '@gatekeeper/contract/lite';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from './client';
import { usePageAnswer } from './page-answers';

const FAILED = Symbol('failed');

/**
 * Runs a GET call without body, with the realm's query of a realm-scoped read (decision 049) or
 * none; a new `attempt` runs it again (loading meanwhile). On a
 * page the server rendered with this call's answer (decision 040), that answer is the value from
 * the first render (the one hydrated) until the call answers again; should that fail, the
 * rendered answer stays.
 */
const useCallAttempt = <N extends CallName>(
  name: N,
  attempt: number,
  skip = false,
  query?: Readonly<Record<string, string>>,
): ResponseOf<N> | typeof FAILED | undefined => {
  const rendered = usePageAnswer(name, query);
  const queryKey = query ? JSON.stringify(query) : '';
  const [answer, setAnswer] = useState<{
    name: N;
    attempt: number;
    value: ResponseOf<N> | typeof FAILED;
    queryKey: string;
  }>();
  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    // Calls without a body: the table's GET reads, a realm's with its query.
    (
      callApi as (
        n: CallName,
        o: { signal: AbortSignal; query?: Readonly<Record<string, string>> },
      ) => Promise<ResponseOf<N>>
    )(name, {
      signal: controller.signal,
      ...(queryKey ? { query: JSON.parse(queryKey) as Record<string, string> } : {}),
    }).then(
      (value) => setAnswer({ name, attempt, value, queryKey }),
      () => {
        if (!controller.signal.aborted) setAnswer({ name, attempt, value: FAILED, queryKey });
      },
    );
    return () => controller.abort();
  }, [name, attempt, skip, queryKey]);
  if (answer?.name !== name || answer.attempt !== attempt || answer.queryKey !== queryKey) return rendered;
  return answer.value === FAILED && rendered !== undefined ? rendered : answer.value;
};

/**
 * A GET call's answer for a component: undefined while loading, the fallback on error
 * (docs/product.md#error-codes-and-dialogs: lists become empty, the status becomes the default);
 * on a page the server rendered with the call's answer, that answer until the call answers again.
 */
export const useCall = <N extends CallName, F>(
  name: N,
  fallback: F,
  options: { skip?: boolean; query?: Readonly<Record<string, string>> } = {},
): ResponseOf<N> | F | undefined => {
  const value = useCallAttempt(name, 0, options.skip, options.query);
  return value === FAILED ? fallback : value;
};

/**
 * A GET call that says when it failed and can be tried again (the rankings); with `skip` it is not
 * made (the answer was given at render).
 */
export const useRetryableCall = <N extends CallName>(
  name: N,
  options: { skip?: boolean; query?: Readonly<Record<string, string>> } = {},
): { value: ResponseOf<N> | undefined; failed: boolean; retry: () => void } => {
  const [attempt, setAttempt] = useState(0);
  const value = useCallAttempt(name, attempt, options.skip, options.query);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return value === FAILED ? { value: undefined, failed: true, retry } : { value, failed: false, retry };
};
