import { randomInt } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Connections } from '../src/db/connections';
import { prepareDatabases } from '../src/prepare-databases';
import { insertGameAccount } from '../src/game/accounts';
import { parseSettings } from '../src/settings';
import { type AppUnderTest, csrfHeaders, sharedInstanceKeys, startApp } from './app-under-test';
import { MARIADB_URL, type TestDatabases, createTestDatabases } from './databases';
import { type AccountPost, freshLogin, readAnswer, registrationForm } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { TEST_REDIS_URL, deleteKeys, redisAnswers } from './support/redis';
import { type TcpProxy, startTcpProxy } from './support/tcp-proxy';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * A bad day: MariaDB or Redis frozen (answers nothing, sockets open) or stopped, through a TCP
 * proxy the test controls. Every call must answer within the 5 s the issue asks, 503 with
 * serviceUnavailable and Retry-After rather than hang or 500; /healthz must tell up, degraded
 * and down apart. The apps run with short timeouts (1 s queries, 0.5 s acquisitions).
 */
const ANSWER_WITHIN_MS = 5_000;
/** A call that hangs fails here instead of at the test's timeout. */
const GIVE_UP_MS = 6_000;
const SETTINGS = {
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1_000 },
  votes: { requestsPerMinute: 1_000 },
  donations: { checkoutsPerMinute: 1_000 },
  statistics: { refreshSeconds: 5 },
};

const redisUp = await redisAnswers();

const hostAndPort = (url: string, defaultPort: number) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) || defaultPort };
};

/** An address of the benchmarking range: this file's rate-limit keys in Redis, deleted afterwards. */
const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

const timed = async <T>(call: (signal: AbortSignal) => Promise<T>): Promise<{ answer: T; ms: number }> => {
  const started = performance.now();
  const answer = await call(AbortSignal.timeout(GIVE_UP_MS));
  return { answer, ms: performance.now() - started };
};

/** A call as the page makes it, timed, with the Retry-After header of its answer. */
const call = (baseUrl: string, path: string, init: RequestInit = {}) =>
  timed(async (signal) => {
    const response = await fetch(`${baseUrl}${path}`, { ...init, signal });
    return { ...(await readAnswer(response)), retryAfter: response.headers.get('retry-after') };
  });

const get = (baseUrl: string, path: string) => call(baseUrl, path);

