import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGameAccount } from '../src/game/accounts';
import { type AppUnderTest, sharedInstanceKeys, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { freshLogin, postCall, statusAndBody, registrationForm } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { type CaptchaVerifyServer, startCaptchaVerifyServer } from './support/fakes/captcha-verify-server';
import { type TestClock, testClock } from './support/clock';
import { TEST_REDIS_URL, redisAnswers } from './support/redis';
import { L2J_SCHEMA } from './support/game-schema';

const redisUp = await redisAnswers();

/**
 * A Redis database of its own (index 13): the tests empty it whole, as a Redis restarted without
 * persistence comes back, and no other test file uses it.
 */
const RESTART_DB = 13;
const redisUrl = (() => {
  const url = new URL(TEST_REDIS_URL);
  url.pathname = `/${RESTART_DB}`;
  return url.toString();
})();

const MAX_FAILED_ATTEMPTS = 3;
const LOCKOUT_MINUTES = 15;
const SETTINGS = {
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1000, maxFailedAttempts: MAX_FAILED_ATTEMPTS, lockoutMinutes: LOCKOUT_MINUTES },
};
const CAPTCHA_INVALID = { status: 400, body: ['captchaInvalid'] };

const registration = (captcha: string) => registrationForm(captcha, freshLogin('rr'));

describe.skipIf(!redisUp)(`a Redis restart that loses everything (skipped: no Redis at ${TEST_REDIS_URL})`, () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisUrl);
    await redis.flushdb();
  });
  afterAll(async () => {
    await redis?.flushdb();
    redis?.disconnect();
  });
  /** What an empty restart leaves: nothing. */
  const restartEmpty = async () => {
    await redis.flushdb();
    expect(await redis.dbsize()).toBe(0);
  };

  describe.each(DATABASE_KINDS)('with the site database on %s', (kind: DatabaseKind) => {
    const secret = `secret-${randomBytes(4).toString('hex')}`;
    const siteKey = 'site-turnstile-key';
    let databases: TestDatabases;
    let clock: TestClock;
    let site: AppUnderTest;
    let hosted: AppUnderTest;
    let verifier: CaptchaVerifyServer;

    beforeAll(async () => {
      [databases, verifier] = await Promise.all([
        createTestDatabases(kind, { seed: false }),
        startCaptchaVerifyServer({ secret, siteKey }),
      ]);
      clock = testClock();
      const env = { ...sharedInstanceKeys(), REDIS_URL: redisUrl, TRUST_PROXY: 'true' };
      site = await startApp(databases, { env, settings: SETTINGS, now: clock.now });
      hosted = await startApp(databases, {
        env: {
          ...env,
          CAPTCHA_PROVIDER: 'turnstile',
          CAPTCHA_SITE_KEY: siteKey,
          CAPTCHA_SECRET: secret,
          CAPTCHA_VERIFY_URL: verifier.url,
        },
        settings: SETTINGS,
      });
    });
    afterAll(async () => {
      await Promise.all([site?.close(), hosted?.close()]);
      await verifier?.close();
      await databases?.drop();
    });

    it('still refuses a used ALTCHA solution', async () => {
      const payload = await altchaPayload(site.url);
      expect(statusAndBody(await postCall(site.url, 'createAccount', registration(payload)))).toEqual({
        status: 200,
        body: [],
      });
      await restartEmpty();
      expect(statusAndBody(await postCall(site.url, 'createAccount', registration(payload)))).toEqual(CAPTCHA_INVALID);
    });

    it('still refuses a used provider token, without asking the provider again', async () => {
      const token = verifier.issueToken();
      expect((await postCall(hosted.url, 'createAccount', registration(token))).status).toBe(200);
      const asked = verifier.requests.length;
      await restartEmpty();
      expect(statusAndBody(await postCall(hosted.url, 'createAccount', registration(token)))).toEqual(CAPTCHA_INVALID);
      expect(verifier.requests.length).toBe(asked);
    });

    it('keeps a locked account locked until its lockout ends', async () => {
      const username = freshLogin('rr');
      const account = { username, password: 'Start.Pass1', email: `${username}@example.com` };
      await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, { login: username, ...account });
      const change = async (password: string) =>
        postCall(site.url, 'changePassword', {
          username,
          password,
          newPassword: 'Brand.New2',
          confirmPassword: 'Brand.New2',
          captcha: await altchaPayload(site.url),
        });
      const answers: unknown[] = [];
      for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++) answers.push((await change('Wrong.Pass9')).body);
      expect(answers.at(-1)).toEqual(['tooManyAttempts']);

      await restartEmpty();
      expect(statusAndBody(await change(account.password))).toEqual({ status: 400, body: ['tooManyAttempts'] });
      clock.advance(LOCKOUT_MINUTES * 60_000 + 1_000);
      expect(statusAndBody(await change(account.password))).toEqual({ status: 200, body: [] });
    });
  });
});
