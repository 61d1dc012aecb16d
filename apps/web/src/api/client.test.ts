import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './client';

/**
 * The anti-forgery header callApi sends: the value of the cookie the server set, `__Host-XSRF-TOKEN`
 * on https and `XSRF-TOKEN` on plain http. jsdom's page is plain http and refuses to store a
 * `__Host-` cookie, so the browser's cookie string is given as a browser on https would show it.
 */
describe('callApi sends the anti-forgery token of the cookie the browser holds', () => {
  let fetch: ReturnType<typeof vi.fn>;
  const sentToken = () => {
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    return (init.headers as Record<string, string>)['x-xsrf-token'];
  };
  const withCookies = (cookies: string) => vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);

  beforeEach(() => {
    fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads XSRF-TOKEN on plain http', async () => {
    withCookies('lang=en; XSRF-TOKEN=plain-token');
    await callApi('getMetadata');
    expect(sentToken()).toBe('plain-token');
  });

  it('reads __Host-XSRF-TOKEN on https', async () => {
    withCookies('lang=en; __Host-XSRF-TOKEN=host-token');
    await callApi('getMetadata');
    expect(sentToken()).toBe('host-token');
  });

  it('prefers __Host-XSRF-TOKEN to an XSRF-TOKEN beside it, whichever comes first', async () => {
    withCookies('XSRF-TOKEN=planted-by-a-sibling; __Host-XSRF-TOKEN=host-token');
    await callApi('getMetadata');
    expect(sentToken()).toBe('host-token');
  });

  it('sends no header when the browser holds neither', async () => {
    withCookies('lang=en');
    await callApi('getMetadata');
    expect(sentToken()).toBeUndefined();
  });
});
