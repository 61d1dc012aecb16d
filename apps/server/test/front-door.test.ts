import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CALLS, LANGUAGES, api, clanHref, getNewsPostHref } from '@gatekeeper/contract';
import { type MockInstance, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEB_DIST_DIR } from '../src/paths';
import type { FrontDoor } from '../src/infra/front-door';
import { startApp } from './app-under-test';
import { createTestDatabases } from './databases';
import { useSite } from './support/use-site';
import { answerHeaders, rawAnswer } from './support/raw-answer';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { accountToolSettings } from './support/mailed-site';

/** A fresh visitor gets a fresh cookie: not part of the answer compared. */
const answerHeadersOf = (headers: Record<string, unknown>) => answerHeaders(headers, ['set-cookie']);

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const hashedScript = `/assets/${readdirSync(join(WEB_DIST_DIR, 'assets')).find((file) => file.endsWith('.js'))}`;
const RANKINGS = Object.values(CALLS)
  .filter((call) => call.method === 'GET' && call.path.endsWith('statistics'))
  .map((call) => call.path);

/** Every public GET the front door answers (decision 023): the page in two languages, the files, and the /sdk reads. */
const PUBLIC_GETS = [
  '/',
  '/ru/registratsiya',
  // A console section's address: the console's page.
  '/ru/konsol/audit',
  '/index.html',
  hashedScript,
  '/locales/ru.json',
  '/images/header/header-art.svg',
  '/sdk/getmetadata',
  '/sdk/getserverstatus',
  '/sdk/getrealmstatus?realm=main',
  '/sdk/getlivestreams',
  '/sdk/getyoutubevideos',
  '/sdk/getipaddress',
  '/sdk/ischaracterexist?name=DemoKnight',
  ...RANKINGS,
];

/**
 * The front door (infra/front-door.ts, decision 023): every public GET answered from memory before
 * routing, with exactly what its Fastify route answers; the rest left to Fastify.
 */
