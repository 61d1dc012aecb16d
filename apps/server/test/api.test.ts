import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { EMBED_FRAME_ORIGINS, api } from '@gatekeeper/contract';
import { splitOpeningDate } from '../src/features/metadata/opening-date';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfCookieName } from '../src/infra/csrf';
import { registerErrorHandler } from '../src/infra/errors';
import { sdkRoute } from '../src/infra/sdk-route';
import { type AppUnderTest, csrfHeaders, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import { useSite } from './support/use-site';
import { listeningServer } from './support/listening-server';
import { FLAVOR_KINDS } from './support/flavored-world';
import type { FlavorName } from '../src/game/flavors';

/** A content security policy as directive name → sources. */
const parseCsp = (header: string | null): Map<string, string[]> =>
  new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources] as const;
      }),
  );

describe.each(DATABASE_KINDS)('the /sdk API on %s', (kind: DatabaseKind) => {
  const site = useSite(kind);

  describe('GET /sdk/getmetadata', () => {
    it('answers the contract shape with the settings defaults', async () => {
      const response = await fetch(`${site.url}/sdk/getmetadata`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = api.getMetadata.response.parse(await response.json());
      // Every default is checked on the presenter (metadata/opening-date.test.ts); here, that they
      // reach the wire.
      expect([body.coinsName, body.chronicle, body.ipv6LookupUrl]).toEqual(['Donation Coin', 'Interlude', '']);
      expect(body.voteSites).toHaveLength(10);
    });

    it('splits the default opening date in its own time zone', async () => {
      const body = api.getMetadata.response.parse(await (await fetch(`${site.url}/sdk/getmetadata`)).json());
      // The splitting itself is tested on splitOpeningDate; here, the default reaches the wire.
      expect(body.openingDate).toEqual(splitOpeningDate('2025-11-01T18:00:00+02:00'));
      expect(body.openingDate?.timestamp).toBe(Date.parse('2025-11-01T18:00:00+02:00'));
    });

    describe('with custom settings', () => {
      let custom: AppUnderTest;
      beforeAll(async () => {
        custom = await startApp(site.databases, {
          settings: {
            server: {
              chronicle: '',
              eventName: 'Capture the Flag',
              orderPercent: 65,
              chaosPercent: 35,
              openingDate: '2027-06-30T23:30:00-04:00',
            },
            coins: { name: 'Gold Coin', perRef: 5, perEuro: 80 },
            voteSites: [],
            chat: { discordWidgetId: '112233445566' },
          },
        });
      });
      afterAll(async () => {
        await custom?.close();
      });

      it('answers the owner settings, N/A for an empty chronicle', async () => {
        const body = api.getMetadata.response.parse(await (await fetch(`${custom.url}/sdk/getmetadata`)).json());
        expect(body).toMatchObject({
          coinsName: 'Gold Coin',
          coinsPerRef: 5,
          coinsPerEuro: 80,
          chronicle: 'N/A',
          eventName: 'Capture the Flag',
          orderPercent: 65,
          chaosPercent: 35,
          voteSites: [],
          discordWidgetId: '112233445566',
        });
        expect(body.openingDate).toMatchObject({
          dayStr: 'Wednesday',
          dayNum: 30,
          month: 6,
          year: 2027,
          hour: 23,
          gmt: -4,
        });
      });
    });
  });

  describe('GET /sdk/getserverstatus', () => {
    it('answers red offline lights when nothing listens', async () => {
      const response = await fetch(`${site.url}/sdk/getserverstatus`);
      expect(response.status).toBe(200);
      expect(api.getServerStatus.response.parse(await response.json())).toEqual({
        loginStatus: { type: 'offline', color: 'red' },
        gameStatus: { type: 'offline', color: 'red' },
        playersOnline: null,
      });
    });

    describe('with a login server listening', () => {
      let loginServer: Awaited<ReturnType<typeof listeningServer>>;
      let probed: AppUnderTest;
      beforeAll(async () => {
        loginServer = await listeningServer();
        probed = await startApp(site.databases, { env: { LOGIN_SERVER_ADDRESS: `127.0.0.1:${loginServer.port}` } });
      });
      afterAll(async () => {
        await probed?.close();
        await loginServer?.close();
      });

      it('answers a green online login light and a red game light', async () => {
        const body = api.getServerStatus.response.parse(
          await (await fetch(`${probed.url}/sdk/getserverstatus`)).json(),
        );
        expect(body).toEqual({
          loginStatus: { type: 'online', color: 'green' },
          gameStatus: { type: 'offline', color: 'red' },
          playersOnline: null,
        });
      });
    });
  });

  describe('GET /sdk/getipaddress', () => {
    it("answers the visitor's IPv4 as plain text", async () => {
      const response = await fetch(`${site.url}/sdk/getipaddress`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe('127.0.0.1');
    });

    it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
      const response = await fetch(`${site.url}/sdk/getipaddress`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(await response.text()).toBe('127.0.0.1');
    });

    describe('behind a trusted proxy', () => {
      let proxied: AppUnderTest;
      beforeAll(async () => {
        proxied = await startApp(site.databases, { env: { TRUST_PROXY: 'true' } });
      });
      afterAll(async () => {
        await proxied?.close();
      });

      it('answers the address of X-Forwarded-For with TRUST_PROXY=true', async () => {
        const response = await fetch(`${proxied.url}/sdk/getipaddress`, {
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
        expect(await response.text()).toBe('203.0.113.7');
      });

      it('answers an empty text for a forwarded IPv6 visitor', async () => {
        const response = await fetch(`${proxied.url}/sdk/getipaddress`, {
          headers: { 'x-forwarded-for': '2001:db8::1' },
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe('');
      });
    });
  });

  describe('GET /healthz', () => {
    it('answers 200 up with every database reachable, never cached nor sniffed', async () => {
      const response = await fetch(`${site.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'up', databases: { login: true, game: true, site: true } });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('anti-forgery on the real app', () => {
    const post = (headers: Record<string, string>, body = '{}') =>
      fetch(`${site.url}/sdk/createaccount`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    /** The guard sits on each POST call (sdk-route.ts): before createaccount exists, Fastify answers 404. */
    const refusal = () => (site.app.hasRoute({ method: 'POST', url: '/sdk/createaccount' }) ? 403 : 404);

    it('refuses POST /sdk/createaccount without cookie and header', async () => {
      expect((await post({})).status).toBe(refusal());
    });

    it('refuses POST /sdk/createaccount whose header does not match the cookie', async () => {
      expect((await post({ cookie: 'XSRF-TOKEN=right-token-1', 'x-xsrf-token': 'wrong-token-2' })).status).toBe(
        refusal(),
      );
    });

    it('lets POST /sdk/createaccount with matching cookie and header past the guard', async () => {
      const response = await post(csrfHeaders());
      expect(response.status).not.toBe(403);
      expect([400, 404]).toContain(response.status);
    });

    it('does not guard GET calls', async () => {
      expect((await fetch(`${site.url}/sdk/getmetadata`)).status).toBe(200);
      expect((await fetch(`${site.url}/sdk/ischaracterexist?name=DemoKnight`)).status).toBe(200);
    });
  });

  describe('errors', () => {
    it('answers 404 JSON for an unknown /sdk path', async () => {
      const response = await fetch(`${site.url}/sdk/nosuchcall`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await response.json();
    });

    it('answers a 4xx, never a 5xx, for malformed JSON', async () => {
      const response = await fetch(`${site.url}/sdk/createaccount`, {
        method: 'POST',
        headers: csrfHeaders(),
        body: '{"username": "abc",',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it('answers 413 for a body over 64 KiB', async () => {
      const response = await fetch(`${site.url}/sdk/createaccount`, {
        method: 'POST',
        headers: csrfHeaders(),
        body: JSON.stringify({ username: 'x'.repeat(65 * 1024) }),
      });
      expect(response.status).toBe(413);
    });

    it('accepts a body just under 64 KiB past the size limit', async () => {
      const response = await fetch(`${site.url}/sdk/createaccount`, {
        method: 'POST',
        headers: csrfHeaders(),
        body: JSON.stringify({ username: 'x'.repeat(63 * 1024) }),
      });
      expect(response.status).not.toBe(413);
      expect(response.status).toBeLessThan(500);
    });

    it('answers the security headers on an /sdk answer', async () => {
      for (const path of [
        '/sdk/getmetadata',
        '/sdk/getserverstatus',
        '/sdk/getipaddress',
        '/sdk/ischaracterexist?name=x',
      ]) {
        const response = await fetch(`${site.url}${path}`);
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
        expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      }
    });

    it('answers the security headers on an /sdk validation refusal', async () => {
      const response = await fetch(`${site.url}/sdk/ischaracterexist?name=${'a'.repeat(65)}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });
});

describe('the anti-forgery guard of an /sdk POST call', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    // As app.ts does: the anti-forgery cookie's name of a plain-http site.
    app.decorate('csrfCookie', csrfCookieName(false));
    sdkRoute(app, 'createAccount', (_input, _request, reply) => reply.send([]));
    sdkRoute(app, 'isCharacterExist', (_input, _request, reply) => reply.send(true));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const validBody = JSON.stringify({
    username: 'player1',
    newPassword: 'Abcdef1!',
    confirmPassword: 'Abcdef1!',
    email: 'player1@example.com',
    confirmEmail: 'player1@example.com',
    captcha: 'token',
  });
  const post = (headers: Record<string, string>, body = validBody) =>
    fetch(`${url}/sdk/createaccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('refuses a POST without cookie and header with 403 formInvalid', async () => {
    const response = await post({});
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(['formInvalid']);
  });

  it('refuses a POST whose header does not match the cookie with 403', async () => {
    expect((await post({ cookie: 'XSRF-TOKEN=right-token-1', 'x-xsrf-token': 'wrong-token-2' })).status).toBe(403);
    expect((await post({ cookie: 'XSRF-TOKEN=same-prefix', 'x-xsrf-token': 'same-prefix-longer' })).status).toBe(403);
  });

  it('refuses a POST with only the header or only the cookie with 403', async () => {
    expect((await post({ 'x-xsrf-token': 'test-token-123456' })).status).toBe(403);
    expect((await post({ cookie: 'XSRF-TOKEN=test-token-123456' })).status).toBe(403);
  });

  it('refuses a token in another cookie name with 403', async () => {
    expect((await post({ cookie: 'OTHER-TOKEN=test-token-123456', 'x-xsrf-token': 'test-token-123456' })).status).toBe(
      403,
    );
  });

  it('runs the call with matching cookie and header', async () => {
    const response = await post(csrfHeaders());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('finds the token among other cookies', async () => {
    const response = await post({ cookie: 'lang=ru; XSRF-TOKEN=tok-42; users=a|b', 'x-xsrf-token': 'tok-42' });
    expect(response.status).toBe(200);
  });

  it('answers the error codes for an invalid body past the guard', async () => {
    const response = await post(
      csrfHeaders(),
      JSON.stringify({ username: '', newPassword: '', confirmPassword: '', email: '', confirmEmail: '', captcha: '' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(['UsernameEmpty', 'PasswordEmpty', 'EmailEmpty', 'CaptchaEmpty']);
  });

  it('checks the guard before reading the body', async () => {
    const response = await post({}, '{"broken":');
    expect(response.status).toBe(403);
  });

  it('does not guard a GET call', async () => {
    const response = await fetch(`${url}/sdk/ischaracterexist?name=x`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');
const hasBuiltPage = existsSync(resolve(WEB_DIST, 'index.html'));

describe.skipIf(!hasBuiltPage)(
  'the built page (skipped when apps/web/dist/index.html is missing: run "npm run build -w apps/web")',
  () => {
    const site = useSite('sqlite', { databases: { seed: false }, app: { serveWebApp: true } });

    it.each([
      ['/', 200, 'en'],
      ['/ru/registratsiya', 200, 'ru'],
      // The not-found page; the status tells search engines and link previews.
      ['/anything/unknown', 404, 'en'],
    ])('answers %s with HTTP %i and the page pre-rendered in %s', async (path, status, language) => {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toMatch(/<div id="root"><!--\$--><a href="#main" class="skip-link">/);
    });

    it('sends a content security policy that frames only the embeds we use', async () => {
      const csp = parseCsp((await fetch(`${site.url}/`)).headers.get('content-security-policy'));
      expect(csp.get('frame-src')).toEqual([...EMBED_FRAME_ORIGINS]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    });

    it('allows the inline script loader by its hash in script-src, and no other inline script', async () => {
      const response = await fetch(`${site.url}/`);
      const scriptSrc = parseCsp(response.headers.get('content-security-policy')).get('script-src') ?? [];
      const inline = [...(await response.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
        ([, body]) => body ?? '',
      );
      expect(inline).toHaveLength(1);
      expect(inline[0]).toContain("document.createElement('script')");
      const hash = `'sha256-${createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64')}'`;
      expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toEqual([hash]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    });

    it('sets an XSRF-TOKEN cookie when the request has none', async () => {
      const response = await fetch(`${site.url}/`);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{20,};/);
      expect(cookie).toMatch(/Path=\//i);
      expect(cookie).toMatch(/SameSite=Strict/i);
    });

    it('sets no new XSRF-TOKEN cookie when the request has one', async () => {
      const response = await fetch(`${site.url}/ru/registratsiya`, {
        headers: { cookie: 'XSRF-TOKEN=already-here-123' },
      });
      expect(response.headers.getSetCookie().filter((c) => c.startsWith('XSRF-TOKEN='))).toEqual([]);
    });

    /** The entry script of the built page, read at test time (the build may have run since). */
    const entryScript = () => {
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(resolve(WEB_DIST, 'index.html'), 'utf8'))?.[1];
      expect(script).toBeDefined();
      return script!;
    };

    it('caches a hashed file under /assets/ as immutable when sent uncompressed', async () => {
      const response = await fetch(`${site.url}${entryScript()}`, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('cache-control')).toContain('immutable');
    });

    it.each(['br', 'gzip'])('caches the pre-compressed (%s) answer of a hashed file as immutable', async (encoding) => {
      const response = await fetch(`${site.url}${entryScript()}`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('cache-control')).toContain('immutable');
    });

    it('caches every hashed script under /assets/ as immutable', async () => {
      const scripts = readdirSync(resolve(WEB_DIST, 'assets')).filter((file) => file.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const file of scripts) {
        const response = await fetch(`${site.url}/assets/${file}`, { headers: { 'accept-encoding': 'identity' } });
        expect(response.headers.get('cache-control'), file).toContain('immutable');
      }
    });

    it('serves /locales/en.json as JSON that is not immutable', async () => {
      const response = await fetch(`${site.url}/locales/en.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).not.toContain('immutable');
      expect(((await response.json()) as Record<string, unknown>).UsernameEmpty).toEqual(expect.any(String));
    });

    it('sends the built bytes of a file in each encoding, with one ETag that answers 304 in any of them', async () => {
      const path = entryScript();
      const onDisk = readFileSync(resolve(WEB_DIST, `.${path}`));
      const raw = async (encoding: string) => {
        const response = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': encoding } });
        return { response, bytes: Buffer.from(await response.arrayBuffer()) };
      };
      const plain = await raw('identity');
      expect(plain.bytes.equals(onDisk)).toBe(true);
      expect(plain.response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(plain.response.headers.get('vary')).toBe('accept-encoding');
      const etag = plain.response.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      // fetch() decodes what it asked for; the length says the compressed bytes crossed the wire.
      const br = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('etag')).toBe(etag);
      expect(Number(br.headers.get('content-length'))).toBe(readFileSync(resolve(WEB_DIST, `.${path}.br`)).length);
      expect(Buffer.from(await br.arrayBuffer()).equals(onDisk)).toBe(true);
      for (const encoding of ['identity', 'gzip', 'br']) {
        const again = await fetch(`${site.url}${path}`, {
          headers: { 'accept-encoding': encoding, 'if-none-match': `W/"x", ${etag}` },
        });
        expect(again.status, encoding).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('content-encoding')).toBeNull();
      }
      const head = await fetch(`${site.url}${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('content-length'))).toBe(onDisk.length);
    });

    it('answers a page path written in another case or with a trailing slash with that page', async () => {
      for (const path of ['/RU/Registratsiya', '/ru/registratsiya/']) {
        const response = await fetch(`${site.url}${path}`);
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).toContain('<html lang="ru">');
      }
    });

    it('answers 404 JSON for an unknown /sdk path and a missing file', async () => {
      const call = await fetch(`${site.url}/sdk/nosuchcall`);
      expect(call.status).toBe(404);
      expect(call.headers.get('content-type')).toMatch(/^application\/json/);
      const file = await fetch(`${site.url}/assets/missing-file.js`);
      expect(file.status).toBe(404);
    });

    it("says 'localStorage' in the language-storage meta tag by default", async () => {
      const html = await (await fetch(`${site.url}/`)).text();
      expect(html).toContain('<meta name="gatekeeper:language-storage" content="localStorage" />');
    });

    describe("with languageStorage 'cookie'", () => {
      let cookieSite: AppUnderTest;
      beforeAll(async () => {
        cookieSite = await startApp(site.databases, { serveWebApp: true, settings: { languageStorage: 'cookie' } });
      });
      afterAll(async () => {
        await cookieSite?.close();
      });

      it("says 'cookie' in the language-storage meta tag", async () => {
        const html = await (await fetch(`${cookieSite.url}/`)).text();
        expect(html).toContain('<meta name="gatekeeper:language-storage" content="cookie" />');
        expect(html).not.toContain('content="localStorage"');
      });
    });

    describe('with the turnstile captcha', () => {
      let turnstileSite: AppUnderTest;
      beforeAll(async () => {
        turnstileSite = await startApp(site.databases, {
          serveWebApp: true,
          env: {
            CAPTCHA_PROVIDER: 'turnstile',
            CAPTCHA_SITE_KEY: '1x00000000000000000000AA',
            CAPTCHA_SECRET: 'test-secret',
          },
        });
      });
      afterAll(async () => {
        await turnstileSite?.close();
      });

      it("adds only the captcha provider's origin to frame-src", async () => {
        const csp = parseCsp((await fetch(`${turnstileSite.url}/`)).headers.get('content-security-policy'));
        expect(csp.get('frame-src')).toEqual([...EMBED_FRAME_ORIGINS, 'https://challenges.cloudflare.com']);
      });
    });
  },
);

/** The vote panel's name check reads the flavour's characters table (aCis: obj_Id, its own collation). */
describe.each(FLAVOR_KINDS)(
  'GET /sdk/ischaracterexist on %s tables in %s',
  (flavor: FlavorName, kind: DatabaseKind) => {
    const site = useSite(kind, { databases: { flavor } });

    const exists = async (query: string) => {
      const response = await fetch(`${site.url}/sdk/ischaracterexist?${query}`);
      return { status: response.status, body: await response.json() };
    };

    it('answers true for a demo character in any case', async () => {
      expect(await exists('name=DEMOKNIGHT')).toEqual({ status: 200, body: true });
    });

    it('answers false for an unknown character', async () => {
      expect(await exists('name=NoSuchHero')).toEqual({ status: 200, body: false });
    });

    it('answers false for an empty or blank name', async () => {
      expect(await exists('name=')).toEqual({ status: 200, body: false });
      expect(await exists('name=%20%20')).toEqual({ status: 200, body: false });
    });

    it('refuses a 65-character name with 400', async () => {
      expect((await exists(`name=${'a'.repeat(64)}`)).status).toBe(200);
      const tooLong = await exists(`name=${'a'.repeat(65)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual(['formInvalid']);
    });

    it('refuses a request without a name with 400', async () => {
      expect((await exists('')).status).toBe(400);
    });
  },
);
