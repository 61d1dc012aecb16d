import { api } from '@gatekeeper/contract';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { csrfHeaders } from './app-under-test';
import { DATABASE_KINDS } from './databases';
import { type Answer, postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { type TestClock, testClock } from './support/clock';
import { newGameAccount } from './support/game-account';
import { accountToolSettings } from './support/mailed-site';
import { SoftAuthenticator } from './support/soft-authenticator';
import { useSite } from './support/use-site';

/**
 * Passkeys (docs/owner/accounts.md#passkeys, docs/decisions/028-passkeys.md): added by the
 * signed-in account, a sign-in of their own and a way through the second factor; every
 * challenge bound to its browser, answered once, within five minutes. The authenticator is a
 * software one answering as a browser's would, for the site's PUBLIC_URL.
 */

const PASSWORD = 'Fresh.Pass1';
const PUBLIC_URL = 'http://play.example.test:8080';
const RP_ID = 'play.example.test';
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 120, absoluteDays: 30 },
};

describe.each(DATABASE_KINDS)('passkeys of a site account (%s)', (kind) => {
  const clock: TestClock = testClock();
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now, env: { PUBLIC_URL } } });

  const cookieOf = (answer: Answer, name: string): string | undefined =>
    answer.setCookies.find((c) => c.startsWith(`${name}=`) && !/max-age=0/i.test(c))?.split(';')[0];

  const post = async (path: string, cookies: (string | undefined)[], body: unknown = {}) =>
    readAnswer(
      await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: { ...csrfHeaders(), cookie: [csrfHeaders().cookie, ...cookies].filter(Boolean).join('; ') },
        body: JSON.stringify(body),
      }),
    );
  const get = async (path: string, cookie: string | undefined) =>
    readAnswer(await fetch(`${site.url}${path}`, { headers: cookie ? { cookie } : {} }));

  const signIn = async (username: string) =>
    postCall(site.url, 'signIn', { username, password: PASSWORD, captcha: await altchaPayload(site.url) });

  const signedIn = async () => {
    const login = await newGameAccount(site.databases, PASSWORD, { prefix: 'p' });
    const session = cookieOf(await signIn(login), 'gk_session');
    expect(session).toBeDefined();
    return { login, session: session! };
  };

  const loginOf = async (session: string | undefined) => {
    const answer = await get(api.getAccount.path, session);
    return answer.status === 200 ? api.getAccount.response.parse(answer.body).login : undefined;
  };

  const registrationOptions = async (session: string) => {
    const answer = await post(api.passkeyRegistrationOptions.path, [session]);
    expect(answer.status).toBe(200);
    return answer.body as { challenge: string; rp: { id: string }; authenticatorSelection: { residentKey: string } };
  };

  /** A signed-in account with a passkey added: its authenticator. */
  const withPasskey = async () => {
    const account = await signedIn();
    const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const options = await registrationOptions(account.session);
    const added = await post(api.addPasskey.path, [account.session], {
      response: authenticator.register(options),
      name: 'My phone',
    });
    expect({ status: added.status, body: added.body }).toEqual({ status: 200, body: [] });
    return { ...account, authenticator };
  };

  /** The options of a passkey sign-in and the cookie its challenge is bound to (none when pending). */
  const signInOptions = async (pending?: string) => {
    const answer = await post(api.passkeySignInOptions.path, [pending]);
    expect(answer.status).toBe(200);
    return {
      options: answer.body as { challenge: string; allowCredentials?: { id: string }[] },
      passkeyCookie: cookieOf(answer, 'gk_passkey'),
    };
  };

  it('adds a passkey for the PUBLIC_URL host, lists it by name, and signs in with it alone', async () => {
    const { login, authenticator } = await withPasskey();
    const { session } = await signedIn();
    // Another account's list shows nothing of it.
    expect((await get(api.getPasskeys.path, session)).body).toEqual([]);

    const { options, passkeyCookie } = await signInOptions();
    expect(passkeyCookie).toBeDefined();
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = await post(api.signInPasskey.path, [passkeyCookie], {
      response: authenticator.authenticate(options),
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
    const newSession = cookieOf(answer, 'gk_session');
    expect(await loginOf(newSession)).toBe(login);
    const list = api.getPasskeys.response.parse((await get(api.getPasskeys.path, newSession)).body);
    expect(list).toEqual([
      {
        id: authenticator.credentialId,
        name: 'My phone',
        createdAt: expect.any(Number),
        lastUsedAt: expect.any(Number),
      },
    ]);
    // The history records the sign-in as any other.
    const history = api.getSignIns.response.parse((await get(api.getSignIns.path, newSession)).body);
    expect(history[0]?.outcome).toBe('success');
  });

  it('asks the browser for a discoverable passkey that verifies its user, for the host of PUBLIC_URL', async () => {
    const { session } = await signedIn();
    const options = await registrationOptions(session);
    expect(options.rp.id).toBe(RP_ID);
    expect(options.authenticatorSelection.residentKey).toBe('required');
  });

  it('refuses a replayed answer, an expired challenge, another browser, another origin and a clone', async () => {
    const { authenticator } = await withPasskey();
    const refused = { status: 400, body: ['passkeyRefused'] };
    const status = (answer: Answer) => ({ status: answer.status, body: answer.body });

    // Replayed: the challenge was spent by the first answer.
    const first = await signInOptions();
    const response = authenticator.authenticate(first.options);
    expect((await post(api.signInPasskey.path, [first.passkeyCookie], { response })).status).toBe(200);
    expect(status(await post(api.signInPasskey.path, [first.passkeyCookie], { response }))).toEqual(refused);

    // Answered in another browser: the challenge is bound to the cookie it was handed to.
    const mine = await signInOptions();
    const theirs = await signInOptions();
    const answer = await post(api.signInPasskey.path, [theirs.passkeyCookie], {
      response: authenticator.authenticate(mine.options),
    });
    expect(status(answer)).toEqual(refused);
    expect(cookieOf(answer, 'gk_session')).toBeUndefined();
    expect(
      status(await post(api.signInPasskey.path, [], { response: authenticator.authenticate(mine.options) })),
    ).toEqual(refused);

    // Expired: five minutes.
    const late = await signInOptions();
    clock.advance(5 * 60_000 + 1);
    expect(
      status(
        await post(api.signInPasskey.path, [late.passkeyCookie], {
          response: authenticator.authenticate(late.options),
        }),
      ),
    ).toEqual(refused);

    // Signed for another site.
    const phished = await signInOptions();
    expect(
      status(
        await post(api.signInPasskey.path, [phished.passkeyCookie], {
          response: authenticator.authenticate(phished.options, { origin: 'http://evil.example.test:8080' }),
        }),
      ),
    ).toEqual(refused);

    // A copy of the authenticator whose counter stayed behind.
    const clone = authenticator.clone();
    const ahead = await signInOptions();
    authenticator.counter += 5;
    expect(
      (
        await post(api.signInPasskey.path, [ahead.passkeyCookie], {
          response: authenticator.authenticate(ahead.options),
        })
      ).status,
    ).toBe(200);
    const cloned = await signInOptions();
    expect(
      status(
        await post(api.signInPasskey.path, [cloned.passkeyCookie], { response: clone.authenticate(cloned.options) }),
      ),
    ).toEqual(refused);
  });

  it('refuses an unknown passkey and one signed without verifying its user', async () => {
    const stranger = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const { options, passkeyCookie } = await signInOptions();
    expect(
      (await post(api.signInPasskey.path, [passkeyCookie], { response: stranger.authenticate(options) })).body,
    ).toEqual(['passkeyRefused']);
    const { authenticator } = await withPasskey();
    authenticator.userVerified = false;
    const unverified = await signInOptions();
    const answer = await post(api.signInPasskey.path, [unverified.passkeyCookie], {
      response: authenticator.authenticate(unverified.options),
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: ['passkeyRefused'] });
    expect(cookieOf(answer, 'gk_session')).toBeUndefined();
  });

  it('passes the second factor with a passkey of that account only, and opens a new session', async () => {
    const { login, session, authenticator } = await withPasskey();
    const other = await withPasskey();
    // The authenticator app switched on: a password sign-in now waits for the second factor.
    const { secret } = (await post(api.beginTotp.path, [session])).body as { secret: string };
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() });
    expect((await post(api.confirmTotp.path, [session], { code })).status).toBe(200);

    const waiting = await signIn(login);
    expect(waiting.body).toEqual(['secondFactorRequired']);
    const pending = cookieOf(waiting, 'gk_pending')!;
    const { options, passkeyCookie } = await signInOptions(pending);
    expect(passkeyCookie).toBeUndefined();
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);

    // Another account's passkey does not pass this account's second factor.
    const wrong = await post(api.signInPasskey.path, [pending], {
      response: other.authenticator.authenticate(options),
    });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: ['passkeyRefused'] });

    const again = await signIn(login);
    const pendingAgain = cookieOf(again, 'gk_pending')!;
    const second = await signInOptions(pendingAgain);
    const passed = await post(api.signInPasskey.path, [pendingAgain], {
      response: authenticator.authenticate(second.options),
    });
    expect(passed.status).toBe(200);
    const newSession = cookieOf(passed, 'gk_session')!;
    expect(newSession.split('=')[1]).not.toBe(pendingAgain.split('=')[1]);
    expect(passed.setCookies.some((c) => c.startsWith('gk_pending=;') || /^gk_pending=.*max-age=0/i.test(c))).toBe(
      true,
    );
    expect(await loginOf(newSession)).toBe(login);
    // The waiting sign-in is over: its cookie signs nothing in any more.
    expect((await post(api.signInSecondFactor.path, [pendingAgain], { code: '123456' })).status).toBe(401);
  });

  it('adds a passkey only with a challenge of the same session, and never twice', async () => {
    const { session } = await signedIn();
    const { session: secondSession } = await signedIn();
    const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const options = await registrationOptions(session);
    // The challenge of one session answered in another: refused, nothing kept.
    const crossed = await post(api.addPasskey.path, [secondSession], { response: authenticator.register(options) });
    expect({ status: crossed.status, body: crossed.body }).toEqual({ status: 400, body: ['passkeyRefused'] });
    expect((await get(api.getPasskeys.path, secondSession)).body).toEqual([]);
    // Another origin's answer.
    const next = await registrationOptions(session);
    expect(
      (
        await post(api.addPasskey.path, [session], {
          response: authenticator.register(next, { origin: 'http://evil.example.test:8080' }),
        })
      ).body,
    ).toEqual(['passkeyRefused']);
    // The first challenge was not spent by a browser it was not handed to: its session answers it.
    expect((await post(api.addPasskey.path, [session], { response: authenticator.register(options) })).status).toBe(
      200,
    );
    // ...once.
    expect((await post(api.addPasskey.path, [session], { response: authenticator.register(options) })).status).toBe(
      400,
    );
    // The same authenticator twice: kept once.
    const twice = await registrationOptions(session);
    expect((await post(api.addPasskey.path, [session], { response: authenticator.register(twice) })).status).toBe(400);
    expect(api.getPasskeys.response.parse((await get(api.getPasskeys.path, session)).body)).toHaveLength(1);
  });

  it('removes only the account’s own passkey; a removed one signs in no more', async () => {
    const { session, authenticator } = await withPasskey();
    const other = await signedIn();
    const theirs = await post(api.removePasskey.path, [other.session], { id: authenticator.credentialId });
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 400, body: ['passkeyNotFound'] });
    expect(api.getPasskeys.response.parse((await get(api.getPasskeys.path, session)).body)).toHaveLength(1);

    expect((await post(api.removePasskey.path, [session], { id: authenticator.credentialId })).status).toBe(200);
    expect((await get(api.getPasskeys.path, session)).body).toEqual([]);
    const { options, passkeyCookie } = await signInOptions();
    expect(
      (await post(api.signInPasskey.path, [passkeyCookie], { response: authenticator.authenticate(options) })).body,
    ).toEqual(['passkeyRefused']);
  });
});
