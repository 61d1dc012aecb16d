import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGameAccount } from '../src/game/accounts';
import { type AppUnderTest, sharedInstanceKeys, startApp } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';
import { postCall, statusAndBody, registrationForm } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload, decodeAltchaPayload } from './support/altcha-solver';
import { TEST_REDIS_URL, deleteKeys, redisAnswers } from './support/redis';
import { L2J_SCHEMA } from './support/game-schema';

const redisUp = await redisAnswers();

const MAX_FAILED_ATTEMPTS = 3;
const REQUESTS_PER_MINUTE = 5;
const SETTINGS = {
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { maxFailedAttempts: MAX_FAILED_ATTEMPTS, requestsPerMinute: REQUESTS_PER_MINUTE },
};

/**
 * Two instances of the site on the same databases, as behind a load balancer. With REDIS_URL they
 * share lockouts, used captcha solutions and rate limits; each test writes only keys it can name
 * (its own logins, challenges and addresses) and deletes them afterwards.
 */
describe.skipIf(!redisUp)(`two instances sharing Redis (skipped: no Redis answers PING at ${TEST_REDIS_URL})`, () => {
  const keys = sharedInstanceKeys();
  const usedLogins: string[] = [];
  const usedChallenges: string[] = [];
  const usedAddresses: string[] = [];
  let databases: TestDatabases;
  let redis: Redis;
  let first: AppUnderTest;
  let second: AppUnderTest;

  const startInstance = (env: Record<string, string> = { REDIS_URL: TEST_REDIS_URL }) =>
    startApp(databases, { env: { ...keys, TRUST_PROXY: 'true', ...env }, settings: SETTINGS });

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    databases = await createTestDatabases('sqlite', { seed: false });
    [first, second] = await Promise.all([startInstance(), startInstance()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    for (const login of usedLogins) await redis.del(`gatekeeper:lockout:${login}`, `gatekeeper:failures:${login}`);
    for (const id of usedChallenges) await redis.del(`gatekeeper:altcha:${id}`);
    for (const address of usedAddresses) await deleteKeys(redis, `gatekeeper:rate:*-${address}`);
    redis.disconnect();
    await databases?.drop();
  });

  /** An address of the benchmarking range that no other test uses, so rate limits stay apart. */
  const freshAddress = () => {
    const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
    usedAddresses.push(address);
    return address;
  };
  const solved = async (site: AppUnderTest) => {
    const payload = await altchaPayload(site.url);
    const id = decodeAltchaPayload(payload).challenge.parameters.data?.challengeId;
    if (id) usedChallenges.push(String(id));
    return payload;
  };
  const newAccount = async () => {
    const username = `r${randomBytes(4).toString('hex')}`;
    usedLogins.push(username);
    const account = { username, password: 'Start.Pass1', email: `${username}@example.com` };
    await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, { login: username, ...account });
    return account;
  };
  const changePassword = async (site: AppUnderTest, account: { username: string }, password: string) =>
    postCall(
      site.url,
      'changePassword',
      { ...account, password, newPassword: 'Brand.New2', confirmPassword: 'Brand.New2', captcha: await solved(site) },
      { ip: freshAddress() },
    );
  const registration = (captcha: string) => {
    const username = `r${randomBytes(4).toString('hex')}`;
    usedLogins.push(username);
    return registrationForm(captcha, username);
  };

  it('locks an account on one instance after wrong passwords on the other', async () => {
    const account = await newAccount();
    for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
      expect((await changePassword(first, account, 'Wrong.Pass1')).body).toEqual(['wrongUsernameOrPassword']);
    }
    expect((await changePassword(second, account, 'Wrong.Pass1')).body).toEqual(['tooManyAttempts']);
    expect(statusAndBody(await changePassword(first, account, account.password))).toEqual({
      status: 400,
      body: ['tooManyAttempts'],
    });
    expect((await changePassword(second, account, account.password)).body).toEqual(['tooManyAttempts']);
  });

  it('accepts an ALTCHA solution once across the instances', async () => {
    const payload = await solved(first);
    expect(
      statusAndBody(await postCall(first.url, 'createAccount', registration(payload), { ip: freshAddress() })),
    ).toEqual({
      status: 200,
      body: [],
    });
    const replay = registration(payload);
    expect(statusAndBody(await postCall(second.url, 'createAccount', replay, { ip: freshAddress() }))).toEqual({
      status: 400,
      body: ['captchaInvalid'],
    });
    // The instances share the HMAC key: a fresh solution from one is good on the other.
    expect(
      (await postCall(second.url, 'createAccount', registration(await solved(first)), { ip: freshAddress() })).status,
    ).toBe(200);
  });

  it('counts the requests of one address on both instances together', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let request = 0; request <= REQUESTS_PER_MINUTE; request++) {
      const site = request % 2 === 0 ? first : second;
      statuses.push((await postCall(site.url, 'updateIps', { users: 'nobody', ipV4: '' }, { ip: address })).status);
    }
    expect(statuses).toEqual([...Array.from({ length: REQUESTS_PER_MINUTE }, () => 204), 429]);
  });

  it('shares lockouts through the site database without Redis, and keeps wrong answers per instance', async () => {
    const [alone, other] = await Promise.all([startInstance({}), startInstance({})]);
    try {
      const account = await newAccount();
      for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++)
        await changePassword(alone, account, 'Wrong.Pass1');
      expect((await changePassword(alone, account, account.password)).body).toEqual(['tooManyAttempts']);
      expect(statusAndBody(await changePassword(other, account, account.password))).toEqual({
        status: 400,
        body: ['tooManyAttempts'],
      });
      // The count of wrong answers stays in each instance's memory: below the limit on each, no lock.
      const counted = await newAccount();
      for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        await changePassword(alone, counted, 'Wrong.Pass1');
        await changePassword(other, counted, 'Wrong.Pass1');
      }
      expect(statusAndBody(await changePassword(other, counted, counted.password))).toEqual({ status: 200, body: [] });
    } finally {
      await Promise.all([alone.close(), other.close()]);
    }
  });
});
