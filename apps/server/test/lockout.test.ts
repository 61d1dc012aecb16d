import { randomInt } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertGameAccount } from '../src/game/accounts';
import { l2jPasswordHash } from '../src/game/password-hash';
import { type AppUnderTest, csrfHeaders } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases } from './databases';
import { type Answer, freshLogin, getNewPassword, postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import type { TestClock } from './support/clock';
import { accountToolSettings, startMailedSite, stopMailedSite } from './support/mailed-site';
import type { SmtpSink } from './support/smtp-sink';
import { L2J_SCHEMA } from './support/game-schema';

const MAX_FAILED_ATTEMPTS = 3;
const ADDRESS_BUDGET = 8;
const MINUTE = 60_000;
const SETTINGS = accountToolSettings({
  maxFailedAttempts: MAX_FAILED_ATTEMPTS,
  lockoutMinutes: 15,
  failedChecksPerAddressPerHour: ADDRESS_BUDGET,
});
/** A demo world account (game/demo-seed.ts): player0001... with password Player.<n>x. */
const demoPlayer = (n: number) => ({
  username: `player${String(n).padStart(4, '0')}`,
  password: `Player.${n}x`,
  email: `player${n}@example.com`,
});
/** The same login with an accented letter: MariaDB's utf8mb3_general_ci finds the account by it. */
const lookAlike = (login: string, accent = 'á') => login.replace('a', accent);
const GM = { username: 'demogamemaster', password: 'Master.Pass3', email: 'gm@example.com' };

interface Credentials {
  username: string;
  password: string;
  email: string;
}

const codes = (answer: Answer) => ({ status: answer.status, body: answer.body });
const refused = (code: string) => ({ status: 400, body: [code] });

describe.each(DATABASE_KINDS)('lockouts and recovery keys on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let smtp: SmtpSink;
  let clock: TestClock;

  beforeAll(async () => {
    ({ databases, site, smtp, clock } = await startMailedSite(kind, {
      publicUrl: 'https://l2.example.test',
      settings: SETTINGS,
    }));
  });
  afterAll(() => stopMailedSite({ site, smtp, databases }));

  /** An address no other test of the file uses, so each test has the whole address budget. */
  const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const passwordHashOf = async (login: string) =>
    (
      await databases.connections.login.db
        .selectFrom('accounts')
        .select('password')
        .where('login', '=', login)
        .executeTakeFirst()
    )?.password;
  const newAccount = async (): Promise<Credentials> => {
    const username = freshLogin('l');
    const account = { username, password: 'Start.Pass1', email: `${username}@example.com` };
    await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, { login: username, ...account });
    return account;
  };
  const changePassword = async (
    account: { username: string; password: string },
    ip: string,
    newPassword = 'Brand.New2',
  ) =>
    postCall(
      site.url,
      'changePassword',
      {
        username: account.username,
        password: account.password,
        newPassword,
        confirmPassword: newPassword,
        captcha: await altchaPayload(site.url),
      },
      { ip },
    );
  const mail = async (body: Record<string, unknown>, ip: string) =>
    readAnswer(
      await fetch(`${site.url}${api.mail.path}`, {
        method: 'POST',
        headers: { ...csrfHeaders(), 'x-forwarded-for': ip },
        body: JSON.stringify({
          subject: 'Siege',
          version: 'interlude',
          registeredOnly: 'No',
          testEmails: 'gm-test@example.com',
          content: '<p>Hi</p>',
          ...body,
        }),
      }),
    );
  const lock = async (account: { username: string }, ip = freshAddress()) => {
    const answers: unknown[] = [];
    for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++)
      answers.push((await changePassword({ username: account.username, password: 'Wrong.Pass9' }, ip)).body);
    expect(answers.at(-1)).toEqual(['tooManyAttempts']);
  };
  const resetRowCount = async () =>
    Number(
      (
        await databases.connections.site.db
          .selectFrom('site_password_resets')
          .select((eb) => eb.fn.countAll().as('rows'))
          .executeTakeFirstOrThrow()
      ).rows,
    );
  /** Asks for a recovery mail and answers the key of its link, once the mail has arrived. */
  const recoveryKey = async (account: Credentials): Promise<string> => {
    smtp.clear();
    const answer = await postCall(
      site.url,
      'recoverPassword',
      { username: account.username, email: account.email, lang: 'en', captcha: await altchaPayload(site.url) },
      { ip: freshAddress() },
    );
    expect(codes(answer)).toEqual({ status: 200, body: [] });
    return vi.waitFor(
      async () => {
        const [received] = await smtp.parsed();
        const key = /[?&]key=([^&\s]+)&param=password_reset/.exec(received?.text ?? '')?.[1];
        if (!key) throw new Error('no recovery mail yet');
        return decodeURIComponent(key);
      },
      { timeout: 10_000, interval: 50 },
    );
  };
  const redeem = (key: string) => getNewPassword(site.url, `key=${encodeURIComponent(key)}`, { ip: freshAddress() });

  describe('logins the database collation matches', () => {
    it('keeps a locked account locked for a look-alike of its login with the right password', async () => {
      const player = demoPlayer(20);
      await lock(player);
      const answer = await changePassword({ ...player, username: lookAlike(player.username) }, freshAddress());
      // MariaDB finds the locked account by the look-alike; SQLite finds no account at all.
      expect(codes(answer)).toEqual(refused(kind === 'mariadb' ? 'tooManyAttempts' : 'wrongUsernameOrPassword'));
      expect(await passwordHashOf(player.username)).toBe(l2jPasswordHash(player.password));
    });

    it('refuses a look-alike even with the right password, and counts it against the stored login', async () => {
      const player = demoPlayer(21);
      const ip = freshAddress();
      const answers: unknown[] = [];
      for (const accent of ['á', 'à', 'ä']) {
        answers.push((await changePassword({ ...player, username: lookAlike(player.username, accent) }, ip)).body);
      }
      const right = await changePassword(player, ip);
      expect(await passwordHashOf(player.username)).toBe(
        l2jPasswordHash(kind === 'mariadb' ? player.password : 'Brand.New2'),
      );
      if (kind === 'mariadb') {
        expect(answers).toEqual([['wrongUsernameOrPassword'], ['wrongUsernameOrPassword'], ['tooManyAttempts']]);
        expect(codes(right)).toEqual(refused('tooManyAttempts'));
      } else {
        expect(answers).toEqual([
          ['wrongUsernameOrPassword'],
          ['wrongUsernameOrPassword'],
          ['wrongUsernameOrPassword'],
        ]);
        expect(codes(right)).toEqual({ status: 200, body: [] });
      }
    });

    it('sends one recovery mail per account, whatever look-alike asks for it', async () => {
      const player = demoPlayer(22);
      const before = await resetRowCount();
      await recoveryKey(player);
      for (const accent of ['á', 'à', 'â', 'ä']) {
        const answer = await postCall(
          site.url,
          'recoverPassword',
          {
            ...player,
            username: lookAlike(player.username, accent),
            lang: 'en',
            captcha: await altchaPayload(site.url),
          },
          { ip: freshAddress() },
        );
        expect(codes(answer)).toEqual({ status: 200, body: [] });
      }
      // After the throttle, a look-alike is still not the account's login: nothing is sent.
      clock.advance(3 * MINUTE);
      await postCall(
        site.url,
        'recoverPassword',
        { ...player, username: lookAlike(player.username), lang: 'en', captcha: await altchaPayload(site.url) },
        { ip: freshAddress() },
      );
      expect(await resetRowCount()).toBe(before + 1);
    });

    it('locks the mail form like the account tools, also for a look-alike of the GM login', async () => {
      const ip = freshAddress();
      const wrong = { username: GM.username, password: 'Wrong.Pass9' };
      const answers: unknown[] = [];
      for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        answers.push((await mail({ ...wrong, captcha: await altchaPayload(site.url) }, ip)).body);
      }
      expect(answers).toEqual([['wrongUsernameOrPassword'], ['wrongUsernameOrPassword'], ['tooManyAttempts']]);
      const right = await mail({ ...GM, captcha: await altchaPayload(site.url) }, freshAddress());
      expect(codes(right)).toEqual(refused('tooManyAttempts'));
      const alike = await mail(
        { ...GM, username: lookAlike(GM.username), captcha: await altchaPayload(site.url) },
        freshAddress(),
      );
      expect(codes(alike)).toEqual(refused(kind === 'mariadb' ? 'tooManyAttempts' : 'wrongUsernameOrPassword'));
    });

    it('checks the mail form captcha before the credentials', async () => {
      const account = await newAccount();
      const ip = freshAddress();
      for (let attempt = 0; attempt <= MAX_FAILED_ATTEMPTS; attempt++) {
        const answer = await mail({ username: account.username, password: 'Wrong.Pass9', captcha: 'forged' }, ip);
        expect(codes(answer)).toEqual(refused('captchaInvalid'));
      }
      const missing = await mail({ username: account.username, password: account.password }, ip);
      expect(missing.status).toBe(400);
      const empty = await mail({ username: account.username, password: account.password, captcha: '' }, ip);
      expect(codes(empty)).toEqual(refused('CaptchaEmpty'));
      // None of the refused calls counted: the account is not locked and the address has its budget.
      const answer = await mail({ ...account, captcha: await altchaPayload(site.url) }, ip);
      expect(codes(answer)).toEqual({ status: 403, body: ['mail.notAllowed'] });
    });
  });

  describe('recovery keys', () => {
    it('ends an older key when a newer one is redeemed', async () => {
      const account = await newAccount();
      const older = await recoveryKey(account);
      clock.advance(3 * MINUTE);
      const newer = await recoveryKey(account);
      const answer = await redeem(newer);
      expect(answer.status).toBe(200);
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash(String(answer.body)));
      expect(codes(await redeem(older))).toEqual({ status: 400, body: 'invalidKey' });
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash(String(answer.body)));
    });

    it('ends every outstanding key when the password is changed', async () => {
      const account = await newAccount();
      const key = await recoveryKey(account);
      expect(codes(await changePassword(account, freshAddress()))).toEqual({ status: 200, body: [] });
      expect(codes(await redeem(key))).toEqual({ status: 400, body: 'invalidKey' });
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash('Brand.New2'));
    });
  });

  describe('the address budget and recovery', () => {
    it('lets one address lock only as many accounts as its budget allows, leaving the others untouched', async () => {
      const attacker = freshAddress();
      const victims = await Promise.all(Array.from({ length: 5 }, () => newAccount()));
      const answers: unknown[][] = [];
      for (const victim of victims) {
        const own: unknown[] = [];
        for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++)
          own.push((await changePassword({ ...victim, password: 'Wrong.Pass9' }, attacker)).body);
        answers.push(own);
      }
      const locked = Math.floor(ADDRESS_BUDGET / MAX_FAILED_ATTEMPTS);
      expect(answers.slice(0, locked)).toEqual(
        Array.from({ length: locked }, () => [
          ['wrongUsernameOrPassword'],
          ['wrongUsernameOrPassword'],
          ['tooManyAttempts'],
        ]),
      );
      // The address is out of budget: even a right password is not checked from it.
      expect(codes(await changePassword(victims[4] as Credentials, attacker))).toEqual(refused('tooManyAttempts'));

      const owner = freshAddress();
      for (const [index, victim] of victims.entries()) {
        const answer = await changePassword(victim, owner);
        expect(codes(answer), victim.username).toEqual(
          index < locked ? refused('tooManyAttempts') : { status: 200, body: [] },
        );
      }
    });

    it('counts nothing against an account for the answers past the budget', async () => {
      const attacker = freshAddress();
      for (let spent = 0; spent < ADDRESS_BUDGET; spent++)
        await changePassword({ username: freshLogin('ghost'), password: 'Wrong.Pass9' }, attacker);
      const victim = await newAccount();
      for (let attempt = 0; attempt < 2 * MAX_FAILED_ATTEMPTS; attempt++) {
        expect(codes(await changePassword({ ...victim, password: 'Wrong.Pass9' }, attacker))).toEqual(
          refused('tooManyAttempts'),
        );
      }
      // From elsewhere the victim's count starts at zero: MAX_FAILED_ATTEMPTS - 1 wrong answers lock nothing.
      const owner = freshAddress();
      for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        expect((await changePassword({ ...victim, password: 'Wrong.Pass9' }, owner)).body).toEqual([
          'wrongUsernameOrPassword',
        ]);
      }
      expect(codes(await changePassword(victim, owner))).toEqual({ status: 200, body: [] });
    });

    it('keeps one budget for a whole IPv6 /64 and gives it back after an hour', async () => {
      const network = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
      for (let spent = 0; spent < ADDRESS_BUDGET; spent++) {
        await changePassword({ username: freshLogin('ghost'), password: 'Wrong.Pass9' }, `${network}::${spent + 1}`);
      }
      const account = await newAccount();
      expect(codes(await changePassword(account, `${network}:ffff:0:0:7`))).toEqual(refused('tooManyAttempts'));
      expect(codes(await changePassword(account, `${network.replace('2001:db8:', '2001:db9:')}::1`))).toEqual({
        status: 200,
        body: [],
      });
      clock.advance(61 * MINUTE);
      expect(
        codes(await changePassword({ ...account, password: 'Brand.New2' }, `${network}::1`, 'Brand.New3')),
      ).toEqual({ status: 200, body: [] });
    });

    it('lifts the lock when a recovery key of the account is redeemed', async () => {
      const account = await newAccount();
      await lock(account);
      const key = await recoveryKey(account);
      const answer = await redeem(key);
      expect(answer.status).toBe(200);
      const renewed = { ...account, password: String(answer.body) };
      expect(codes(await changePassword(renewed, freshAddress()))).toEqual({ status: 200, body: [] });
    });
  });
});
