import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COOKIES, LANGUAGES, LIMITS, type Language, isErrorCode, newPasswordField } from '@gatekeeper/contract';
import { LOCALES } from '@gatekeeper/texts';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountCreated, AccountEvents } from '../src/features/accounts/account-events';
import { SAFE_TOWNS, registerAccount } from '../src/features/accounts/account-service';
import { registrationCookie } from '../src/features/accounts/registration-cookie';
import { insertGameAccount } from '../src/game/accounts';
import { l2jPasswordHash, verifyL2jPassword } from '../src/game/password-hash';
import { checkGameSchema } from '../src/game/schema-check';
import { memoryStore } from '../src/infra/key-value-store';
import { type AppUnderTest, csrfHeaders, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type AccountPost, type Answer, freshLogin, getNewPassword, postCall } from './support/account-calls';
import { altchaPayload, decodeAltchaPayload, encodeAltchaPayload, fetchAltchaChallenge } from './support/altcha-solver';
import type { TestClock } from './support/clock';
import { accountToolSettings, startMailedSite, stopMailedSite } from './support/mailed-site';
import type { SmtpSink } from './support/smtp-sink';
import { L2J_SCHEMA } from './support/game-schema';

const PUBLIC_URL = 'https://l2.example.test';
const MAX_FAILED_ATTEMPTS = 3;
const LOCKOUT_MINUTES = 15;
const MINUTE = 60_000;
const SETTINGS = accountToolSettings({
  maxFailedAttempts: MAX_FAILED_ATTEMPTS,
  lockoutMinutes: LOCKOUT_MINUTES,
  // Every test here answers from 127.0.0.1: the address budget has tests of its own (lockout.test.ts).
  failedChecksPerAddressPerHour: 10_000,
});
/** Safe towns (docs/game/characters.md#safe-towns). */
const GIRAN = { x: 83400, y: 147943, z: -3404 };
const TALKING_ISLAND = { x: -84318, y: 244579, z: -3730 };

const DEMO = {
  player: { username: 'demoplayer', password: 'Demo.Pass1', email: 'demoplayer@example.com' },
  trader: { username: 'demotrader', password: 'Trade.Pass2', email: 'demotrader@example.com' },
  banned: { username: 'demobanned', password: 'Banned.Pass4', email: 'banned@example.com' },
};

interface Credentials {
  username: string;
  password: string;
  email: string;
}

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const localeTexts = (language: Language) => LOCALES[language];

const expectCodes = (answer: Answer, codes: string[], status = 400) => {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: codes });
};