describe('the front door', () => {
  let answered: MockInstance<FrontDoor['answer']>;
  /** Whether the front door answered the last request the server was given. */
  const lastAnsweredAtFrontDoor = () => answered.mock.results.at(-1)?.value as boolean | undefined;

  const site = useSite('sqlite', { app: { serveWebApp: true, env: { TRUST_PROXY: '127.0.0.1' } } });
  beforeAll(() => {
    const frontDoor = site.app.frontDoor;
    if (!frontDoor) throw new Error('the site has no front door');
    answered = vi.spyOn(frontDoor, 'answer');
  });

  it('covers the rankings the contract lists, the votes ranking included', () => {
    expect(RANKINGS).toHaveLength(11);
    expect(RANKINGS).toContain('/sdk/getvotersstatistics');
  });

  it.each(PUBLIC_GETS)('answers %s before routing, with the status, headers and bytes of its route', async (path) => {
    // The first request of a page or a background value may be the one that computes it.
    await rawAnswer(`${site.url}${path}`, 'GET', BROWSER);
    const answer = await rawAnswer(`${site.url}${path}`, 'GET', BROWSER);
    expect(lastAnsweredAtFrontDoor()).toBe(true);
    expect(answer.status).toBe(200);
    const routed = await site.app.inject({ method: 'GET', url: path, headers: BROWSER });
    expect(routed.statusCode).toBe(200);
    expect(answerHeadersOf(answer.headers)).toEqual(answerHeadersOf(routed.headers));
    expect(answer.body.equals(routed.rawPayload)).toBe(true);
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
  });

  it('answers 304 to a browser that holds the page or the file already', async () => {
    for (const path of ['/', hashedScript, '/locales/en.json']) {
      const first = await rawAnswer(`${site.url}${path}`, 'GET', BROWSER);
      const again = await rawAnswer(`${site.url}${path}`, 'GET', {
        ...BROWSER,
        'if-none-match': String(first.headers.etag),
      });
      expect(lastAnsweredAtFrontDoor()).toBe(true);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    }
  });

  it('gives the anti-forgery cookie with a page to a browser without one, and not again', async () => {
    const fresh = await rawAnswer(`${site.url}/`, 'GET', BROWSER);
    expect(lastAnsweredAtFrontDoor()).toBe(true);
    expect(String(fresh.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[^;]+; Path=\/; SameSite=Strict/);
    const returning = await rawAnswer(`${site.url}/`, 'GET', { ...BROWSER, cookie: 'XSRF-TOKEN=abc' });
    expect(returning.headers['set-cookie']).toBeUndefined();
    // A page that sets a cookie is this visitor's own: no shared cache may keep it.
    expect(fresh.headers['cache-control']).toBe('private, no-cache');
    expect(returning.headers['cache-control']).toBe('no-cache');
  });

  it('answers a stale or foreign If-None-Match with the whole page, not 304', async () => {
    for (const path of ['/', '/register']) {
      const first = await rawAnswer(`${site.url}${path}`, 'GET', { ...BROWSER, cookie: 'XSRF-TOKEN=abc' });
      const current = String(first.headers.etag);
      for (const stale of ['"an-old-build"', 'W/"an-old-build"', `"x${current.replaceAll('"', '')}"`, '""']) {
        const again = await rawAnswer(`${site.url}${path}`, 'GET', {
          ...BROWSER,
          cookie: 'XSRF-TOKEN=abc',
          'if-none-match': stale,
        });
        expect(again.status, `${path} with ${stale}`).toBe(200);
        expect(again.body.equals(first.body), `${path} with ${stale}`).toBe(true);
      }
    }
  });

  it('finds the visitor behind the trusted proxy as Fastify does', async () => {
    const answer = await rawAnswer(`${site.url}/sdk/getipaddress`, 'GET', { 'x-forwarded-for': '203.0.113.9' });
    expect(lastAnsweredAtFrontDoor()).toBe(true);
    expect(answer.body.toString()).toBe('203.0.113.9');
    const routed = await site.app.inject({
      method: 'GET',
      url: '/sdk/getipaddress',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '127.0.0.1',
    });
    expect(routed.body).toBe('203.0.113.9');
    // An address the proxy did not vouch for is not believed: 198.51.100.1 is not trusted.
    const chained = await rawAnswer(`${site.url}/sdk/getipaddress`, 'GET', {
      'x-forwarded-for': '203.0.113.9, 198.51.100.1',
    });
    expect(chained.body.toString()).toBe('198.51.100.1');
  });

  it('asks the route for a name not asked before, then answers it from memory', async () => {
    const path = '/sdk/ischaracterexist?name=NobodyByThisName';
    const first = await rawAnswer(`${site.url}${path}`, 'GET');
    expect(lastAnsweredAtFrontDoor()).toBe(false);
    expect(first.body.toString()).toBe('false');
    const second = await rawAnswer(`${site.url}/sdk/ischaracterexist?name=%20nobodybythisname`, 'GET');
    expect(lastAnsweredAtFrontDoor()).toBe(true);
    expect(second.body.toString()).toBe('false');
    expect((await rawAnswer(`${site.url}/sdk/ischaracterexist?name=demoknight`, 'GET')).body.toString()).toBe('true');
  });

  it('leaves to Fastify what it cannot answer from memory, which answers as before', async () => {
    const cases: [string, string, number][] = [
      ['HEAD', '/sdk/getmetadata', 200],
      ['POST', '/sdk/getmetadata', 404],
      ['GET', '/sdk/nosuchcall', 404],
      ['GET', '/no/such/page', 404],
      ['GET', '/Register', 200],
      ['GET', '/healthz', 200],
      // Two names, or none: the contract refuses them, and so does the route.
      ['GET', '/sdk/ischaracterexist?name=DemoKnight&name=Other', 400],
      ['GET', '/sdk/ischaracterexist', 400],
    ];
    for (const [method, path, status] of cases) {
      const answer = await rawAnswer(`${site.url}${path}`, method, BROWSER);
      expect(lastAnsweredAtFrontDoor(), `${method} ${path}`).toBe(false);
      expect(answer.status, `${method} ${path}`).toBe(status);
    }
  });
});

/**
 * Pages with a key in their path (a clan's name, a news post's slug): rendered once by the
 * not-found handler, then answered at the front door while they show what is true now.
 */
describe('the front door with clan and news pages', () => {
  let answered: MockInstance<FrontDoor['answer']>;
  const lastAnsweredAtFrontDoor = () => answered.mock.results.at(-1)?.value as boolean | undefined;
  const clock = testClock();
  const site = useSite('sqlite', {
    app: {
      serveWebApp: true,
      now: clock.now,
      settings: {
        ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
        console: CONSOLE_SETTINGS,
      },
    },
  });
  beforeAll(() => {
    const frontDoor = site.app.frontDoor;
    if (!frontDoor) throw new Error('the site has no front door');
    answered = vi.spyOn(frontDoor, 'answer');
  });

  /** The first GET may render the page; the second is the front door's, with the route's bytes. */
  const expectAtFrontDoor = async (path: string) => {
    await rawAnswer(`${site.url}${path}`, 'GET', BROWSER);
    const answer = await rawAnswer(`${site.url}${path}`, 'GET', BROWSER);
    expect(lastAnsweredAtFrontDoor(), path).toBe(true);
    expect(answer.status, path).toBe(200);
    const routed = await site.app.inject({ method: 'GET', url: path, headers: BROWSER });
    expect(routed.statusCode, path).toBe(200);
    expect(answerHeadersOf(answer.headers)).toEqual(answerHeadersOf(routed.headers));
    expect(answer.body.equals(routed.rawPayload), path).toBe(true);
    return answer;
  };

  it("answers a clan's page in every language once rendered", async () => {
    const clan = await site.databases.connections.game.db
      .selectFrom('clan_data')
      .select('clan_name')
      .orderBy('clan_id')
      .executeTakeFirstOrThrow();
    for (const language of LANGUAGES) {
      const answer = await expectAtFrontDoor(clanHref(clan.clan_name ?? '', language));
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    // A name no clan has is the not-found page, from Fastify.
    const unknown = await rawAnswer(`${site.url}${clanHref('NoSuchClanHere', 'en')}`, 'GET', BROWSER);
    expect(lastAnsweredAtFrontDoor()).toBe(false);
    expect(unknown.status).toBe(404);
  });

  it("answers a news post's page once rendered, and no more once the post is deleted", async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const saved = await sessionCall(site.url, 'POST', api.saveConsoleNews.path, gm.cookie, {
      post: {
        slug: 'at-the-front-door',
        state: 'published',
        publishAt: clock.now() - 1000,
        pinned: false,
        texts: Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            language === 'en' ? { title: 'Front door', body: 'Answered from memory.' } : { title: '', body: '' },
          ]),
        ),
      },
    });
    expect(saved.status).toBe(200);
    const path = getNewsPostHref('at-the-front-door', 'en');
    expect((await expectAtFrontDoor(path)).body.length).toBeGreaterThan(0);

    const { id } = saved.body as { id: number };
    expect((await sessionCall(site.url, 'POST', api.deleteConsoleNews.path, gm.cookie, { id })).status).toBe(200);
    const gone = await rawAnswer(`${site.url}${path}`, 'GET', BROWSER);
    expect(lastAnsweredAtFrontDoor()).toBe(false);
    expect(gone.status).toBe(404);
  });
});

describe('the front door while the site closes', () => {
  it('declines every request once the site is closing (Fastify then answers 503)', async () => {
    const databases = await createTestDatabases('sqlite');
    try {
      const site = await startApp(databases);
      const frontDoor = site.app.frontDoor;
      if (!frontDoor) throw new Error('the site has no front door');
      await site.close();
      const request = { method: 'GET', url: '/sdk/getmetadata', headers: {} };
      const response = { writeHead: vi.fn(), end: vi.fn() };
      expect(frontDoor.answer(request as never, response as never)).toBe(false);
      expect(response.writeHead).not.toHaveBeenCalled();
    } finally {
      await databases.drop();
    }
  });
});
