import type { AccountAnswer } from '@gatekeeper/contract/lite';
import { useCallback, useEffect, useState } from 'react';
import { CallError, callApi } from '../../api/client';

/** What the page knows of the session: still asking, none, or the signed-in account. */
export type AccountState =
  { kind: 'loading' } | { kind: 'signedOut' } | { kind: 'failed' } | { kind: 'signedIn'; account: AccountAnswer };

/**
 * The signed-in account (GET /sdk/account, never cached). The pre-rendered page holds none of it:
 * it is read in the browser, and a 401 means the sign-in form.
 */
const read = (): Promise<AccountState> =>
  callApi('getAccount').then(
    (account): AccountState => ({ kind: 'signedIn', account }),
    (error: unknown): AccountState =>
      error instanceof CallError && error.status === 401 ? { kind: 'signedOut' } : { kind: 'failed' },
  );

export const useAccount = () => {
  const [state, setState] = useState<AccountState>({ kind: 'loading' });
  const reload = useCallback(() => read().then(setState), []);
  useEffect(() => {
    let live = true;
    void read().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  return { state, reload, signedOut: () => setState({ kind: 'signedOut' }) };
};
