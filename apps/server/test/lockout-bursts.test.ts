import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, sharedInstanceKeys, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import type { Answer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { type TestClock, testClock } from './support/clock';
import { accountToolSettings } from './support/mailed-site';
import { TEST_REDIS_URL, redisAnswers } from './support/redis';
import { TOTP_PASSWORD, totpAccounts } from './support/totp-accounts';

/**
 * Answers sent together against the lockout (docs/owner/security.md#what-each-guard-promises):
 * each request takes its turn before its answer is checked, so a burst of 20 has no more than
 * maxFailedAttempts of its answers checked, on every database and on Redis's counters alike.
 */
const MAX_FAILED_ATTEMPTS = 5;
const BURST = 20;
const SETTINGS = {
  ...accountToolSettings({
    maxFailedAttempts: MAX_FAILED_ATTEMPTS,
    lockoutMinutes: 15,
    failedChecksPerAddressPerHour: 10_000,
  }),
  sessions: { idleMinutes: 120, absoluteDays: 30 },
};

const redisUp = await redisAnswers();
const COUNTERS: [DatabaseKind, 'memory' | 'Redis'][] = [
  ...DATABASE_KINDS.map((kind): [DatabaseKind, 'memory'] => [kind, 'memory']),
  ...(redisUp ? DATABASE_KINDS.map((kind): [DatabaseKind, 'Redis'] => [kind, 'Redis']) : []),
];

/**
 * The most wrong answers a burst can have checked. A right answer forgets the wrong ones that
 * finished before it took its turn, as one sent after them would: the requests of a burst reach
 * the server spread out on a busy machine, so its right answer may come after a few wrong ones
 * and free their turns once. Without it checked, nothing is forgotten.
 */
const mostWrongChecked = (rightChecked: number) => (rightChecked === 1 ? 2 : 1) * (MAX_FAILED_ATTEMPTS - 1);

const errorOf = (answer: Answer) => (Array.isArray(answer.body) ? answer.body[0] : undefined);
const tally = (answers: Answer[]) => {
  const count = (code: string) => answers.filter((answer) => errorOf(answer) === code).length;
  return {
    wrong: count('wrongUsernameOrPassword') + count('wrongSecondFactorCode'),
    refused: count('tooManyAttempts'),
  };
};

describe.each(COUNTERS)('a burst of answers at once on %s, counters in %s', (kind, counters) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let clock: TestClock;

  beforeAll(async () => {
    databases = await createTestDatabases(kind);
    clock = testClock();
    site = await startApp(databases, {
      settings: SETTINGS,
      now: clock.now,
      env: {
        TOTP_SECRET_KEY: 'b'.repeat(64),
        TRUST_PROXY: '127.0.0.1',
        ...(counters === 'Redis' ? { REDIS_URL: TEST_REDIS_URL, ...sharedInstanceKeys() } : {}),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });

  const accounts = totpAccounts(
    () => site,
    () => databases,
    () => clock,
  );
  /** An address of its own for each test (and each request, where asked), so budgets never mix. */
  let addressCounter = 0;
  const freshAddress = () => `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter++ % 250) + 1}`;

  it.each([
    ['one address', false],
    ['20 addresses', true],
  ])(
    'checks at most maxFailedAttempts passwords of 19 wrong and the right one sent together from %s',
    async (_name, spread) => {
      const name = await accounts.newAccount();
      const one = freshAddress();
      const passwords = Array.from({ length: BURST }, (_, index) =>
        index === BURST - 1 ? TOTP_PASSWORD : 'Wrong.Pass9',
      );
      // Every captcha is solved before the burst, so the requests leave together.
      const requests = await Promise.all(
        passwords.map(async (password) => ({
          password,
          ip: spread ? freshAddress() : one,
          captcha: await altchaPayload(site.url),
        })),
      );
      const answers = await Promise.all(requests.map((request) => accounts.signIn(name, site.url, request)));
      const { wrong, refused } = tally(answers);
      const rightChecked = answers.filter((answer) => answer.status === 200).length;
      expect(rightChecked).toBeLessThanOrEqual(1);
      expect(wrong, JSON.stringify(answers.map(errorOf))).toBeLessThanOrEqual(mostWrongChecked(rightChecked));
      expect(wrong + refused + rightChecked).toBe(BURST);
      // 19 wrong answers lock the account whatever turn the right one had.
      expect(errorOf(await accounts.signIn(name, site.url, { ip: freshAddress() }))).toBe('tooManyAttempts');
    },
  );

  it('checks at most maxFailedAttempts codes of 19 wrong and the right one (9th) sent together', async () => {
    const { name, secret } = await accounts.accountWithFactor();
    const pending = await accounts.pendingSignIn(name);
    const codes = Array.from({ length: BURST }, (_, index) =>
      index === 8 ? accounts.codeAt(secret) : accounts.wrongCode(secret),
    );
    const answers = await Promise.all(codes.map((code) => accounts.secondFactor(pending, code)));
    const { wrong } = tally(answers);
    const rightChecked = answers.filter((answer) => answer.status === 200).length;
    expect(rightChecked).toBeLessThanOrEqual(1);
    expect(wrong, JSON.stringify(answers.map(errorOf))).toBeLessThanOrEqual(mostWrongChecked(rightChecked));
  });

  it('checks at most maxFailedAttempts codes of 20 wrong ones sent together to switch the authenticator off', async () => {
    const { session, secret } = await accounts.accountWithFactor();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        accounts.post(api.disableTotp.path, session, { code: accounts.wrongCode(secret) }),
      ),
    );
    const { wrong, refused } = tally(answers);
    expect(wrong, JSON.stringify(answers.map(errorOf))).toBe(MAX_FAILED_ATTEMPTS - 1);
    expect(refused).toBe(BURST - wrong);
    // Locked: not even the right code is checked now.
    const right = await accounts.post(api.disableTotp.path, session, { code: accounts.codeAt(secret) });
    expect(errorOf(right)).toBe('tooManyAttempts');
  });
});
