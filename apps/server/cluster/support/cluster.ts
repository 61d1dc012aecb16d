import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { type Connection, createConnection } from 'mysql2/promise';
import { sharedInstanceKeys, testEnvironment } from '../../test/app-under-test';
import { MARIADB_URL, type TestDatabases, createTestDatabases } from '../../test/databases';
import { accountToolSettings } from '../../test/support/mailed-site';
import { closedPort } from '../../test/support/closed-port';
import { TEST_REDIS_URL } from '../../test/support/redis';
import { type SmtpSink, startSmtpSink } from '../../test/support/smtp-sink';
import { type SiteProcess, startSiteProcess } from '../../test/support/site-process';
import { type FakePaypalIpn, startFakePaypalIpn } from '../../test/support/fakes/fake-paypal-ipn';
import { type FakeVoteSites, startFakeVoteSites } from '../../test/support/fakes/fake-vote-sites';
import { serverUrlOf } from '../../test/support/template-databases';
import { type Nginx, startNginx } from './nginx';

export const MAX_FAILED_ATTEMPTS = 3;
export const PAYPAL_BUSINESS = 'cluster-donations@example.com';
export const COINS_PER_EURO = 10;
export const RANKINGS_REFRESH_SECONDS = 5;
/** The shortest lease the settings allow: a killed instance's mail is sent again after it. */
export const MAIL_LEASE_SECONDS = 30;
/** The Redis database the suite owns: emptied before and after. */
const REDIS_DATABASE = 11;

const BUILT_SERVER = resolve(import.meta.dirname, '../../dist/main.js');

/** Everything an owner's cluster has, on this machine: MariaDB, Redis, SMTP, PayPal, nginx, N instances. */
export interface Cluster {
  databases: TestDatabases;
  admin: Connection;
  /** The MariaDB user the instances read the game database as (its queries are counted). */
  gameUser: string;
  redis: Redis;
  smtp: SmtpSink;
  paypal: FakePaypalIpn;
  voteSites: FakeVoteSites;
  nginx: Nginx;
  instances: (SiteProcess | undefined)[];
  /** Starts (or starts again, on the same port) instance i. */
  start(index: number): Promise<SiteProcess>;
  instance(index: number): SiteProcess;
  close(): Promise<void>;
}

export const VOTE_REWARD = 9;

export const clusterSettings = (paypalUrl: string, voteSites: FakeVoteSites) => ({
  ...accountToolSettings({
    maxFailedAttempts: MAX_FAILED_ATTEMPTS,
    lockoutMinutes: 15,
    failedChecksPerAddressPerHour: 10_000,
  }),
  mail: { sendPerMinute: 6_000, pollSeconds: 1, leaseSeconds: MAIL_LEASE_SECONDS },
  statistics: { refreshSeconds: RANKINGS_REFRESH_SECONDS },
  coins: { perEuro: COINS_PER_EURO },
  donations: {
    currency: 'EUR',
    minAmount: 1,
    maxAmount: 500,
    paypal: { business: PAYPAL_BUSINESS, verifyUrl: paypalUrl, notificationsPerMinute: 10_000 },
  },
  voteSites: [
    {
      name: 'L2Votes',
      banner: '/images/vote/l2votes.svg',
      url: 'https://l2votes.example/vote/{id}',
      identifier: 'any',
      check: {
        kind: 'l2votes',
        apiKey: voteSites.key,
        apiUrl: voteSites.apiUrl('l2votes'),
        requestsPerMinute: 6_000,
        reward: { count: VOTE_REWARD },
      },
    },
  ],
});

export const clusterCanRun = (): string | undefined => {
  if (!MARIADB_URL) return 'TEST_MARIADB_URL is not set';
  if (!existsSync(BUILT_SERVER)) return 'the site is not built (npm run build)';
  return undefined;
};

export const startCluster = async (size: number): Promise<Cluster> => {
  const databases = await createTestDatabases('mariadb');
  const server = serverUrlOf(MARIADB_URL as string);
  const admin = await createConnection({ uri: server.toString() });
  const gameUser = `gk_cluster_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const gameDatabase = new URL(databases.urls.game).pathname.slice(1);
  for (const host of ['localhost', '127.0.0.1', '%']) {
    await admin.query(`CREATE USER '${gameUser}'@'${host}' IDENTIFIED BY '${password}'`);
    await admin.query(`GRANT ALL ON \`${gameDatabase}\`.* TO '${gameUser}'@'${host}'`);
  }
  const gameUrl = new URL(databases.urls.game);
  gameUrl.username = gameUser;
  gameUrl.password = password;

  const redisUrl = new URL(TEST_REDIS_URL);
  redisUrl.pathname = `/${REDIS_DATABASE}`;
  const redis = new Redis(redisUrl.toString());
  await redis.flushdb();

  const [smtp, paypal, voteSites] = await Promise.all([startSmtpSink(), startFakePaypalIpn(), startFakeVoteSites()]);
  const ports = await Promise.all(Array.from({ length: size }, () => closedPort()));
  const env = {
    ...testEnvironment(databases),
    GAME_DATABASE_URL: gameUrl.toString(),
    // The site's tables beside the game's, as the root user: only the game reads are counted.
    SITE_DATABASE_URL: databases.urls.site,
    ...sharedInstanceKeys(),
    REDIS_URL: redisUrl.toString(),
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://l2.example.test',
    LOG_LEVEL: 'warn',
  };
  const settings = clusterSettings(paypal.url, voteSites);
  const instances: (SiteProcess | undefined)[] = Array.from({ length: size }, () => undefined);
  const start = async (index: number) => {
    const site = await startSiteProcess({ env, settings, port: ports[index], built: true });
    instances[index] = site;
    return site;
  };
  await Promise.all(instances.map((_, index) => start(index)));
  const nginx = await startNginx(ports as number[]);

  return {
    databases,
    admin,
    gameUser,
    redis,
    smtp,
    paypal,
    voteSites,
    nginx,
    instances,
    start,
    instance(index) {
      const site = instances[index];
      if (!site) throw new Error(`instance ${index} is not running`);
      return site;
    },
    async close() {
      await nginx.close();
      await Promise.all(instances.map((site) => site?.dispose()));
      await Promise.all([smtp.close(), paypal.close(), voteSites.close()]);
      await redis.flushdb();
      redis.disconnect();
      for (const host of ['localhost', '127.0.0.1', '%'])
        await admin.query(`DROP USER IF EXISTS '${gameUser}'@'${host}'`);
      await admin.end();
      await databases.drop();
    },
  };
};
