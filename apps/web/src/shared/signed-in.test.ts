import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it asks at most once per page load. */
const load = async () => {
  vi.resetModules();
  return import('./signed-in');
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const clearCookies = () => {
  for (const entry of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${entry.split('=')[0]}=; Max-Age=0; Path=/`;
  }
};

describe('a new tab learns the signed-in login from the session hint', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    clearCookies();
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('asks nothing of a signed-out visitor (no hint cookie)', async () => {
    const { learnSignedIn } = await load();
    learnSignedIn();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks nothing when the tab already knows the login', async () => {
    document.cookie = 'gk_signed_in=1; Path=/';
    sessionStorage.setItem('gk-signed-in', 'demoplayer');
    const { learnSignedIn } = await load();
    learnSignedIn();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads GET /sdk/account once with the hint, and announces the login', async () => {
    document.cookie = 'gk_signed_in=1; Path=/';
    fetch.mockResolvedValue(answer(200, { login: 'demoplayer', characters: [] }));
    const { learnSignedIn } = await load();
    learnSignedIn();
    learnSignedIn();
    await vi.waitFor(() => expect(sessionStorage.getItem('gk-signed-in')).toBe('demoplayer'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/sdk\/account$/);
  });

  it('forgets a hint whose session has ended (401), and shows no login', async () => {
    document.cookie = 'gk_signed_in=1; Path=/';
    fetch.mockResolvedValue(answer(401, ['notSignedIn']));
    const { learnSignedIn } = await load();
    learnSignedIn();
    await vi.waitFor(() => expect(document.cookie).not.toContain('gk_signed_in'));
    expect(sessionStorage.getItem('gk-signed-in')).toBeNull();
  });
});
