import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import { useSignedInLogin } from '../../shared/signed-in';

/**
 * When this tab is signed in (docs/product.md#my-account), the account tools fill in its login and
 * offer its characters' names; signed out they stay as they are. The names are read from the
 * session's account (GET /sdk/account), never stored by the page.
 */
export const useSignedInAccount = (): { prefill: { username?: string }; charNames: string[] } => {
  const login = useSignedInLogin();
  const [charNames, setCharNames] = useState<string[]>([]);
  useEffect(() => {
    if (!login) return;
    let live = true;
    callApi('getAccount').then(
      (account) => live && setCharNames(account.characters.map((character) => character.name)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [login]);
  return { prefill: login ? { username: login } : {}, charNames: login ? charNames : [] };
};
