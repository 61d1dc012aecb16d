import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startApp } from './app-under-test';
import { DATABASE_KINDS, type TestDatabases, createTestDatabases } from './databases';
import { type TestClock, testClock } from './support/clock';
import { postCall } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { accountToolSettings } from './support/mailed-site';
import { passwordHash } from '../src/game/password-hash';
import { TOTP_PASSWORD, TOTP_STEP, totpAccounts } from './support/totp-accounts';

/**
 * The second factor (docs/owner/accounts.md#second-factor): an authenticator app's codes, computed
 * here from the secret the site hands out, at the app's clock.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 3, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 120, absoluteDays: 30 },
};
const STEP = TOTP_STEP;
const TOTP_SECRET_KEY = 'a'.repeat(64);

describe.each(DATABASE_KINDS)('the second factor of a site account (%s)', (kind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let clock: TestClock;

  beforeAll(async () => {
    databases = await createTestDatabases(kind);
    clock = testClock();
    site = await startApp(databases, { settings: SETTINGS, now: clock.now, env: { TOTP_SECRET_KEY } });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });

  const siteDb = () => databases.connections.site.db;

  const { newAccount, cookieOf, signIn, post, get, codeAt, wrongCode, accountWithFactor, pendingSignIn, secondFactor } =
    totpAccounts(
      () => site,
      () => databases,
      () => clock,
    );

  it('switches on only with a right code, answers the otpauth URI once and ten recovery codes', async () => {
    const name = await newAccount();
    const session = cookieOf(await signIn(name), 'gk_session')!;
    const begun = await post(api.beginTotp.path, session);
    const { secret, uri } = begun.body as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/');
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain(encodeURIComponent(name));
    expect(uri).toMatch(/issuer=127\.0\.0\.1|issuer=localhost/);

    const wrong = await post(api.confirmTotp.path, session, { code: wrongCode(secret) });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: ['wrongSecondFactorCode'] });
    // Still off: signing in asks for no code.
    expect(cookieOf(await signIn(name), 'gk_session')).toBeDefined();

    const right = await post(api.confirmTotp.path, session, { code: codeAt(secret) });
    expect(right.status).toBe(200);
    const { recoveryCodes } = right.body as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // The codes are kept as hashes only; a second begin is refused and hands out nothing.
    const stored = await siteDb().selectFrom('site_recovery_codes').selectAll().where('login', '=', name).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(row.code_hash);
    const again = await post(api.beginTotp.path, session);
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: ['secondFactorAlreadyOn'] });
  });

  it('takes two set-ups at once (a double click): one of their secrets switches it on', async () => {
    const name = await newAccount();
    const session = cookieOf(await signIn(name), 'gk_session')!;
    const both = await Promise.all([post(api.beginTotp.path, session), post(api.beginTotp.path, session)]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    const secrets = both.map((answer) => (answer.body as { secret: string }).secret);
    const answers = [];
    for (const secret of secrets)
      answers.push((await post(api.confirmTotp.path, session, { code: codeAt(secret) })).status);
    expect(answers.sort()).toEqual([200, 400]);
  });

  it('asks for the code at sign-in; a right one opens a new session, the waiting one ends', async () => {
    const { name, secret } = await accountWithFactor();
    const pending = await pendingSignIn(name);
    // The waiting session reads nothing, neither under its own cookie nor under the session's.
    expect((await get(api.getAccount.path, pending)).status).toBe(401);
    const disguised = `gk_session=${pending.slice('gk_pending='.length)}`;
    expect((await get(api.getAccount.path, disguised)).status).toBe(401);
    expect((await post(api.beginTotp.path, disguised)).status).toBe(401);

    const answer = await secondFactor(pending, codeAt(secret));
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
    const session = cookieOf(answer, 'gk_session')!;
    expect(session.slice('gk_session='.length)).not.toBe(pending.slice('gk_pending='.length));
    const account = await get(api.getAccount.path, session);
    expect(account.status).toBe(200);
    expect((account.body as { login: string }).login).toBe(name);
    // The waiting session is gone: it takes no second code.
    clock.advance(STEP);
    const reused = await secondFactor(pending, codeAt(secret));
    expect({ status: reused.status, body: reused.body }).toEqual({ status: 401, body: ['notSignedIn'] });
  });

  it('refuses a code replayed within its window, and any code of an earlier step', async () => {
    const { name, secret } = await accountWithFactor();
    const code = codeAt(secret);
    expect((await secondFactor(await pendingSignIn(name), code)).status).toBe(200);
    const replayed = await secondFactor(await pendingSignIn(name), code);
    expect({ status: replayed.status, body: replayed.body }).toEqual({
      status: 400,
      body: ['wrongSecondFactorCode'],
    });
    // A step later, the code of the step before is still in the window, but older than the last used.
    clock.advance(STEP);
    const earlier = await secondFactor(await pendingSignIn(name), codeAt(secret, clock.now() - STEP));
    expect(earlier.status).toBe(400);
    expect((await secondFactor(await pendingSignIn(name), codeAt(secret))).status).toBe(200);
  });

  it('takes the codes of one step either side of now and none further, in between the edges too', async () => {
    // Steps 2, 3, 5 and 10 away, either way: outside a window of one step, whatever its width.
    // Two wrong codes per account, below the lockout of three.
    for (const steps of [
      [2, -2],
      [3, -3],
      [5, -5],
      [10, -10],
    ]) {
      const { name, secret } = await accountWithFactor();
      for (const away of steps) {
        const far = codeAt(secret, clock.now() + away * STEP);
        if (far === codeAt(secret)) continue;
        const answer = await secondFactor(await pendingSignIn(name), far);
        expect({ away, status: answer.status, body: answer.body }).toEqual({
          away,
          status: 400,
          body: ['wrongSecondFactorCode'],
        });
      }
      // The next step's code (a phone's clock a little ahead) is taken.
      expect((await secondFactor(await pendingSignIn(name), codeAt(secret, clock.now() + STEP))).status).toBe(200);
    }
  });

  it('takes a recovery code once', async () => {
    const { name, recoveryCodes } = await accountWithFactor();
    const [first] = recoveryCodes;
    // Typed in lower case and without its dash: the same code.
    const used = await secondFactor(await pendingSignIn(name), first!.replace('-', '').toLowerCase());
    expect({ status: used.status, body: used.body }).toEqual({ status: 200, body: [] });
    const again = await secondFactor(await pendingSignIn(name), first!);
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: ['wrongSecondFactorCode'] });
    const rows = await siteDb().selectFrom('site_recovery_codes').selectAll().where('login', '=', name).execute();
    expect(rows).toHaveLength(9);
  });

  it('switches off only with a right code', async () => {
    const { name, session, secret, recoveryCodes } = await accountWithFactor();
    const wrong = await post(api.disableTotp.path, session, { code: wrongCode(secret) });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: ['wrongSecondFactorCode'] });
    const spentless = await post(api.disableTotp.path, session, { code: 'AAAAA-AAAAA' });
    expect(spentless.status).toBe(400);
    const off = await post(api.disableTotp.path, session, { code: recoveryCodes[1]! });
    expect({ status: off.status, body: off.body }).toEqual({ status: 200, body: [] });
    expect(await siteDb().selectFrom('site_second_factors').selectAll().where('login', '=', name).execute()).toEqual(
      [],
    );
    expect(await siteDb().selectFrom('site_recovery_codes').selectAll().where('login', '=', name).execute()).toEqual(
      [],
    );
    // Signing in asks for no code any more; switching off again is refused.
    expect(cookieOf(await signIn(name), 'gk_session')).toBeDefined();
    const again = await post(api.disableTotp.path, session, { code: codeAt(secret) });
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: ['secondFactorNotOn'] });
  });

  it('counts wrong codes in the lockout of wrong passwords, which a right password does not reset', async () => {
    const { name, secret } = await accountWithFactor();
    // Each wrong code on a fresh password step: the password being right forgets none of them.
    for (let i = 1; i < 3; i += 1) {
      const answer = await secondFactor(await pendingSignIn(name), wrongCode(secret));
      expect({ try: i, body: answer.body }).toEqual({ try: i, body: ['wrongSecondFactorCode'] });
    }
    const pending = await pendingSignIn(name);
    const locked = await secondFactor(pending, wrongCode(secret));
    expect({ status: locked.status, body: locked.body }).toEqual({ status: 400, body: ['tooManyAttempts'] });
    // Locked: the right code does not sign in, and neither does the password.
    expect((await secondFactor(pending, codeAt(secret))).status).not.toBe(200);
    expect((await signIn(name)).body).toEqual(['tooManyAttempts']);
    const outcomes = await siteDb()
      .selectFrom('site_sign_ins')
      .select('outcome')
      .where('login', '=', name)
      .where('outcome', 'in', ['wrongCode', 'locked'])
      .execute();
    expect(outcomes.filter((row) => row.outcome === 'wrongCode')).toHaveLength(2);
    expect(outcomes.filter((row) => row.outcome === 'locked').length).toBeGreaterThanOrEqual(1);
  });

  it('lets a waiting session lapse after five minutes', async () => {
    const { name, secret } = await accountWithFactor();
    const pending = await pendingSignIn(name);
    clock.advance(5 * 60_000 + 1);
    const late = await secondFactor(pending, codeAt(secret));
    expect({ status: late.status, body: late.body }).toEqual({ status: 401, body: ['notSignedIn'] });
    expect(late.setCookies.some((c) => c.startsWith('gk_pending=;'))).toBe(true);
  });

  it('voids a sign-in waiting for its code when the password changes in between, in the game or by the form', async () => {
    const changes = {
      // As the game's own tools would: its accounts table, under the site.
      game: async (name: string, password: string) => {
        await databases.connections.login.db
          .updateTable('accounts')
          .set({ password: await passwordHash('sha1', password) })
          .where('login', '=', name)
          .execute();
      },
      // As another browser would: the change password form, which asks for no session.
      form: async (name: string, password: string) => {
        const changed = await postCall(site.url, 'changePassword', {
          username: name,
          password: TOTP_PASSWORD,
          newPassword: password,
          confirmPassword: password,
          captcha: await altchaPayload(site.url),
        });
        expect(changed.status).toBe(200);
      },
    };
    for (const [how, change] of Object.entries(changes)) {
      const { name, secret } = await accountWithFactor();
      const pending = await pendingSignIn(name);
      await change(name, 'Changed.Pass2');
      // The right code, within its window: the half-done sign-in is void all the same.
      const answer = await secondFactor(pending, codeAt(secret));
      expect({ how, status: answer.status, body: answer.body }).toEqual({ how, status: 401, body: ['notSignedIn'] });
      expect(cookieOf(answer, 'gk_session'), how).toBeUndefined();
      expect(
        answer.setCookies.some((c) => c.startsWith('gk_pending=;')),
        how,
      ).toBe(true);
      // The new password signs in, with the next code.
      clock.advance(STEP);
      const again = await signIn(name, site.url, { password: 'Changed.Pass2' });
      expect(again.body, how).toEqual(['secondFactorRequired']);
      const done = await secondFactor(cookieOf(again, 'gk_pending'), codeAt(secret));
      expect({ how, status: done.status }).toEqual({ how, status: 200 });
      expect(cookieOf(done, 'gk_session'), how).toBeDefined();
    }
  });

  it('stores the secret encrypted with TOTP_SECRET_KEY; an instance of another key still takes recovery codes', async () => {
    const { name, secret, recoveryCodes } = await accountWithFactor();
    const stored = await siteDb()
      .selectFrom('site_second_factors')
      .select('secret')
      .where('login', '=', name)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(secret);

    // An instance given another key (a misconfigured second instance) cannot read the secret, but
    // recovery codes need no secret: the player still signs in.
    const other = await startApp(databases, {
      settings: SETTINGS,
      now: clock.now,
      env: { TOTP_SECRET_KEY: 'b'.repeat(64) },
    });
    try {
      const pending = await pendingSignIn(name, other.url);
      expect((await secondFactor(pending, recoveryCodes[0]!, other.url)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers notSignedIn to a code without a waiting session', async () => {
    const answer = await secondFactor(undefined, '123456');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: ['notSignedIn'] });
  });
});
