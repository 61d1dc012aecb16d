import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startApp } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';

/** A built page as small as the server needs it: index.html (also pre-compressed) and one file. */
const writeDist = (dir: string) => {
  const html =
    '<!doctype html><html><head><meta name="gatekeeper:language-storage" content="localStorage" /></head>' +
    '<body><div id="root"></div></body></html>';
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.gz'), 'not really gzip');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
};

const xsrfCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('XSRF-TOKEN='))
    ?.split(';')[0];

describe('the page and its 404 answers', () => {
  let databases: TestDatabases;
  let dist: string;
  let page: AppUnderTest;
  let api: AppUnderTest;

  beforeAll(async () => {
    databases = await createTestDatabases('sqlite', { seed: false });
    dist = mkdtempSync(join(tmpdir(), 'gatekeeper-dist-'));
    writeDist(dist);
    page = await startApp(databases, {
      serveWebApp: true,
      env: { WEB_DIST_DIR: dist },
      settings: { languageStorage: 'cookie' },
    });
    api = await startApp(databases);
  });
  afterAll(async () => {
    await page?.close();
    await api?.close();
    await databases?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends /index.html as it sends /: with the XSRF-TOKEN cookie and the owner’s options', async () => {
    const response = await fetch(`${page.url}/index.html`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toContain('content="cookie"');
    const cookie = xsrfCookieOf(response);
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,}$/);

    // The page's first POST, with the cookie it was given and the same value in the header.
    const token = cookie!.slice('XSRF-TOKEN='.length);
    const post = await fetch(`${page.url}/sdk/createaccount`, {
      method: 'POST',
      headers: { cookie: cookie!, 'x-xsrf-token': token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).not.toBe(403);
  });

  it('does not serve the page’s pre-compressed index.html as a file', async () => {
    expect((await fetch(`${page.url}/index.html.gz`)).headers.get('content-type')).not.toMatch(/gzip|octet/);
  });

  it.each([
    ['an unknown call', '/sdk/nosuchcall'],
    ['a missing file', '/assets/missing-file.js'],
  ])('answers %s with JSON that is not to be sniffed', async (_what, path) => {
    for (const site of [page, api]) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each([
    ['/', 200],
    ['/register', 200],
    ['/REGISTER/', 200],
    ['/ru/registratsiya?ref=abc', 200],
    ['/statistics/eventTime', 200],
    ['/br/estatisticas/abates', 200],
    ['/no-such-page', 404],
    ['/ru/no-such-page', 404],
    ['/register/extra', 404],
    ['/notfound', 404],
  ])('answers the page at %s with HTTP %i (404 outside the route table)', async (path, status) => {
    const response = await fetch(`${page.url}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });
});

/**
 * On https the anti-forgery cookie is `__Host-XSRF-TOKEN` (Secure, Path=/, no Domain), as the
 * session cookie is `__Host-gk_session`: only this host can set it. An unprefixed XSRF-TOKEN, which
 * a sibling subdomain can plant for the whole domain, is not the token there.
 */
describe('the anti-forgery cookie on https', () => {
  let databases: TestDatabases;
  let dist: string;
  let secure: AppUnderTest;

  beforeAll(async () => {
    databases = await createTestDatabases('sqlite', { seed: false });
    dist = mkdtempSync(join(tmpdir(), 'gatekeeper-dist-'));
    writeDist(dist);
    secure = await startApp(databases, {
      serveWebApp: true,
      env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://play.example.test' },
    });
  });
  afterAll(async () => {
    await secure?.close();
    await databases?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  const createAccount = (headers: Record<string, string>) =>
    fetch(`${secure.url}/sdk/createaccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  it('is set as __Host-XSRF-TOKEN, Secure, on Path=/ and without Domain', async () => {
    const response = await fetch(`${secure.url}/`);
    const cookies = response.headers.getSetCookie();
    expect(cookies.filter((cookie) => cookie.startsWith('XSRF-TOKEN='))).toEqual([]);
    const cookie = cookies.find((c) => c.startsWith('__Host-XSRF-TOKEN='));
    expect(cookie).toMatch(/^__Host-XSRF-TOKEN=[A-Za-z0-9_-]{20,};/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/; Domain=/i);
  });

  it('is set again for a browser that holds only an unprefixed XSRF-TOKEN, and not for one that holds it', async () => {
    const planted = await fetch(`${secure.url}/`, { headers: { cookie: 'XSRF-TOKEN=planted-token-123' } });
    expect(planted.headers.getSetCookie().some((c) => c.startsWith('__Host-XSRF-TOKEN='))).toBe(true);
    const holding = await fetch(`${secure.url}/`, { headers: { cookie: '__Host-XSRF-TOKEN=already-here-123' } });
    expect(holding.headers.getSetCookie().filter((c) => c.includes('XSRF-TOKEN='))).toEqual([]);
  });

  it('takes a write whose header is the __Host- cookie the page was given', async () => {
    const cookie = (await fetch(`${secure.url}/`)).headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-XSRF-TOKEN='))!
      .split(';')[0]!;
    const token = cookie.slice('__Host-XSRF-TOKEN='.length);
    const post = await createAccount({ cookie, 'x-xsrf-token': token });
    expect(post.status).not.toBe(403);
  });

  it('refuses a write that matches only an unprefixed XSRF-TOKEN, even beside the real cookie', async () => {
    const alone = await createAccount({ cookie: 'XSRF-TOKEN=planted-token-123', 'x-xsrf-token': 'planted-token-123' });
    expect({ status: alone.status, body: await alone.json() }).toEqual({ status: 403, body: ['formInvalid'] });
    const beside = await createAccount({
      cookie: 'XSRF-TOKEN=planted-token-123; __Host-XSRF-TOKEN=real-token-456',
      'x-xsrf-token': 'planted-token-123',
    });
    expect(beside.status).toBe(403);
  });

  it('holds the console to the same cookie: a planted XSRF-TOKEN is refused before the session is read', async () => {
    const planted = await fetch(`${secure.url}/sdk/console/me`, {
      headers: { cookie: 'XSRF-TOKEN=planted-token-123', 'x-xsrf-token': 'planted-token-123' },
    });
    expect({ status: planted.status, body: await planted.json() }).toEqual({ status: 403, body: ['formInvalid'] });
    const own = await fetch(`${secure.url}/sdk/console/me`, {
      headers: { cookie: '__Host-XSRF-TOKEN=real-token-456', 'x-xsrf-token': 'real-token-456' },
    });
    expect({ status: own.status, body: await own.json() }).toEqual({ status: 401, body: ['notSignedIn'] });
  });
});
