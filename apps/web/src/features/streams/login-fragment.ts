/**
 * What Facebook's login dialog sends back to the fb route: `#access_token=...&expires_in=...` on
 * success, `error=access_denied` (in the fragment or the query) when the visitor declined. The
 * dialog hands back the `state` it was given: the realm the streamer chose (decision 049), its slug.
 */
export type LoginReturn =
  { kind: 'token'; accessToken: string; realm?: string } | { kind: 'denied' } | { kind: 'none' };

/** The realm's slug the dialog is given as its `state`, and hands back. */
export const withRealmState = (loginUrl: string, realm: string | undefined): string => {
  if (!realm || !loginUrl) return loginUrl;
  const url = new URL(loginUrl);
  url.searchParams.set('state', realm);
  return url.toString();
};

export const readLoginReturn = (hash: string, search: string): LoginReturn => {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = fragment.get('access_token')?.trim();
  const realm = fragment.get('state')?.trim();
  if (accessToken) return { kind: 'token', accessToken, ...(realm ? { realm } : {}) };
  if (fragment.has('error') || new URLSearchParams(search).has('error')) return { kind: 'denied' };
  return { kind: 'none' };
};
