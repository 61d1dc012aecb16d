import type { CallName, ResponseOf } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { callApi } from './client';

/**
 * A GET call's answer for a component: undefined while loading, the fallback on error
 * (SPEC section 4: lists become empty, the status becomes the default).
 */
export const useCall = <N extends CallName, F>(name: N, fallback: F): ResponseOf<N> | F | undefined => {
  const [value, setValue] = useState<ResponseOf<N> | F | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    // Calls without a body or query: the table's GET reads.
    (callApi as (n: CallName, o: { signal: AbortSignal }) => Promise<ResponseOf<N>>)(name, {
      signal: controller.signal,
    }).then(setValue, () => {
      if (!controller.signal.aborted) setValue(fallback);
    });
    return () => controller.abort();
    // The fallback is a constant of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
  return value;
};
