import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * A value only the browser knows (a cookie, session storage): `serverValue` in the pre-rendered
 * page and while the browser hydrates it, the browser's own right after. `read` must return the
 * same value for the same state (a string, a boolean).
 */
export const useBrowserValue = <T>(read: () => T, serverValue: T): T =>
  useSyncExternalStore(noChanges, read, () => serverValue);

/** False in the pre-rendered page and while the browser hydrates it, true once the page's script runs it. */
export const useHydrated = (): boolean => useBrowserValue(hydratedInBrowser, false);

const hydratedInBrowser = () => true;
