import { randomBytes } from 'node:crypto';
import { api, hostedCaptchaProvider } from '@gatekeeper/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertGameAccount } from '../src/game/accounts';
import { type AppUnderTest, startApp } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';
import { type AccountPost, freshLogin, postCall, statusAndBody, registrationForm } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload, fetchAltchaChallenge, solveAltcha } from './support/altcha-solver';
import { type CaptchaVerifyServer, startCaptchaVerifyServer } from './support/fakes/captcha-verify-server';
import { closedPort } from './support/closed-port';
import { L2J_SCHEMA } from './support/game-schema';

const SETTINGS = { captcha: FAST_ALTCHA_SETTINGS, accounts: { requestsPerMinute: 1000 } };
const VISITOR_IP = '203.0.113.50';

const registration = (captcha: string) => registrationForm(captcha);

const CAPTCHA_INVALID = { status: 400, body: ['captchaInvalid'] };

let databases: TestDatabases;
beforeAll(async () => {
  databases = await createTestDatabases('sqlite', { seed: false });
});
afterAll(async () => {
  await databases?.drop();
});

const accountExists = async (login: string) =>
  (await databases.connections.login.db
    .selectFrom('accounts')
    .select('login')
    .where('login', '=', login)
    .executeTakeFirst()) !== undefined;

describe.each(hostedCaptchaProvider.options)('the %s captcha', (provider) => {
  const secret = `secret-${provider}-${randomBytes(4).toString('hex')}`;
  const siteKey = `site-${provider}-key`;
  let verifier: CaptchaVerifyServer;
  let site: AppUnderTest;
  const envFor = (overrides: Record<string, string> = {}) => ({
    CAPTCHA_PROVIDER: provider,
    CAPTCHA_SITE_KEY: siteKey,
    CAPTCHA_SECRET: secret,
    CAPTCHA_VERIFY_URL: verifier.url,
    TRUST_PROXY: 'true',
    ...overrides,
  });

  beforeAll(async () => {
    verifier = await startCaptchaVerifyServer({ secret, siteKey });
    site = await startApp(databases, { env: envFor(), settings: SETTINGS });
  });
  afterAll(async () => {
    await site?.close();
    await verifier?.close();
  });
  afterEach(() => verifier.setMode('protocol'));

  const register = (captcha: string, baseUrl = site.url) =>
    postCall(baseUrl, 'createAccount', registration(captcha), { ip: VISITOR_IP });

  it('tells the page the provider and its site key, and offers no ALTCHA challenge', async () => {
    const response = await fetch(`${site.url}${api.getCaptcha.path}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ provider, siteKey });
    expect((await fetch(`${site.url}${api.getCaptchaChallenge.path}`)).status).toBe(404);
  });

  it("registers with a token the provider vouches for, sending the secret and the visitor's address", async () => {
    const token = verifier.issueToken();
    const body = registration(token);
    const answer = await postCall(site.url, 'createAccount', body, { ip: VISITOR_IP });
    expect(statusAndBody(answer)).toEqual({ status: 200, body: [] });
    expect(await accountExists(body.username)).toBe(true);

    const received = verifier.requests.filter((request) => request.form.response === token);
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(received[0]?.form).toEqual({
      secret,
      response: token,
      remoteip: VISITOR_IP,
      ...(provider === 'hcaptcha' ? { sitekey: siteKey } : {}),
    });
  });

  it('answers captchaInvalid for a token the provider never issued and creates nothing', async () => {
    const body = registration(`tok_${randomBytes(24).toString('base64url')}`);
    expect(statusAndBody(await postCall(site.url, 'createAccount', body))).toEqual(CAPTCHA_INVALID);
    expect(await accountExists(body.username)).toBe(false);
  });

  it('accepts a token once: the replay is refused without asking the provider again', async () => {
    const token = verifier.issueToken();
    expect((await register(token)).status).toBe(200);
    const asked = verifier.requests.length;
    const replay = registration(token);
    expect(statusAndBody(await postCall(site.url, 'createAccount', replay))).toEqual(CAPTCHA_INVALID);
    expect(verifier.requests.length).toBe(asked);
    expect(await accountExists(replay.username)).toBe(false);
  });

  it('answers captchaInvalid when the provider refuses the secret', async () => {
    const misconfigured = await startApp(databases, {
      env: envFor({ CAPTCHA_SECRET: 'not-the-secret' }),
      settings: SETTINGS,
    });
    try {
      expect(statusAndBody(await register(verifier.issueToken(), misconfigured.url))).toEqual(CAPTCHA_INVALID);
    } finally {
      await misconfigured.close();
    }
  });

  it.each(['http-500', 'not-json'] as const)(
    'fails closed when the provider answers %s: captchaInvalid, never a 5xx',
    async (mode) => {
      verifier.setMode(mode);
      const body = registration(verifier.issueToken());
      expect(statusAndBody(await postCall(site.url, 'createAccount', body))).toEqual(CAPTCHA_INVALID);
      expect(await accountExists(body.username)).toBe(false);
    },
  );

  it('fails closed when the provider cannot be reached', async () => {
    const cutOff = await startApp(databases, {
      env: envFor({ CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await closedPort()}/siteverify` }),
      settings: SETTINGS,
    });
    try {
      const body = registration(verifier.issueToken());
      expect(statusAndBody(await postCall(cutOff.url, 'createAccount', body))).toEqual(CAPTCHA_INVALID);
      expect(await accountExists(body.username)).toBe(false);
    } finally {
      await cutOff.close();
    }
  });

  it('guards every account form', async () => {
    const username = freshLogin();
    const account = { username, password: 'Start.Pass1', email: `${username}@example.com` };
    await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, { login: username, ...account });
    const bodies: Record<Exclude<AccountPost, 'createAccount' | 'updateIps'>, object> = {
      changePassword: { ...account, newPassword: 'Start.Pass1', confirmPassword: 'Start.Pass1' },
      recoverPassword: { username, email: account.email },
      changePincode: { ...account, charName: 'NoSuchHero', pincode: '123456' },
      unblockCharacter: { ...account, charName: 'NoSuchHero' },
      claimVotes: { charName: 'NoSuchHero' },
      signIn: { username, password: account.password },
    };
    // Past the captcha, each form gives its own answer; a bad token stops each one first.
    const expected = {
      changePassword: [],
      recoverPassword: [],
      // An account without any character: Mobius would wipe its PIN at the next start.
      changePincode: ['pincodeNeedsCharacter'],
      unblockCharacter: ['charDoesntExist'],
      claimVotes: ['charDoesntExist'],
      signIn: [],
    };
    for (const [name, body] of Object.entries(bodies) as [keyof typeof bodies, object][]) {
      expect((await postCall(site.url, name, { ...body, captcha: 'tok_forged' })).body).toEqual(['captchaInvalid']);
      expect((await postCall(site.url, name, { ...body, captcha: verifier.issueToken() })).body).toEqual(
        expected[name],
      );
    }
  });
});