const post = (baseUrl: string, name: AccountPost, body: unknown, ip: string) =>
  call(baseUrl, api[name].path, {
    method: 'POST',
    headers: { ...csrfHeaders(), 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

const expectUnavailable = (result: Awaited<ReturnType<typeof call>>) => {
  const { status, body, retryAfter } = result.answer;
  expect({ status, body, retryAfter }).toEqual({ status: 503, body: ['serviceUnavailable'], retryAfter: '60' });
  expect(result.ms).toBeLessThan(ANSWER_WITHIN_MS);
};

const registration = async (baseUrl: string) => registrationForm(await altchaPayload(baseUrl), freshLogin('f'));

describe.skipIf(!redisUp)(`Redis frozen or stopped (skipped: no Redis answers PING at ${TEST_REDIS_URL})`, () => {
  let databases: TestDatabases;
  let proxy: TcpProxy;
  let site: AppUnderTest;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    proxy = await startTcpProxy(hostAndPort(TEST_REDIS_URL, 6379));
    databases = await createTestDatabases('sqlite', { seed: false });
    site = await startApp(databases, {
      env: { ...sharedInstanceKeys(), REDIS_URL: proxy.via(TEST_REDIS_URL), TRUST_PROXY: 'true' },
      settings: SETTINGS,
    });
  });
  afterEach(async () => {
    await proxy.restore();
  });
  afterAll(async () => {
    await site?.close();
    await proxy?.close();
    await deleteKeys(redis, 'gatekeeper:rate:*-198.18.*');
    redis.disconnect();
    await databases?.drop();
  });

  const updateIps = () => post(site.url, 'updateIps', { users: 'nobody', ipV4: '' }, freshAddress());

  it('answers the rate-limited calls and reports up while Redis answers', async () => {
    expect((await updateIps()).answer.status).toBe(204);
    const health = await get(site.url, '/healthz');
    expect(health.answer.body).toEqual({
      status: 'up',
      databases: { login: true, game: true, site: true },
      redis: true,
    });
  });

  it('answers 503 serviceUnavailable within 5 s while Redis is frozen, and /healthz degraded', async () => {
    expect((await updateIps()).answer.status).toBe(204);
    proxy.freeze();
    const limited = await updateIps();
    expectUnavailable(limited);
    expect(limited.answer.contentType).toMatch(/^application\/json/);
    const health = await get(site.url, '/healthz');
    expect({ status: health.answer.status, body: health.answer.body }).toEqual({
      status: 200,
      body: { status: 'degraded', databases: { login: true, game: true, site: true }, redis: false },
    });
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers 503 serviceUnavailable within 5 s while Redis is stopped, then recovers', async () => {
    const captcha = await registration(site.url);
    await proxy.stop();
    const limited = await updateIps();
    expectUnavailable(limited);
    expectUnavailable(await post(site.url, 'createAccount', captcha, freshAddress()));
    expect((await get(site.url, '/healthz')).answer.body).toMatchObject({ status: 'degraded', redis: false });

    await proxy.restore();
    await expect.poll(async () => (await updateIps()).answer.status, { timeout: 5_000, interval: 200 }).toBe(204);
  });
});

describe.skipIf(!MARIADB_URL)('MariaDB frozen or stopped (skipped: TEST_MARIADB_URL is not set)', () => {
  let databases: TestDatabases;
  /** login and site databases behind one proxy, the game database behind another. */
  let loginProxy: TcpProxy;
  let gameProxy: TcpProxy;
  let app: FastifyInstance;
  let connections: Connections;
  let url: string;
  const account = { username: freshLogin('f'), password: 'Start.Pass1' };

  beforeAll(async () => {
    databases = await createTestDatabases('mariadb');
    await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, {
      login: account.username,
      password: account.password,
      email: `${account.username}@example.com`,
    });
    loginProxy = await startTcpProxy(hostAndPort(databases.urls.login, 3306));
    gameProxy = await startTcpProxy(hostAndPort(databases.urls.game, 3306));
    // As main.ts starts the site: prepareDatabases bounds the pools after the migrations.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      LOGIN_DATABASE_URL: loginProxy.via(databases.urls.login),
      GAME_DATABASE_URL: gameProxy.via(databases.urls.game),
      // The site's tables next to the login tables, so the game database can fail alone.
      SITE_DATABASE_URL: loginProxy.via(databases.urls.login),
      DATABASE_QUERY_TIMEOUT_MS: '1000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '500',
      LOGIN_SERVER_ADDRESS: '127.0.0.1:1',
      GAME_SERVER_ADDRESS: '127.0.0.1:1',
      TRUST_PROXY: 'true',
    });
    const prepared = await prepareDatabases(config, { info: () => undefined });
    connections = prepared.connections;
    app = await buildApp({
      config,
      settings: parseSettings(SETTINGS),
      connections,
      schema: prepared.schema,
      serveWebApp: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    await Promise.all([loginProxy.restore(), gameProxy.restore()]);
  });
  afterAll(async () => {
    await app?.close();
    await connections?.close();
    await Promise.all([loginProxy?.close(), gameProxy?.close()]);
    await databases?.drop();
  });

  const changePassword = async () =>
    post(
      url,
      'changePassword',
      {
        ...account,
        newPassword: 'Brand.New2',
        confirmPassword: 'Brand.New2',
        captcha: await altchaPayload(url),
      },
      freshAddress(),
    );
  // A new name each time: the site keeps answers for a few seconds, and these ask the database.
  let namesAsked = 0;
  const characterExists = () => get(url, `/sdk/ischaracterexist?name=Nobody${(namesAsked += 1)}`);
  const scores = () => get(url, '/sdk/getscorestatistics');

  it('reports up while every database answers', async () => {
    const health = await get(url, '/healthz');
    expect({ status: health.answer.status, body: health.answer.body }).toEqual({
      status: 200,
      body: { status: 'up', databases: { login: true, game: true, site: true } },
    });
    expect((await characterExists()).answer.body).toBe(false);
  });

  it('answers the account calls 503 within 5 s while the login database is frozen, and /healthz down', async () => {
    const body = await registration(url);
    loginProxy.freeze();
    const [created, changed, health] = await Promise.all([
      post(url, 'createAccount', body, freshAddress()),
      changePassword(),
      get(url, '/healthz'),
    ]);
    expectUnavailable(created);
    expectUnavailable(changed);
    expect({ status: health.answer.status, body: health.answer.body }).toEqual({
      status: 503,
      body: { status: 'down', databases: { login: false, game: true, site: false } },
    });
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('keeps serving the rankings while the game database is frozen, empty once a refresh fails', async () => {
    const before = await scores();
    expect(before.answer.status).toBe(200);
    expect(before.answer.body).not.toEqual([]);
    gameProxy.freeze();
    const during = await scores();
    expect(during.answer).toMatchObject({ status: 200, body: before.answer.body });
    expectUnavailable(await characterExists());
    const health = await get(url, '/healthz');
    expect({ status: health.answer.status, body: health.answer.body }).toEqual({
      status: 200,
      body: { status: 'degraded', databases: { login: true, game: false, site: true } },
    });
    // The next refresh (every 5 s) gives up within its query timeouts rather than hang.
    await expect
      .poll(async () => (await scores()).answer.body, { timeout: 5_000 + 4 * 1_000, interval: 250 })
      .toEqual([]);
  });

  it('answers 503, not 500, while the databases are stopped', async () => {
    const body = await registration(url);
    await Promise.all([loginProxy.stop(), gameProxy.stop()]);
    expectUnavailable(await post(url, 'createAccount', body, freshAddress()));
    expectUnavailable(await changePassword());
    expectUnavailable(await characterExists());
    const health = await get(url, '/healthz');
    expect({ status: health.answer.status, body: health.answer.body }).toEqual({
      status: 503,
      body: { status: 'down', databases: { login: false, game: false, site: false } },
    });

    await Promise.all([loginProxy.restore(), gameProxy.restore()]);
    await expect.poll(async () => (await characterExists()).answer.status, { timeout: 5_000 }).toBe(200);
  });

  it('kills a write whose caller gave up, so a timed-out registration does not happen later', async () => {
    const body = await registration(url);
    // A read lock held by someone else: the server answers, the name check reads, the insert waits.
    const locker = await lockForReading(databases.urls.login, 'accounts');
    try {
      expectUnavailable(await post(url, 'createAccount', body, freshAddress()));
    } finally {
      await locker.release();
    }
    // Unkilled, the insert would run as soon as the lock is gone.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows = await databases.connections.login.db
      .selectFrom('accounts')
      .select('login')
      .where('login', '=', body.username)
      .execute();
    expect(rows).toEqual([]);
  });
});

/** LOCK TABLES ... READ on a connection of its own, until `release()`: others read, none writes. */
const lockForReading = async (databaseUrl: string, table: string) => {
  const connection = await createConnection({ uri: databaseUrl });
  await connection.query(`LOCK TABLES \`${table}\` READ`);
  return {
    async release() {
      await connection.query('UNLOCK TABLES');
      await connection.end();
    },
  };
};
