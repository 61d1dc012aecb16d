/**
 * What Facebook's login dialog sends back to the fb route: `#access_token=...&expires_in=...` on
 * success, `error=access_denied` (in the fragment or the query) when the visitor declined.
 */
export type LoginReturn = { kind: 'token'; accessToken: string } | { kind: 'denied' } | { kind: 'none' };

export const readLoginReturn = (hash: string, search: string): LoginReturn => {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = fragment.get('access_token')?.trim();
  if (accessToken) return { kind: 'token', accessToken };
  if (fragment.has('error') || new URLSearchParams(search).has('error')) return { kind: 'denied' };
  return { kind: 'none' };
};
