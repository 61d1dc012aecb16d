import type { CallName, ResponseOf } from '@gatekeeper/contract/lite';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from './client';
import { usePageAnswer } from './page-answers';

const FAILED = Symbol('failed');

/**
 * Runs a GET call without body or query; a new `attempt` runs it again (loading meanwhile). On a
 * page the server rendered with this call's answer (decision 040), that answer is the value from
 * the first render (the one hydrated) until the call answers again; should that fail, the
 * rendered answer stays.
 */
const useCallAttempt = <N extends CallName>(
  name: N,
  attempt: number,
  skip = false,
): ResponseOf<N> | typeof FAILED | undefined => {
  const rendered = usePageAnswer(name);
  const [answer, setAnswer] = useState<{ name: N; attempt: number; value: ResponseOf<N> | typeof FAILED }>();
  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    // Calls without a body or query: the table's GET reads.
    (callApi as (n: CallName, o: { signal: AbortSignal }) => Promise<ResponseOf<N>>)(name, {
      signal: controller.signal,
    }).then(
      (value) => setAnswer({ name, attempt, value }),
      () => {
        if (!controller.signal.aborted) setAnswer({ name, attempt, value: FAILED });
      },
    );
    return () => controller.abort();
  }, [name, attempt, skip]);
  if (answer?.name !== name || answer.attempt !== attempt) return rendered;
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
  options: { skip?: boolean } = {},
): ResponseOf<N> | F | undefined => {
  const value = useCallAttempt(name, 0, options.skip);
  return value === FAILED ? fallback : value;
};

/**
 * A GET call that says when it failed and can be tried again (the rankings); with `skip` it is not
 * made (the answer was given at render).
 */
export const useRetryableCall = <N extends CallName>(
  name: N,
  options: { skip?: boolean } = {},
): { value: ResponseOf<N> | undefined; failed: boolean; retry: () => void } => {
  const [attempt, setAttempt] = useState(0);
  const value = useCallAttempt(name, attempt, options.skip);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return value === FAILED ? { value: undefined, failed: true, retry } : { value, failed: false, retry };
};
