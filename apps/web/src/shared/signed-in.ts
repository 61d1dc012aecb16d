import { COOKIES } from '@gatekeeper/contract/lite';
import { useSyncExternalStore } from 'react';
import { CallError, callApi } from '../api/client';

/**
 * The login of the signed-in account as this tab last learnt it from GET /sdk/account, kept in
 * session storage so the menu shows it on every page. Only a hint for the menu and the account
 * tools' prefill: the session itself is an HttpOnly cookie, and every call the server checks.
 */
const KEY = 'gk-signed-in';
const listeners = new Set<() => void>();

const read = (): string | undefined => {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

export const announceSignedIn = (login: string | undefined): void => {
  if (read() === login) return;
  try {
    if (login === undefined) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, login);
  } catch {
    // Storage refused (private mode): the menu simply does not show the login.
  }
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in login, undefined in the pre-rendered page, while it hydrates, and when signed out. */
export const useSignedInLogin = (): string | undefined => useSyncExternalStore(subscribe, read, () => undefined);

const HINT_NAMES = [COOKIES.signedIn.name, `__Host-${COOKIES.signedIn.name}`];

/** Whether the browser holds the session cookie's readable hint (set and cleared with it by the server). */
const hasSessionHint = (): boolean =>
  document.cookie.split('; ').some((entry) => HINT_NAMES.some((name) => entry.startsWith(`${name}=`)));

const forgetSessionHint = () => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const name of HINT_NAMES) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
};

let learning = false;

/**
 * After hydration, in a tab that knows no login yet (a new tab, a browser opened again) while the
 * browser holds the session's hint cookie: GET /sdk/account once, so the menu shows the login on
 * any page (docs/product.md#my-account). A signed-out visitor has no hint and asks nothing; a hint
 * whose session has ended is forgotten at the 401 (the server clears both cookies where it can).
 */
export const learnSignedIn = (): void => {
  if (learning || read() !== undefined || !hasSessionHint()) return;
  learning = true;
  callApi('getAccount').then(
    (account) => announceSignedIn(account.login),
    (error: unknown) => {
      if (error instanceof CallError && error.status === 401) forgetSessionHint();
    },
  );
};
