import { api } from '@gatekeeper/contract';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { passwordHash } from '../../src/game/password-hash';
import { csrfHeaders } from '../app-under-test';
import type { TestDatabases } from '../databases';
import { type Answer, freshLogin, postCall, readAnswer } from './account-calls';
import { altchaPayload } from './altcha-solver';
import type { TestClock } from './clock';
import { flavoredWorld } from './flavored-world';

export const TOTP_PASSWORD = 'Fresh.Pass1';
export const TOTP_STEP = 30_000;

/**
 * Site accounts with and without the second factor, signed in through the real calls; the
 * authenticator's codes computed here from the secret the site hands out, at the test's clock.
 */
export const totpAccounts = (site: () => { url: string }, databases: () => TestDatabases, clock: () => TestClock) => {
  const newAccount = async () => {
    const name = freshLogin('t');
    const login = databases().connections.login.db;
    await flavoredWorld('l2j').insertAccounts(login, [{ login: name, accessLevel: 0 }]);
    await login
      .updateTable('accounts')
      .set({ password: await passwordHash('sha1', TOTP_PASSWORD) })
      .where('login', '=', name)
      .execute();
    return name;
  };

  const cookieOf = (answer: Answer, name: string): string | undefined =>
    answer.setCookies.find((c) => c.startsWith(`${name}=`) && !/max-age=0/i.test(c))?.split(';')[0];

  /** A sign-in; `captcha` solved beforehand lets a test send many at once. */
  const signIn = async (
    username: string,
    url = site().url,
    { password = TOTP_PASSWORD, ip, captcha }: { password?: string; ip?: string; captcha?: string } = {},
  ) =>
    postCall(url, 'signIn', { username, password, captcha: captcha ?? (await altchaPayload(url)) }, ip ? { ip } : {});

  const post = async (path: string, cookie: string | undefined, body: unknown = {}, url = site().url) =>
    readAnswer(
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...csrfHeaders(), cookie: [csrfHeaders().cookie, cookie].filter(Boolean).join('; ') },
        body: JSON.stringify(body),
      }),
    );
  const get = async (path: string, cookie: string) =>
    readAnswer(await fetch(`${site().url}${path}`, { headers: { cookie } }));

  const codeAt = (secret: string, at = clock().now()) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
  /** A six-digit code that none of the window's steps accepts. */
  const wrongCode = (secret: string, avoid: string[] = []) => {
    const valid = [-TOTP_STEP, 0, TOTP_STEP].map((delta) => codeAt(secret, clock().now() + delta));
    return ['000000', '111111', '222222', '333333', '444444'].find(
      (code) => !valid.includes(code) && !avoid.includes(code),
    )!;
  };

  /** An account signed in with the second factor switched on: its secret and recovery codes. */
  const accountWithFactor = async () => {
    const name = await newAccount();
    const session = cookieOf(await signIn(name), 'gk_session')!;
    expect(api.getAccount.response.parse((await get(api.getAccount.path, session)).body).secondFactor).toBe(false);
    const begun = await post(api.beginTotp.path, session);
    expect(begun.status).toBe(200);
    const { secret, uri } = api.beginTotp.response.parse(begun.body) as { secret: string; uri: string };
    const confirmed = await post(api.confirmTotp.path, session, { code: codeAt(secret) });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body as { recoveryCodes: string[] };
    expect(api.getAccount.response.parse((await get(api.getAccount.path, session)).body).secondFactor).toBe(true);
    // The next code the app shows is of a later step: the one that confirmed is spent.
    clock().advance(TOTP_STEP);
    return { name, session, secret, uri, recoveryCodes };
  };

  /** The password step of a sign-in with the factor on: the waiting session's cookie. */
  const pendingSignIn = async (name: string, url = site().url) => {
    const answer = await signIn(name, url);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: ['secondFactorRequired'] });
    expect(cookieOf(answer, 'gk_session')).toBeUndefined();
    const pending = cookieOf(answer, 'gk_pending');
    expect(pending).toBeDefined();
    return pending!;
  };

  const secondFactor = (pending: string | undefined, code: string, url = site().url) =>
    post(api.signInSecondFactor.path, pending, { code }, url);

  return { newAccount, cookieOf, signIn, post, get, codeAt, wrongCode, accountWithFactor, pendingSignIn, secondFactor };
};