describe.each(DATABASE_KINDS)('account tools on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let smtp: SmtpSink;
  let clock: TestClock;

  beforeAll(async () => {
    ({ databases, site, smtp, clock } = await startMailedSite(kind, { publicUrl: PUBLIC_URL, settings: SETTINGS }));
  });
  afterAll(() => stopMailedSite({ site, smtp, databases }));

  const db = () => databases.connections;
  const call = (name: AccountPost, body: unknown, options: { ip?: string } = {}) =>
    postCall(site.url, name, body, options);
  /** The call with a freshly solved captcha of the app, as the form sends it. */
  const solvedCall = async (name: AccountPost, body: object, options: { ip?: string; baseUrl?: string } = {}) => {
    const baseUrl = options.baseUrl ?? site.url;
    return postCall(baseUrl, name, { ...body, captcha: await altchaPayload(baseUrl) }, options);
  };

  const newAccount = async (): Promise<Credentials> => {
    const username = freshLogin();
    const account = { username, password: 'Start.Pass1', email: `${username}@example.com` };
    expect(
      await insertGameAccount(db().login.db, L2J_SCHEMA, {
        login: username,
        password: account.password,
        email: account.email,
      }),
    ).toBe(true);
    return account;
  };
  const accountRow = (login: string) =>
    db().login.db.selectFrom('accounts').selectAll().where('login', '=', login).executeTakeFirst();
  const passwordHashOf = async (login: string) => (await accountRow(login))?.password;
  const characterRow = (name: string) =>
    db()
      .game.db.selectFrom('characters')
      .select(['charId', 'x', 'y', 'z', 'online'])
      .where('char_name', '=', name)
      .executeTakeFirstOrThrow();
  const placeCharacter = (name: string, at: { x: number; y: number; z: number }) =>
    db().game.db.updateTable('characters').set(at).where('char_name', '=', name).execute();
  const ipRows = (login: string) =>
    db().site.db.selectFrom('site_account_ips').selectAll().where('login', '=', login).orderBy('id').execute();
  const resetRows = (login: string) =>
    db().site.db.selectFrom('site_password_resets').selectAll().where('login', '=', login).orderBy('id').execute();

  /** Everything an account call may write, to prove that a refused call wrote nothing. */
  const snapshot = async () => {
    const { login, game, site: siteDb } = db();
    return {
      accounts: await login.db
        .selectFrom('accounts')
        .select(['login', 'password', 'email', 'accessLevel'])
        .orderBy('login')
        .execute(),
      accountData: await login.db
        .selectFrom('account_data')
        .selectAll()
        .orderBy('account_name')
        .orderBy('var')
        .execute(),
      gsdata: await game.db.selectFrom('account_gsdata').selectAll().orderBy('account_name').orderBy('var').execute(),
      positions: await game.db.selectFrom('characters').select(['charId', 'x', 'y', 'z']).orderBy('charId').execute(),
      ips: await siteDb.db.selectFrom('site_account_ips').selectAll().orderBy('id').execute(),
      resets: await siteDb.db.selectFrom('site_password_resets').selectAll().orderBy('id').execute(),
      // Queued mails (their status changes as the worker sends them: only what was queued).
      mails: await siteDb.db.selectFrom('site_mail_outbox').select(['id', 'email']).orderBy('id').execute(),
    };
  };
  /** The mail arrives after the answer, from the outbox: wait for it (no time assertion). */
  const receivedMails = async (count = 1) => {
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(count), {
      timeout: 10_000,
      interval: 20,
    });
    return smtp.parsed();
  };
  const queuedMailsTo = async (email: string) =>
    (await db().site.db.selectFrom('site_mail_outbox').select('id').where('email', '=', email).execute()).length;

  /** Asks for a recovery mail and answers the key of its link. */
  const recoveryKey = async (account: Credentials, lang: Language = 'en'): Promise<string> => {
    smtp.clear();
    expectCodes(
      await solvedCall('recoverPassword', { username: account.username, email: account.email, lang }),
      [],
      200,
    );
    const [mail] = await receivedMails();
    const key = /[?&]key=([^&\s]+)&param=password_reset/.exec(mail?.text ?? '')?.[1];
    if (!key) throw new Error(`no recovery link in ${JSON.stringify(mail?.text)}`);
    return decodeURIComponent(key);
  };

  describe('createaccount', () => {
    const registration = (overrides: Record<string, unknown> = {}) => {
      const username = freshLogin();
      const password = 'Fresh.Pass1';
      const email = `${username}@example.com`;
      return { username, newPassword: password, confirmPassword: password, email, confirmEmail: email, ...overrides };
    };

    it('writes the accounts row as the login server expects it and records where it came from', async () => {
      const login = freshLogin();
      const before = clock.now();
      const answer = await solvedCall(
        'createAccount',
        registration({
          username: login.toUpperCase(),
          email: 'New.Player@Example.com',
          confirmEmail: 'New.Player@Example.com',
          creationIpV6: '2001:db8::7',
        }),
        { ip: '203.0.113.7' },
      );
      expectCodes(answer, [], 200);

      const row = await accountRow(login);
      expect(row).toMatchObject({ login, email: 'New.Player@Example.com', accessLevel: 0 });
      expect(row?.password).toBe(createHash('sha1').update('Fresh.Pass1').digest('base64'));
      expect(verifyL2jPassword('Fresh.Pass1', row?.password ?? null)).toBe(true);
      expect(verifyL2jPassword('fresh.pass1', row?.password ?? null)).toBe(false);
      // CURRENT_TIMESTAMP of the database, written in its session's time zone: within 15 hours of now.
      const created = Date.parse(`${String(row?.created_time).replace(' ', 'T').slice(0, 19)}Z`);
      expect(Math.abs(created - Date.now())).toBeLessThan(15 * 60 * MINUTE);

      const ips = await ipRows(login);
      expect(ips).toHaveLength(1);
      expect(ips[0]).toMatchObject({ login, ip_v4: '203.0.113.7', ip_v6: '2001:db8::7', kind: 'creation' });
      expect(Number(ips[0]?.created_at)).toBeGreaterThanOrEqual(before);
      expect(Number(ips[0]?.created_at)).toBeLessThanOrEqual(clock.now());
    });

    it('stores no IPv6 when the page sends none or something that is not an IPv6 address', async () => {
      const garbage = registration({ creationIpV6: 'not-an-ip' });
      const ipv4Instead = registration({ creationIpV6: '198.51.100.1' });
      const none = registration();
      for (const body of [garbage, ipv4Instead, none]) expectCodes(await solvedCall('createAccount', body), [], 200);
      for (const body of [garbage, ipv4Instead, none]) {
        expect(await ipRows(body.username)).toMatchObject([{ ip_v4: '127.0.0.1', ip_v6: '', kind: 'creation' }]);
      }
    });

    it('records an empty IPv4 for a visitor who comes over IPv6', async () => {
      const body = registration({ creationIpV6: '2001:db8::99' });
      expectCodes(await solvedCall('createAccount', body, { ip: '2001:db8::99' }), [], 200);
      expect(await ipRows(body.username)).toMatchObject([{ ip_v4: '', ip_v6: '2001:db8::99' }]);
    });

    it('answers usernameTaken for an existing login in any case and changes nothing', async () => {
      const taken = registration();
      expectCodes(await solvedCall('createAccount', taken), [], 200);
      const before = await snapshot();
      for (const username of ['DemoPlayer', 'DEMOPLAYER', taken.username.toUpperCase(), ` ${taken.username} `]) {
        expectCodes(
          await solvedCall(
            'createAccount',
            registration({ username, newPassword: 'Other.Pass9', confirmPassword: 'Other.Pass9' }),
          ),
          ['usernameTaken'],
        );
      }
      expect(await snapshot()).toEqual(before);
      expect(verifyL2jPassword(DEMO.player.password, (await passwordHashOf('demoplayer')) ?? null)).toBe(true);
    });

    it.each([
      ['an empty username', { username: '' }, ['UsernameEmpty']],
      ['a blank username', { username: '   ' }, ['UsernameEmpty']],
      ['a 5-character username', { username: 'abcde' }, ['usernameRequirements']],
      ['a 15-character username', { username: 'abcdefghijklmno' }, ['usernameRequirements']],
      ['an empty password', { newPassword: '', confirmPassword: '' }, ['PasswordEmpty']],
      ['a short password', { newPassword: 'Ab.1', confirmPassword: 'Ab.1' }, ['passwordTooShort']],
      [
        'a 16-character password',
        { newPassword: 'Abcdefghij.12345', confirmPassword: 'Abcdefghij.12345' },
        ['passwordTooLong'],
      ],
      ['no upper case', { newPassword: 'lower.case1', confirmPassword: 'lower.case1' }, ['passwordMissingUppercase']],
      ['no lower case', { newPassword: 'UPPER.CASE1', confirmPassword: 'UPPER.CASE1' }, ['passwordMissingLowercase']],
      ['no digit', { newPassword: 'No.Digits.Here', confirmPassword: 'No.Digits.Here' }, ['passwordMissingNumber']],
      ['no symbol', { newPassword: 'NoSymbol123', confirmPassword: 'NoSymbol123' }, ['passwordMissingSymbol']],
      ['a space', { newPassword: 'Has Space.1', confirmPassword: 'Has Space.1' }, ['passwordInvalidCharacter']],
      [
        'a Cyrillic letter',
        { newPassword: 'Parolь.123A', confirmPassword: 'Parolь.123A' },
        ['passwordInvalidCharacter'],
      ],
      ['a different confirmation', { confirmPassword: 'Fresh.Pass2' }, ['confirmPassRequirements']],
      ['an empty email', { email: '', confirmEmail: '' }, ['EmailEmpty']],
      ['a malformed email', { email: 'player.example.com', confirmEmail: 'player.example.com' }, ['emailRequirements']],
      [
        'an email with a space',
        { email: 'pla yer@example.com', confirmEmail: 'pla yer@example.com' },
        ['emailRequirements'],
      ],
      [
        'a 251-character email',
        { email: `${'a'.repeat(239)}@example.com`, confirmEmail: `${'a'.repeat(239)}@example.com` },
        ['emailRequirements'],
      ],
      ['a different email confirmation', { confirmEmail: 'other@example.com' }, ['confirmEmailRequirements']],
      ['an empty captcha', { captcha: '' }, ['CaptchaEmpty']],
      ['a 46-character creationIpV6', { creationIpV6: 'f'.repeat(46) }, ['formInvalid']],
    ])('answers the validation code for %s and creates nothing', async (_case, overrides, codes) => {
      const body = registration({ captcha: 'unused', ...overrides });
      const before = await snapshot();
      expectCodes(await call('createAccount', body), codes);
      expect(await snapshot()).toEqual(before);
    });

    it('answers one empty code per missing field', async () => {
      const fields = ['username', 'newPassword', 'confirmPassword', 'email', 'confirmEmail', 'captcha'];
      const answer = await call('createAccount', Object.fromEntries(fields.map((field) => [field, ''])));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(['UsernameEmpty', 'PasswordEmpty', 'EmailEmpty', 'CaptchaEmpty']);
    });

    it('answers captchaInvalid for a forged, tampered, foreign-format or reused payload and creates nothing', async () => {
      const challenge = await fetchAltchaChallenge(site.url);
      const genuine = await altchaPayload(site.url);
      const decoded = decodeAltchaPayload(genuine);
      const solution = decoded.solution as { counter: number; derivedKey: string };
      // The signed key proves the work (the counter is not re-checked): change a byte of it.
      const tamperedKey = encodeAltchaPayload({
        challenge: decoded.challenge,
        solution: {
          ...solution,
          derivedKey: `${solution.derivedKey.startsWith('ff') ? '00' : 'ff'}${solution.derivedKey.slice(2)}`,
        },
      });
      const tamperedData = encodeAltchaPayload({
        ...decoded,
        challenge: {
          ...decoded.challenge,
          parameters: { ...decoded.challenge.parameters, data: { challengeId: 'chosen-by-attacker' } },
        },
      });
      const forged = encodeAltchaPayload({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } });
      const unsigned = encodeAltchaPayload({
        challenge: { parameters: decoded.challenge.parameters },
        solution: decoded.solution,
      });

      const before = await snapshot();
      for (const captcha of [
        forged,
        tamperedKey,
        tamperedData,
        unsigned,
        'not base64 at all!',
        encodeAltchaPayload({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
        encodeAltchaPayload({ verificationData: 'verified=true&id=1', signature: 'abc', algorithm: 'SHA-256' }),
        encodeAltchaPayload(null),
      ]) {
        expectCodes(await call('createAccount', registration({ captcha })), ['captchaInvalid']);
      }
      expect(await snapshot()).toEqual(before);

      const first = registration({ captcha: genuine });
      expectCodes(await call('createAccount', first), [], 200);
      const replay = registration({ captcha: genuine });
      expectCodes(await call('createAccount', replay), ['captchaInvalid']);
      expect(await accountRow(replay.username)).toBeUndefined();
    });

    it('accepts only one of two simultaneous uses of one captcha solution', async () => {
      const captcha = await altchaPayload(site.url);
      const bodies = [registration({ captcha }), registration({ captcha })];
      const answers = await Promise.all(bodies.map((body) => call('createAccount', body)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const created = await Promise.all(bodies.map((body) => accountRow(body.username)));
      expect(created.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('the account-created hook', () => {
    const deps = async (events: AccountEvents, errors: unknown[]) => ({
      connections: databases.connections,
      schema: await checkGameSchema(databases.connections),
      store: memoryStore(),
      claims: memoryStore(),
      lockout: {
        maxFailedAttempts: MAX_FAILED_ATTEMPTS,
        lockoutMinutes: LOCKOUT_MINUTES,
        failedChecksPerAddressPerHour: 1,
      },
      now: Date.now,
      events,
      unstuckTo: SAFE_TOWNS.giran,
      onListenerError: (error: unknown) => errors.push(error),
    });

    it('tells every listener about a registration, with the visitor and its cookies', async () => {
      const events = new AccountEvents();
      const heard: AccountCreated[] = [];
      const errors: unknown[] = [];
      events.onAccountCreated((event) => void heard.push(event));
      events.onAccountCreated(async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        heard.push({ ...event, login: `second:${event.login}` });
      });
      const login = freshLogin();
      const registered = await registerAccount(
        await deps(events, errors),
        {
          username: login.toUpperCase(),
          newPassword: 'Hook.Pass1',
          email: `${login}@example.com`,
          creationIpV6: '2001:db8::5',
        },
        { ipV4: '192.0.2.5', cookieHeader: 'ref=friend42; lang=ru' },
      );
      // The login as stored: lowercased once, by the registration.
      expect(registered).toEqual({ login });
      expect(heard).toEqual([
        { login, ipV4: '192.0.2.5', ipV6: '2001:db8::5', cookieHeader: 'ref=friend42; lang=ru' },
        { login: `second:${login}`, ipV4: '192.0.2.5', ipV6: '2001:db8::5', cookieHeader: 'ref=friend42; lang=ru' },
      ]);
      expect(errors).toEqual([]);
    });

    it('keeps the registration when a listener fails, reports the failure and still runs the others', async () => {
      const events = new AccountEvents();
      const failure = new Error('referral programme down');
      const heard: string[] = [];
      const errors: unknown[] = [];
      events.onAccountCreated(() => {
        throw failure;
      });
      events.onAccountCreated((event) => void heard.push(event.login));
      const login = freshLogin();
      const codes = await registerAccount(
        await deps(events, errors),
        { username: login, newPassword: 'Hook.Pass1', email: `${login}@example.com` },
        { ipV4: '192.0.2.6', cookieHeader: undefined },
      );
      expect(codes).toEqual({ login });
      expect(await accountRow(login)).toBeDefined();
      expect(errors).toEqual([failure]);
      expect(heard).toEqual([login]);
    });

    it('says nothing when the username is taken', async () => {
      const events = new AccountEvents();
      const heard: AccountCreated[] = [];
      events.onAccountCreated((event) => void heard.push(event));
      const codes = await registerAccount(
        await deps(events, []),
        { username: 'DemoPlayer', newPassword: 'Hook.Pass1', email: 'x@example.com' },
        { ipV4: '192.0.2.7', cookieHeader: 'ref=friend42' },
      );
      expect(codes).toEqual({ errors: ['usernameTaken'] });
      expect(heard).toEqual([]);
    });
  });

  describe('changepassword', () => {
    const change = (account: Credentials, password: string, newPassword: string, username = account.username) =>
      solvedCall('changePassword', { username, password, newPassword, confirmPassword: newPassword });

    it('verifies the current password and writes the hash of the new one', async () => {
      const account = await newAccount();
      expectCodes(
        await change(account, account.password, 'Brand.New2', ` ${account.username.toUpperCase()} `),
        [],
        200,
      );
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash('Brand.New2'));
      expectCodes(await change(account, account.password, 'Third.Pass3'), ['wrongUsernameOrPassword']);
      expectCodes(await change(account, 'Brand.New2', 'Third.Pass3'), [], 200);
      expect(verifyL2jPassword('Third.Pass3', (await passwordHashOf(account.username)) ?? null)).toBe(true);
    });

    it('answers wrongUsernameOrPassword for a wrong password or an unknown user and changes nothing', async () => {
      const account = await newAccount();
      const before = await snapshot();
      expectCodes(await change(account, 'Wrong.Pass1', 'Brand.New2'), ['wrongUsernameOrPassword']);
      expectCodes(await change(account, account.password.toLowerCase(), 'Brand.New2'), ['wrongUsernameOrPassword']);
      expectCodes(await change({ ...account, username: freshLogin() }, account.password, 'Brand.New2'), [
        'wrongUsernameOrPassword',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('answers accountBanned for a banned account with its right password, wrongUsernameOrPassword with a wrong one', async () => {
      const before = await snapshot();
      expectCodes(await change(DEMO.banned, DEMO.banned.password, 'Brand.New2'), ['accountBanned']);
      expectCodes(await change(DEMO.banned, 'Wrong.Pass1', 'Brand.New2'), ['wrongUsernameOrPassword']);
      expectCodes(await change(DEMO.banned, DEMO.banned.password, 'Brand.New2'), ['accountBanned']);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an account under a temporary ban or a punishment until it ends', async () => {
      const [tempBanned, punished] = [await newAccount(), await newAccount()];
      await db()
        .login.db.insertInto('account_data')
        .values({ account_name: tempBanned.username, var: 'ban_temp', value: String(clock.now() + 60 * MINUTE) })
        .execute();
      await db()
        .game.db.insertInto('punishments')
        .values({
          key: punished.username,
          affect: 'ACCOUNT',
          type: 'BAN',
          expiration: 0,
          reason: 'test',
          punishedBy: 'test',
        })
        .execute();
      expectCodes(await change(tempBanned, tempBanned.password, 'Brand.New2'), ['accountBanned']);
      expectCodes(await change(punished, punished.password, 'Brand.New2'), ['accountBanned']);

      await db()
        .login.db.updateTable('account_data')
        .set({ value: String(clock.now() - MINUTE) })
        .where('account_name', '=', tempBanned.username)
        .execute();
      await db()
        .game.db.updateTable('punishments')
        .set({ expiration: clock.now() - MINUTE })
        .where('key', '=', punished.username)
        .execute();
      expectCodes(await change(tempBanned, tempBanned.password, 'Brand.New2'), [], 200);
      expectCodes(await change(punished, punished.password, 'Brand.New2'), [], 200);
    });

    it('locks the account after the configured wrong passwords, even for the right one, until the lockout ends', async () => {
      const [account, neighbour] = [await newAccount(), await newAccount()];
      for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        expectCodes(await change(account, `Wrong.Pass${attempt}`, 'Brand.New2'), ['wrongUsernameOrPassword']);
      }
      expectCodes(await change(account, 'Wrong.Pass9', 'Brand.New2'), ['tooManyAttempts']);
      expectCodes(await change(account, account.password, 'Brand.New2'), ['tooManyAttempts']);
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash(account.password));
      // Per account: another account from the same address is not affected.
      expectCodes(await change(neighbour, neighbour.password, 'Brand.New2'), [], 200);

      clock.advance(LOCKOUT_MINUTES * MINUTE - 5_000);
      expectCodes(await change(account, account.password, 'Brand.New2'), ['tooManyAttempts']);
      clock.advance(10_000);
      expectCodes(await change(account, account.password, 'Brand.New2'), [], 200);
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash('Brand.New2'));
    });

    it('keeps the lock for lockoutMinutes from the answer that set it, however old the first one', async () => {
      const account = await newAccount();
      expectCodes(await change(account, 'Wrong.Pass1', 'Brand.New2'), ['wrongUsernameOrPassword']);
      clock.advance((LOCKOUT_MINUTES - 1) * MINUTE);
      for (let attempt = 2; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        expectCodes(await change(account, 'Wrong.Pass1', 'Brand.New2'), ['wrongUsernameOrPassword']);
      }
      expectCodes(await change(account, 'Wrong.Pass1', 'Brand.New2'), ['tooManyAttempts']);
      clock.advance(2 * MINUTE);
      expectCodes(await change(account, account.password, 'Brand.New2'), ['tooManyAttempts']);
    });

    it('locks an unknown username the same way, so the answer tells nothing about existence', async () => {
      const ghost = { username: freshLogin(), password: 'Ghost.Pass1', email: 'ghost@example.com' };
      const answers: unknown[] = [];
      for (let attempt = 0; attempt <= MAX_FAILED_ATTEMPTS; attempt++) {
        answers.push((await change(ghost, ghost.password, 'Brand.New2')).body);
      }
      expect(answers).toEqual([
        ...Array.from({ length: MAX_FAILED_ATTEMPTS - 1 }, () => ['wrongUsernameOrPassword']),
        ['tooManyAttempts'],
        ['tooManyAttempts'],
      ]);
    });

    it('starts counting again after a right password', async () => {
      const account = await newAccount();
      for (let round = 0; round < 2; round++) {
        for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
          expectCodes(await change(account, 'Wrong.Pass1', 'Brand.New2'), ['wrongUsernameOrPassword']);
        }
        expectCodes(await change(account, account.password, account.password), [], 200);
      }
    });

    it.each([
      ['an empty username', { username: '' }, ['UsernameEmpty']],
      ['an empty current password', { password: '' }, ['PasswordEmpty']],
      ['an empty new password', { newPassword: '', confirmPassword: '' }, ['PasswordEmpty']],
      [
        'a new password without a symbol',
        { newPassword: 'NoSymbol123', confirmPassword: 'NoSymbol123' },
        ['passwordMissingSymbol'],
      ],
      [
        'a short new password without digit or symbol',
        { newPassword: 'Abc', confirmPassword: 'Abc' },
        ['passwordTooShort', 'passwordMissingNumber', 'passwordMissingSymbol'],
      ],
      ['a different confirmation', { confirmPassword: 'Other.Pass1' }, ['confirmPassRequirements']],
      ['an empty captcha', { captcha: '' }, ['CaptchaEmpty']],
    ])('answers the validation code for %s and changes nothing', async (_case, overrides, codes) => {
      const before = await snapshot();
      const body = {
        ...DEMO.player,
        newPassword: 'Brand.New2',
        confirmPassword: 'Brand.New2',
        captcha: 'unused',
        ...overrides,
      };
      expectCodes(await call('changePassword', body), codes);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('recoverpassword and getnewpassword', () => {
    it.each(LANGUAGES)('mails a single-use link in %s, keeping only a hash of the key', async (lang) => {
      const account = await newAccount();
      const before = clock.now();
      const key = await recoveryKey(account, lang);
      expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const [mail] = await smtp.parsed();
      const texts = localeTexts(lang);
      expect(smtp.received[0]?.envelopeTo).toEqual([account.email]);
      expect(mail?.subject).toBe(texts.mail.recovery.subject.replace('{{site}}', texts.site.name));
      const link = `${PUBLIC_URL}/?key=${key}&param=password_reset`;
      const expectedText = texts.mail.recovery.text
        .replaceAll('{{username}}', account.username)
        .replaceAll('{{link}}', link)
        .replaceAll('{{minutes}}', '60')
        .replaceAll('{{site}}', texts.site.name);
      expect(mail?.text?.trim()).toBe(expectedText.trim());

      const rows = await resetRows(account.username);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ key_hash: sha256Hex(key), language: lang, used_at: null });
      expect(Number(rows[0]?.created_at)).toBeGreaterThanOrEqual(before);
      // The hour the mail promises starts when the mail goes out.
      await vi.waitFor(
        async () => {
          const sent = await db()
            .site.db.selectFrom('site_mail_outbox')
            .select(['sent_at', 'body'])
            .where('ref_id', '=', Number(rows[0]?.id))
            .executeTakeFirstOrThrow();
          expect(sent.body).toBeNull();
          const [row] = await resetRows(account.username);
          expect(Number(row?.expires_at)).toBe(Number(sent.sent_at) + 60 * MINUTE);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(JSON.stringify(await snapshot())).not.toContain(key);
    });

    it('writes in English when the request names no language, and accepts the email in another case', async () => {
      const account = await newAccount();
      smtp.clear();
      const answer = await solvedCall('recoverPassword', {
        username: account.username.toUpperCase(),
        email: account.email.toUpperCase(),
      });
      expectCodes(answer, [], 200);
      const [mail] = await receivedMails();
      const en = localeTexts('en');
      expect(mail?.subject).toBe(en.mail.recovery.subject.replace('{{site}}', en.site.name));
      expect((await resetRows(account.username))[0]?.language).toBe('en');
    });

    it('answers the same for a wrong pair, an unknown user and a banned account, and sends nothing', async () => {
      const account = await newAccount();
      const other = await newAccount();
      smtp.clear();
      const before = await snapshot();
      for (const body of [
        { username: account.username, email: other.email },
        { username: freshLogin(), email: account.email },
        { username: DEMO.banned.username, email: DEMO.banned.email },
      ]) {
        expectCodes(await solvedCall('recoverPassword', { ...body, lang: 'en' }), [], 200);
      }
      expect(smtp.received).toHaveLength(0);
      expect(await snapshot()).toEqual(before);
    });

    it('sends one mail per account every two minutes, whatever is asked in between', async () => {
      const account = await newAccount();
      await recoveryKey(account);
      expectCodes(await solvedCall('recoverPassword', { username: account.username, email: account.email }), [], 200);
      expect(await queuedMailsTo(account.email)).toBe(1);
      clock.advance(2 * MINUTE + 1_000);
      await recoveryKey(account);
      expect(await queuedMailsTo(account.email)).toBe(2);
      expect(smtp.received).toHaveLength(1);
    });

    it('answers a new password once: it satisfies the rule, fits the client and is stored as a hash', async () => {
      const account = await newAccount();
      const key = await recoveryKey(account);
      const answer = await getNewPassword(site.url, `key=${encodeURIComponent(key)}`);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^text\/plain/);
      const password = String(answer.body);
      expect(newPasswordField.safeParse(password).success).toBe(true);
      expect(password.length).toBeLessThanOrEqual(LIMITS.clientPasswordMax);
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash(password));
      expect(Number((await resetRows(account.username))[0]?.used_at)).toBeGreaterThan(0);

      const again = await getNewPassword(site.url, `key=${encodeURIComponent(key)}`);
      expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: 'invalidKey' });
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash(password));

      // The player signs in with it: change it to one of their own.
      expectCodes(
        await solvedCall('changePassword', {
          username: account.username,
          password,
          newPassword: 'Mine.Again1',
          confirmPassword: 'Mine.Again1',
        }),
        [],
        200,
      );
    });

    it('gives one password to one of two simultaneous requests with the same key', async () => {
      const account = await newAccount();
      const key = await recoveryKey(account);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => getNewPassword(site.url, `key=${encodeURIComponent(key)}`)),
      );
      const won = answers.filter((answer) => answer.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 400 && answer.body === 'invalidKey')).toHaveLength(3);
      expect(await passwordHashOf(account.username)).toBe(l2jPasswordHash(String(won[0]?.body)));
    });

    it('answers 400 invalidKey for an unknown key and formInvalid without a key', async () => {
      const before = await snapshot();
      for (const query of ['key=bogus', `key=${'A'.repeat(43)}`]) {
        const answer = await getNewPassword(site.url, query);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: 'invalidKey' });
      }
      // Longer than any key: refused by the call's schema, before any lookup.
      const tooLong = await getNewPassword(site.url, `key=${'x'.repeat(LIMITS.recoveryKeyMax + 1)}`);
      expect({ status: tooLong.status, body: tooLong.body }).toEqual({ status: 400, body: ['invalidKey'] });
      for (const query of ['', 'key=', 'other=1']) {
        expect((await getNewPassword(site.url, query)).status).toBe(400);
      }
      for (const query of ['key=a&key=b', 'key[]=a', 'key[a]=b']) {
        expect((await getNewPassword(site.url, query)).status).toBeLessThan(500);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a key after its hour and accepts one just before', async () => {
      const [late, inTime] = [await newAccount(), await newAccount()];
      const lateKey = await recoveryKey(late);
      const inTimeKey = await recoveryKey(inTime);
      clock.advance(60 * MINUTE - 10_000);
      expect((await getNewPassword(site.url, `key=${encodeURIComponent(inTimeKey)}`)).status).toBe(200);
      clock.advance(20_000);
      const answer = await getNewPassword(site.url, `key=${encodeURIComponent(lateKey)}`);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: 'invalidKey' });
      expect(await passwordHashOf(late.username)).toBe(l2jPasswordHash(late.password));
    });

    it('ends a lockout with the new password', async () => {
      const account = await newAccount();
      for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        await solvedCall('changePassword', {
          username: account.username,
          password: 'Wrong.Pass1',
          newPassword: 'Brand.New2',
          confirmPassword: 'Brand.New2',
        });
      }
      const key = await recoveryKey(account);
      const password = String((await getNewPassword(site.url, `key=${encodeURIComponent(key)}`)).body);
      expectCodes(
        await solvedCall('changePassword', {
          username: account.username,
          password,
          newPassword: 'Brand.New2',
          confirmPassword: 'Brand.New2',
        }),
        [],
        200,
      );
    });

    it.each([
      ['an empty username', { username: '' }, ['UsernameEmpty']],
      ['an empty email', { email: '' }, ['EmailEmpty']],
      ['a malformed email', { email: 'nobody' }, ['emailRequirements']],
      ['an empty captcha', { captcha: '' }, ['CaptchaEmpty']],
      ['an unknown language', { lang: 'xx' }, ['formInvalid']],
    ])('answers the validation code for %s and sends nothing', async (_case, overrides, codes) => {
      smtp.clear();
      const before = await snapshot();
      expectCodes(
        await call('recoverPassword', { ...DEMO.player, captcha: 'unused', lang: 'en', ...overrides }),
        codes,
      );
      expect(smtp.received).toHaveLength(0);
      expect(await snapshot()).toEqual(before);
    });

    it('writes the mail to the outbox folder when no SMTP server is set', async () => {
      const outbox = mkdtempSync(join(tmpdir(), 'gatekeeper-outbox-'));
      // A world of its own: the other site's worker would send this mail through its SMTP server.
      const own = await createTestDatabases(kind);
      const offline = await startApp(own, {
        env: { PUBLIC_URL, MAIL_OUTBOX_DIR: outbox },
        settings: SETTINGS,
      });
      try {
        const account = { username: freshLogin(), password: 'Start.Pass1', email: '' };
        account.email = `${account.username}@example.com`;
        await insertGameAccount(own.connections.login.db, L2J_SCHEMA, {
          login: account.username,
          password: account.password,
          email: account.email,
        });
        expectCodes(
          await solvedCall(
            'recoverPassword',
            { username: account.username, email: account.email, lang: 'ru' },
            { baseUrl: offline.url },
          ),
          [],
          200,
        );
        await vi.waitFor(() => expect(readdirSync(outbox)).toHaveLength(1), { timeout: 10_000, interval: 20 });
        const files = readdirSync(outbox);
        expect(files[0]).toMatch(/\.eml$/);
        const mail = await simpleParser(readFileSync(join(outbox, files[0] as string)));
        expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(account.email);
        const ru = localeTexts('ru');
        expect(mail.subject).toBe(ru.mail.recovery.subject.replace('{{site}}', ru.site.name));
        const key = /\?key=([^&\s]+)&param=password_reset/.exec(mail.text ?? '')?.[1] ?? '';
        const [reset] = await own.connections.site.db
          .selectFrom('site_password_resets')
          .select('key_hash')
          .where('login', '=', account.username)
          .execute();
        expect(reset?.key_hash).toBe(sha256Hex(decodeURIComponent(key)));
        expect((await getNewPassword(offline.url, `key=${key}`)).status).toBe(200);
      } finally {
        await offline.close();
        await own.drop();
        rmSync(outbox, { recursive: true, force: true });
      }
    });
  });

  describe('changepincode', () => {
    const pinOf = async (account: string) =>
      (
        await db()
          .game.db.selectFrom('account_gsdata')
          .select(['var', 'value'])
          .where('account_name', '=', account)
          .orderBy('var')
          .execute()
      ).map((row) => [row.var, row.value]);

    it('refuses a PIN for an account without any character (Mobius wipes it at start) and writes nothing', async () => {
      const account = await newAccount();
      const answer = await solvedCall('changePincode', { ...account, charName: 'DemoKnight', pincode: '123456' });
      expectCodes(answer, ['pincodeNeedsCharacter']);
      expect(await pinOf(account.username)).toEqual([]);
    });

    it('refuses every account tool while account_data ban_temp runs, and again after it ran out', async () => {
      const account = await newAccount();
      await db()
        .login.db.insertInto('account_data')
        .values({ account_name: account.username, var: 'ban_temp', value: String(clock.now() + 60 * MINUTE) })
        .execute();
      const change = { ...account, newPassword: 'Other.Pass2', confirmPassword: 'Other.Pass2' };
      expectCodes(await solvedCall('changePassword', change), ['accountBanned']);
      expectCodes(await solvedCall('changePincode', { ...account, charName: 'DemoKnight', pincode: '123456' }), [
        'accountBanned',
      ]);
      expectCodes(await solvedCall('unblockCharacter', { ...account, charName: 'DemoKnight' }), ['accountBanned']);
      clock.advance(61 * MINUTE);
      expectCodes(await solvedCall('changePassword', change), [], 200);
    });

    it('writes Base64(SHA-1(PIN)) as secauth_pwd and clears the wrong attempts', async () => {
      await db()
        .game.db.insertInto('account_gsdata')
        .values([
          { account_name: 'demoplayer', var: 'secauth_wte', value: '4' },
          { account_name: 'demoplayer', var: 'lang', value: 'ru' },
        ])
        .execute();
      const answer = await solvedCall('changePincode', { ...DEMO.player, charName: 'demoknight', pincode: '24681357' });
      expectCodes(answer, [], 200);
      expect(await pinOf('demoplayer')).toEqual([
        ['lang', 'ru'],
        ['secauth_pwd', createHash('sha1').update('24681357').digest('base64')],
        ['secauth_wte', '0'],
      ]);
      // A character that is online is fine too: the PIN is read when the player next logs in.
      expectCodes(
        await solvedCall('changePincode', { ...DEMO.player, charName: 'DemoArcher', pincode: '135790' }),
        [],
        200,
      );
      expect(await pinOf('demoplayer')).toEqual([
        ['lang', 'ru'],
        ['secauth_pwd', l2jPasswordHash('135790')],
        ['secauth_wte', '0'],
      ]);
    });

    it('answers charDoesntExist for a character of another account or none, and changes nothing', async () => {
      const before = await snapshot();
      for (const charName of ['DemoTrader', 'GameMaster', 'NoSuchHero']) {
        expectCodes(await solvedCall('changePincode', { ...DEMO.player, charName, pincode: '111111' }), [
          'charDoesntExist',
        ]);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('answers wrongCredentials for a wrong email or password, accountBanned for a banned account', async () => {
      const account = await newAccount();
      const before = await snapshot();
      expectCodes(
        await solvedCall('changePincode', {
          ...account,
          email: 'someone@example.com',
          charName: 'DemoKnight',
          pincode: '111111',
        }),
        ['wrongCredentials'],
      );
      expectCodes(
        await solvedCall('changePincode', {
          ...account,
          password: 'Wrong.Pass1',
          charName: 'DemoKnight',
          pincode: '111111',
        }),
        ['wrongCredentials'],
      );
      expectCodes(await solvedCall('changePincode', { ...DEMO.banned, charName: 'BannedOne', pincode: '111111' }), [
        'accountBanned',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['an empty PIN', { pincode: '' }, ['PincodeEmpty']],
      ['a 5-digit PIN', { pincode: '12345' }, ['pincodeRequirements']],
      ['a 9-digit PIN', { pincode: '123456789' }, ['pincodeRequirements']],
      ['a PIN with a letter', { pincode: '12a456' }, ['pincodeRequirements']],
      ['a PIN with spaces', { pincode: ' 123456 ' }, ['pincodeRequirements']],
      ['an empty character name', { charName: ' ' }, ['CharNameEmpty']],
      ['an empty email', { email: '' }, ['EmailEmpty']],
      ['an empty password', { password: '' }, ['PasswordEmpty']],
      ['an empty captcha', { captcha: '' }, ['CaptchaEmpty']],
    ])('answers the validation code for %s and changes nothing', async (_case, overrides, codes) => {
      const before = await snapshot();
      const body = { ...DEMO.player, charName: 'DemoKnight', pincode: '123456', captcha: 'unused', ...overrides };
      expectCodes(await call('changePincode', body), codes);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('fixcharacter', () => {
    const unblock = (account: Credentials, charName: string, baseUrl?: string) =>
      solvedCall('unblockCharacter', { ...account, charName }, baseUrl ? { baseUrl } : {});

    it('moves an offline character of the account to Giran', async () => {
      await placeCharacter('DemoKnight', { x: 1, y: 2, z: 3 });
      expectCodes(await unblock(DEMO.player, 'DEMOKNIGHT'), [], 200);
      expect(await characterRow('DemoKnight')).toMatchObject(GIRAN);
    });

    it('answers characterOnline for a character in game or trading offline and leaves it where it is', async () => {
      await placeCharacter('DemoArcher', { x: 10, y: 20, z: 30 });
      await placeCharacter('DemoTrader', { x: 40, y: 50, z: 60 });
      expectCodes(await unblock(DEMO.player, 'DemoArcher'), ['characterOnline']);
      expectCodes(await unblock(DEMO.trader, 'DemoTrader'), ['characterOnline']);
      expect(await characterRow('DemoArcher')).toMatchObject({ x: 10, y: 20, z: 30, online: 1 });
      expect(await characterRow('DemoTrader')).toMatchObject({ x: 40, y: 50, z: 60, online: 2 });
    });

    it('answers characterJailed while the character serves a jail punishment', async () => {
      const { charId } = await characterRow('DemoKnight');
      await placeCharacter('DemoKnight', { x: -114356, y: -249645, z: -2984 });
      await db()
        .game.db.insertInto('punishments')
        .values({
          key: String(charId),
          affect: 'CHARACTER',
          type: 'JAIL',
          expiration: clock.now() + 60 * MINUTE,
          reason: 'bot',
          punishedBy: 'GM',
        })
        .execute();
      try {
        expectCodes(await unblock(DEMO.player, 'DemoKnight'), ['characterJailed']);
        expect(await characterRow('DemoKnight')).toMatchObject({ x: -114356, y: -249645, z: -2984 });
        await db()
          .game.db.updateTable('punishments')
          .set({ expiration: clock.now() - MINUTE })
          .where('key', '=', String(charId))
          .execute();
        expectCodes(await unblock(DEMO.player, 'DemoKnight'), [], 200);
        expect(await characterRow('DemoKnight')).toMatchObject(GIRAN);
      } finally {
        await db().game.db.deleteFrom('punishments').where('key', '=', String(charId)).execute();
      }
    });

    it('answers charDoesntExist, wrongCredentials and accountBanned and moves nobody', async () => {
      const account = await newAccount();
      const before = await snapshot();
      expectCodes(await unblock(DEMO.player, 'GameMaster'), ['charDoesntExist']);
      expectCodes(await unblock(DEMO.player, 'NoSuchHero'), ['charDoesntExist']);
      expectCodes(await unblock({ ...DEMO.player, email: DEMO.trader.email }, 'DemoKnight'), ['wrongCredentials']);
      expectCodes(await unblock({ ...account, email: 'someone@example.com' }, 'DemoKnight'), ['wrongCredentials']);
      expectCodes(await unblock({ ...account, password: 'Wrong.Pass1' }, 'DemoKnight'), ['wrongCredentials']);
      expectCodes(await unblock(DEMO.banned, 'BannedOne'), ['accountBanned']);
      expect(await snapshot()).toEqual(before);
      // A right answer afterwards clears demoplayer's one wrong attempt.
      expectCodes(await unblock(DEMO.player, 'DemoKnight'), [], 200);
    });

    it('moves to the town or the coordinates of the settings', async () => {
      for (const [unstuckTown, expected] of [
        ['talkingIsland', TALKING_ISLAND],
        [
          { x: 17000, y: 170000, z: -3500 },
          { x: 17000, y: 170000, z: -3500 },
        ],
      ] as const) {
        const other = await startApp(databases, {
          settings: { ...SETTINGS, accounts: { ...SETTINGS.accounts, unstuckTown } },
        });
        try {
          await placeCharacter('DemoKnight', { x: 1, y: 2, z: 3 });
          expectCodes(await unblock(DEMO.player, 'DemoKnight', other.url), [], 200);
          expect(await characterRow('DemoKnight')).toMatchObject(expected);
        } finally {
          await other.close();
        }
      }
    });

    it.each([
      ['an empty character name', { charName: '' }, ['CharNameEmpty']],
      ['an empty username', { username: '' }, ['UsernameEmpty']],
      ['a malformed email', { email: 'demoplayer' }, ['emailRequirements']],
      ['an empty captcha', { captcha: '' }, ['CaptchaEmpty']],
    ])('answers the validation code for %s and moves nobody', async (_case, overrides, codes) => {
      const before = await snapshot();
      expectCodes(
        await call('unblockCharacter', { ...DEMO.player, charName: 'DemoKnight', captcha: 'unused', ...overrides }),
        codes,
      );
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('updateips', () => {
    /** The name=value of the registration cookie in an answer, as the browser would send it back. */
    const registeredCookieOf = (answer: Answer) => {
      const header = answer.setCookies.find((cookie) => cookie.startsWith(`${COOKIES.registered.name}=`));
      return header?.split(';')[0];
    };
    const withCookie = (cookie: string | undefined): { headers?: Record<string, string> } =>
      cookie ? { headers: { cookie: `${csrfHeaders().cookie}; ${cookie}` } } : {};
    const update = (body: object, ip: string, cookie?: string) =>
      postCall(site.url, 'updateIps', body, { ip, ...withCookie(cookie) });
    const updateRows = async (login: string) => (await ipRows(login)).filter((row) => row.kind === 'update');

    /** Registers accounts one after the other in one browser; answers their logins and its cookie. */
    const registerInBrowser = async (count: number, cookie?: string) => {
      const logins: string[] = [];
      for (let index = 0; index < count; index++) {
        const username = freshLogin();
        const email = `${username}@example.com`;
        const body = {
          username,
          newPassword: 'Fresh.Pass1',
          confirmPassword: 'Fresh.Pass1',
          email,
          confirmEmail: email,
          captcha: await altchaPayload(site.url),
        };
        const answer = await postCall(site.url, 'createAccount', body, withCookie(cookie));
        expect(answer.status).toBe(200);
        cookie = registeredCookieOf(answer);
        logins.push(username);
      }
      return { logins, cookie: cookie ?? '' };
    };

    it('writes a signed, httpOnly, SameSite=Strict cookie at registration', async () => {
      const username = freshLogin();
      const email = `${username}@example.com`;
      const answer = await solvedCall('createAccount', {
        username,
        newPassword: 'Fresh.Pass1',
        confirmPassword: 'Fresh.Pass1',
        email,
        confirmEmail: email,
      });
      const header = answer.setCookies.find((cookie) => cookie.startsWith(`${COOKIES.registered.name}=`)) ?? '';
      expect(header).toMatch(/; HttpOnly/i);
      expect(header).toMatch(/; SameSite=Strict/i);
      expect(header).toMatch(/; Path=\/sdk/);
      expect(header).toMatch(/; Secure/i);
      expect(header).toContain(`Max-Age=${COOKIES.registered.maxAgeMs / 1000}`);
      // A refused registration writes none.
      const refused = await solvedCall('createAccount', { username, newPassword: 'x' });
      expect(refused.setCookies.filter((cookie) => cookie.startsWith(COOKIES.registered.name))).toEqual([]);
    });

    it('records the visitor address for the accounts this browser registered, and only those', async () => {
      const { logins, cookie } = await registerInBrowser(2);
      const other = await newAccount();
      const ghost = freshLogin();
      const answer = await update(
        {
          users: `${logins[0]?.toUpperCase()}|${logins[1]}|${other.username}|${ghost}||`,
          ipV4: '9.9.9.9',
          ipV6: '2001:db8::20',
        },
        '198.51.100.20',
        cookie,
      );
      expect(answer.status).toBe(204);
      // The address is the one the request came from, not what the page claims.
      for (const login of logins) {
        expect(await updateRows(login)).toMatchObject([
          { login, ip_v4: '198.51.100.20', ip_v6: '2001:db8::20', kind: 'update' },
        ]);
      }
      expect(await updateRows(other.username)).toEqual([]);
      expect(await ipRows(ghost)).toEqual([]);
    });

    it('records nothing for accounts named without the registration cookie (forged users)', async () => {
      const [first, second] = [await newAccount(), await newAccount()];
      const before = await snapshot();
      const answer = await update(
        { users: `${first.username}|${second.username}|demoplayer`, ipV4: '', ipV6: '2001:db8::66' },
        '198.51.100.66',
      );
      expect(answer.status).toBe(204);
      expect(await snapshot()).toEqual(before);
    });

    it('records nothing for a cookie whose signature or content was changed', async () => {
      const { logins, cookie } = await registerInBrowser(1);
      const victim = await newAccount();
      const [name, value = ''] = cookie.split('=');
      const [payload = '', signature = ''] = value.split('.');
      const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { logins: string[] };
      const widened = Buffer.from(
        JSON.stringify({ ...decoded, logins: [...decoded.logins, victim.username] }),
      ).toString('base64url');
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const tampered = {
        'another account added, old signature': `${name}=${widened}.${signature}`,
        'signature changed': `${name}=${payload}.${flipped}`,
        'signature removed': `${name}=${payload}`,
        'signed by another key': registrationCookie({ key: 'k'.repeat(32), secure: false, now: clock.now })
          .afterRegistering(undefined, victim.username)
          .split(';')[0],
      };
      const before = await snapshot();
      for (const forged of Object.values(tampered)) {
        const answer = await update(
          { users: `${logins[0]}|${victim.username}`, ipV4: '', ipV6: '' },
          '198.51.100.67',
          forged,
        );
        expect(answer.status).toBe(204);
      }
      expect(await snapshot()).toEqual(before);
      // The untouched cookie still works.
      await update({ users: `${logins[0]}|${victim.username}`, ipV4: '', ipV6: '' }, '198.51.100.67', cookie);
      expect(await updateRows(logins[0] ?? '')).toHaveLength(1);
      expect(await updateRows(victim.username)).toEqual([]);
    });

    it('records an address once a day and an invalid IPv6 as empty', async () => {
      const { logins, cookie } = await registerInBrowser(1);
      const login = logins[0] ?? '';
      const body = { users: login, ipV4: '198.51.100.21', ipV6: 'garbage' };
      await update(body, '198.51.100.21', cookie);
      await update(body, '198.51.100.21', cookie);
      await update({ ...body, users: `${login}|${login}` }, '198.51.100.21', cookie);
      expect(await updateRows(login)).toMatchObject([{ ip_v4: '198.51.100.21', ip_v6: '' }]);
      await update(body, '198.51.100.22', cookie);
      await update({ ...body, ipV6: '2001:db8::21' }, '198.51.100.21', cookie);
      expect(await updateRows(login)).toHaveLength(3);
      clock.advance(24 * 60 * MINUTE + MINUTE);
      await update(body, '198.51.100.21', cookie);
      expect(await updateRows(login)).toHaveLength(4);
    });

    it('keeps the last ten accounts a browser registered, and the cookie for 90 days', async () => {
      const { logins, cookie } = await registerInBrowser(12);
      await update({ users: logins.join('|'), ipV4: '', ipV6: '' }, '198.51.100.23', cookie);
      const recorded = await Promise.all(logins.map(async (login) => (await updateRows(login)).length));
      expect(recorded).toEqual([0, 0, ...Array.from({ length: 10 }, () => 1)]);
      clock.advance(COOKIES.registered.maxAgeMs + MINUTE);
      await update({ users: logins.join('|'), ipV4: '', ipV6: '' }, '198.51.100.24', cookie);
      const later = await Promise.all(logins.map(async (login) => (await updateRows(login)).length));
      expect(later).toEqual(recorded);
    });

    it('answers formInvalid for a body without users and records nothing', async () => {
      const before = await snapshot();
      expectCodes(await update({ ipV4: '1.2.3.4' }, '198.51.100.24'), ['formInvalid']);
      expectCodes(await update({ users: 42, ipV4: '1.2.3.4' }, '198.51.100.24'), ['formInvalid']);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('characters outside the Basic Multilingual Plane (an emoji)', () => {
    const EMOJI = String.fromCodePoint(0x1f600);
    // The L2J tables are utf8mb3: a 4-byte character can be neither stored nor looked up there.
    it('registers a username or email with one exactly as typed, or refuses it and writes nothing', async () => {
      for (const variant of ['username', 'email'] as const) {
        const username = freshLogin();
        const email = variant === 'email' ? `p${EMOJI}${username}@example.com` : `${username}@example.com`;
        const body = {
          username: variant === 'username' ? `${username.slice(0, 8)}${EMOJI}` : username,
          newPassword: 'Fresh.Pass1',
          confirmPassword: 'Fresh.Pass1',
          email,
          confirmEmail: email,
        };
        const before = await snapshot();
        const answer = await solvedCall('createAccount', body);
        if (answer.status === 200) {
          expect(await accountRow(body.username.toLowerCase())).toMatchObject({
            login: body.username.toLowerCase(),
            email,
          });
        } else {
          expect({ variant, status: answer.status }).toEqual({ variant, status: 400 });
          expect(await snapshot()).toEqual(before);
        }
      }
    });

    it('answers the usual codes, never a 5xx, when a looked-up name holds one', async () => {
      const answers = {
        changePassword: await solvedCall('changePassword', {
          ...DEMO.player,
          username: `demo${EMOJI}player`,
          newPassword: 'Brand.New2',
          confirmPassword: 'Brand.New2',
        }),
        recoverPassword: await solvedCall('recoverPassword', { username: `demo${EMOJI}`, email: DEMO.player.email }),
        changePincode: await solvedCall('changePincode', {
          ...DEMO.player,
          charName: `Demo${EMOJI}`,
          pincode: '123456',
        }),
        unblockCharacter: await solvedCall('unblockCharacter', { ...DEMO.player, charName: `Demo${EMOJI}` }),
        updateIps: await call('updateIps', { users: `demo${EMOJI}|${freshLogin()}`, ipV4: '', ipV6: '' }),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
        changePassword: 400,
        recoverPassword: 200,
        changePincode: 400,
        unblockCharacter: 400,
        updateIps: 204,
      });
      expect(answers.changePassword.body).toEqual(['wrongUsernameOrPassword']);
      expect(answers.changePincode.body).toEqual(['charDoesntExist']);
      expect(answers.unblockCharacter.body).toEqual(['charDoesntExist']);
    });
  });

  describe('abuse and bad input', () => {
    const POSTS: AccountPost[] = [
      'createAccount',
      'changePassword',
      'recoverPassword',
      'changePincode',
      'unblockCharacter',
      'updateIps',
    ];

    it('limits each call per address: the call after the allowed ones answers 429 tooManyRequests', async () => {
      const limited = await startApp(databases, {
        env: { TRUST_PROXY: 'true' },
        settings: { ...SETTINGS, accounts: { ...SETTINGS.accounts, requestsPerMinute: 3 } },
      });
      try {
        const send = (name: AccountPost | 'getNewPassword', ip: string) =>
          name === 'getNewPassword'
            ? getNewPassword(limited.url, 'key=bogus', { ip })
            : postCall(limited.url, name, { captcha: 'x' }, { ip });
        for (const [index, name] of [...POSTS, 'getNewPassword' as const].entries()) {
          const ip = `192.0.2.${100 + index}`;
          for (let request = 0; request < 3; request++) expect((await send(name, ip)).status).not.toBe(429);
          const refused = await send(name, ip);
          expect({ call: name, status: refused.status, body: refused.body }).toEqual({
            call: name,
            status: 429,
            body: ['tooManyRequests'],
          });
          // Another address is not affected.
          expect((await send(name, `192.0.2.${200 + index}`)).status).not.toBe(429);
        }

        // A valid registration over the limit creates nothing.
        const username = freshLogin();
        const registration = {
          username,
          newPassword: 'Fresh.Pass1',
          confirmPassword: 'Fresh.Pass1',
          email: `${username}@example.com`,
          confirmEmail: `${username}@example.com`,
          captcha: await altchaPayload(limited.url),
        };
        expect((await postCall(limited.url, 'createAccount', registration, { ip: '192.0.2.100' })).status).toBe(429);
        expect(await accountRow(username)).toBeUndefined();
      } finally {
        await limited.close();
      }
    });

    it('refuses every write call without the anti-forgery token with 403 and writes nothing', async () => {
      const before = await snapshot();
      const username = freshLogin();
      const registration = {
        username,
        newPassword: 'Fresh.Pass1',
        confirmPassword: 'Fresh.Pass1',
        email: `${username}@example.com`,
        confirmEmail: `${username}@example.com`,
        captcha: await altchaPayload(site.url),
      };
      for (const name of POSTS) {
        for (const headers of [
          { cookie: '', 'x-xsrf-token': '' },
          { cookie: 'XSRF-TOKEN=abcdefabcdef', 'x-xsrf-token': '' },
          { cookie: '', 'x-xsrf-token': 'abcdefabcdef' },
          { cookie: 'XSRF-TOKEN=abcdefabcdef', 'x-xsrf-token': 'abcdefabcdeg' },
        ]) {
          const answer = await postCall(site.url, name, name === 'createAccount' ? registration : { captcha: 'x' }, {
            headers,
          });
          expect({ name, status: answer.status, body: answer.body }).toEqual({
            name,
            status: 403,
            body: ['formInvalid'],
          });
        }
      }
      expect(await snapshot()).toEqual(before);
      // The captcha was not spent by the refused calls.
      expectCodes(await call('createAccount', registration), [], 200);
    });

    const MALFORMED: [string, string | object, Record<string, string>?][] = [
      ['broken JSON', '{"username": "abc"'],
      ['a JSON array', '[]'],
      ['JSON null', 'null'],
      ['a JSON string', '"createaccount"'],
      ['a JSON number', '42'],
      ['an empty body', ''],
      ['an empty object', {}],
      [
        'numbers everywhere',
        {
          username: 1,
          password: 2,
          newPassword: 3,
          confirmPassword: 3,
          email: 4,
          confirmEmail: 4,
          charName: 5,
          pincode: 123456,
          captcha: 6,
          users: 7,
          ipV4: 8,
          ipV6: 9,
          lang: 10,
        },
      ],
      [
        'nested objects and arrays',
        {
          username: { $ne: '' },
          password: ['a'],
          newPassword: { a: 1 },
          email: [],
          charName: null,
          pincode: true,
          captcha: {},
          users: [],
          lang: ['en'],
        },
      ],
      ['nulls', { username: null, password: null, email: null, captcha: null, users: null }],
      [
        'huge strings',
        {
          username: 'a'.repeat(20_000),
          password: 'b'.repeat(20_000),
          email: `${'c'.repeat(20_000)}@x.com`,
          captcha: 'd',
          users: 'e|'.repeat(1000),
        },
      ],
      ['a body over the size limit', { username: 'a'.repeat(70_000), captcha: 'x' }],
      ['a prototype pollution attempt', '{"__proto__": {"admin": true}, "username": "demoplayer", "captcha": "x"}'],
      ['a constructor pollution attempt', '{"constructor": {"prototype": {"admin": true}}, "captcha": "x"}'],
      [
        'extra fields next to real ones',
        {
          ...DEMO.player,
          newPassword: 'Brand.New2',
          confirmPassword: 'Brand.New2',
          charName: 'DemoKnight',
          pincode: '123456',
          accessLevel: 100,
          captcha: 'x',
          isAdmin: true,
        },
      ],
      ['a form-encoded body', 'username=demoplayer&captcha=x', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['plain text', 'hello', { 'content-type': 'text/plain' }],
      [
        'a JSON body with a charset and a BOM',
        '\uFEFF{"captcha": "x"}',
        { 'content-type': 'application/json; charset=utf-8' },
      ],
      ['invalid UTF-8', '{"username": "\udc00\ud800", "captcha": "x"}'],
    ];

    it('never answers 5xx to a malformed body, always a list of error codes, and writes nothing', async () => {
      const before = await snapshot();
      const failures: string[] = [];
      for (const name of POSTS) {
        for (const [label, body, headers] of MALFORMED) {
          const answer = await postCall(site.url, name, body, headers ? { headers } : {});
          const codes = Array.isArray(answer.body) && answer.body.length > 0 && answer.body.every(isErrorCode);
          // updateips answers 204 to a well-formed body; everything else here is the caller's fault.
          const fine = answer.status === 204 || (answer.status >= 400 && answer.status < 500 && codes);
          if (!fine) failures.push(`${name} / ${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  });
});