describe('the ALTCHA captcha', () => {
  const HMAC_KEY = 'altcha-test-key-0123456789abcdef';
  let site: AppUnderTest;
  beforeAll(async () => {
    site = await startApp(databases, { env: { ALTCHA_HMAC_KEY: HMAC_KEY }, settings: SETTINGS });
  });
  afterAll(async () => {
    await site?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the default: the page learns where to fetch a signed, expiring PBKDF2 challenge', async () => {
    expect(await (await fetch(`${site.url}${api.getCaptcha.path}`)).json()).toEqual({
      provider: 'altcha',
      challengeUrl: api.getCaptchaChallenge.path,
    });
    const response = await fetch(`${site.url}${api.getCaptchaChallenge.path}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = (await response.json()) as { parameters: Record<string, unknown>; signature: string };
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: FAST_ALTCHA_SETTINGS.altchaCost });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = Number(challenge.parameters.expiresAt) * 1000 - Date.now();
    // The settings' default expireMinutes: 10.
    expect(expiresInMs).toBeGreaterThan(9 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60_000);
    // Every challenge is new.
    const other = (await (await fetch(`${site.url}${api.getCaptchaChallenge.path}`)).json()) as typeof challenge;
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solution within the expiry and refuses one that comes after it', async () => {
    const timely = await altchaPayload(site.url);
    const late = await altchaPayload(site.url);
    expect((await postCall(site.url, 'createAccount', registration(timely))).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 5_000);
    const body = registration(late);
    expect(statusAndBody(await postCall(site.url, 'createAccount', body))).toEqual(CAPTCHA_INVALID);
    expect(await accountExists(body.username)).toBe(false);
  });

  it('refuses a solution of a challenge signed with another ALTCHA_HMAC_KEY', async () => {
    const sameKey = await startApp(databases, { env: { ALTCHA_HMAC_KEY: HMAC_KEY }, settings: SETTINGS });
    const otherKey = await startApp(databases, {
      env: { ALTCHA_HMAC_KEY: 'another-key-fedcba9876543210' },
      settings: SETTINGS,
    });
    try {
      const foreign = registration(await solveAltcha(await fetchAltchaChallenge(otherKey.url)));
      expect(statusAndBody(await postCall(site.url, 'createAccount', foreign))).toEqual(CAPTCHA_INVALID);
      expect(await accountExists(foreign.username)).toBe(false);
      // Instances sharing the key accept each other's challenges.
      const shared = registration(await altchaPayload(sameKey.url));
      expect(statusAndBody(await postCall(site.url, 'createAccount', shared))).toEqual({ status: 200, body: [] });
    } finally {
      await sameKey.close();
      await otherKey.close();
    }
  });
});
