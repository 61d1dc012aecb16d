import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { checkGameSchema } from '../src/game/schema-check';
import { type Settings, parseSettings } from '../src/settings';
import type { TestDatabases } from './databases';

export interface AppUnderTest {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT */
  url: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * The keys several instances must share (start-up refuses REDIS_URL without them); a test's
 * instances pass the same object to each.
 */
export const sharedInstanceKeys = (): Record<string, string> => ({
  ALTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
  MAIL_SIGNING_KEY: randomBytes(32).toString('base64url'),
  COOKIE_SIGNING_KEY: randomBytes(32).toString('base64url'),
  TOTP_SECRET_KEY: randomBytes(32).toString('base64url'),
});

/**
 * The authenticator secrets' key of this test file's apps: without one, an app would make its
 * key file (data/totp-secret.key) in the repository. test/totp-key-file.test.ts unsets it.
 */
const TEST_TOTP_SECRET_KEY = randomBytes(32).toString('base64url');

/** The environment of an app under test: silent, on the given databases. */
export const testEnvironment = (databases: TestDatabases): Record<string, string> => ({
  LOG_LEVEL: 'silent',
  TOTP_SECRET_KEY: TEST_TOTP_SECRET_KEY,
  LOGIN_DATABASE_URL: databases.urls.login,
  GAME_DATABASE_URL: databases.urls.game,
  SITE_DATABASE_URL: databases.urls.site,
  // Nothing listens there: the status lights are red unless a test says otherwise.
  LOGIN_SERVER_ADDRESS: '127.0.0.1:1',
  GAME_SERVER_ADDRESS: '127.0.0.1:1',
});

/** The real app on a real port over the given databases; no web page unless asked for. */
export const startApp = async (
  databases: TestDatabases,
  options: {
    env?: Record<string, string>;
    settings?: unknown;
    serveWebApp?: boolean;
    /** The clock of lockouts, counters and recovery keys (AppDependencies.now). */
    now?: () => number;
    /** Receives the Facebook collector, which then runs only when the test says. */
    takeFacebookCollector?: AppDependencies['takeFacebookCollector'];
    /** Sees every route as it is registered. */
    onRoute?: AppDependencies['onRoute'];
    /** Receives the mail worker, to wake it after the test moved the clock. */
    takeMailWorker?: AppDependencies['takeMailWorker'];
    /** Receives the online sampler, which then samples only when the test ticks it. */
    takeOnlineSampler?: AppDependencies['takeOnlineSampler'];
    /** Receives the lifting of ended timed bans, which then runs only when the test calls it. */
    takeBanLifter?: AppDependencies['takeBanLifter'];
    /** Receives the log lines (set LOG_LEVEL in env to see any). */
    logStream?: AppDependencies['logStream'];
  } = {},
): Promise<AppUnderTest> => {
  const config = loadConfig({ ...testEnvironment(databases), ...options.env });
  const settings: Settings = parseSettings(options.settings ?? {});
  const schema = await checkGameSchema(databases.connections);
  const app = await buildApp({
    config,
    settings,
    connections: databases.connections,
    schema,
    serveWebApp: options.serveWebApp ?? false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.takeFacebookCollector ? { takeFacebookCollector: options.takeFacebookCollector } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.takeMailWorker ? { takeMailWorker: options.takeMailWorker } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.takeOnlineSampler ? { takeOnlineSampler: options.takeOnlineSampler } : {}),
    ...(options.takeBanLifter ? { takeBanLifter: options.takeBanLifter } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, config, close: () => app.close() };
};

/**
 * A write call as the page makes it: the anti-forgery cookie and the same value in the header. The
 * cookie under both its names, as suites run with an http or an https PUBLIC_URL: the site reads
 * `__Host-XSRF-TOKEN` on https and `XSRF-TOKEN` on http (infra/csrf.ts, test/web-app.test.ts).
 */
export const csrfHeaders = (token = 'test-token-123456') => ({
  cookie: `XSRF-TOKEN=${token}; __Host-XSRF-TOKEN=${token}`,
  'x-xsrf-token': token,
  'content-type': 'application/json',
});
