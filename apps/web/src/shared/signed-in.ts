import { useSyncExternalStore } from 'react';

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
