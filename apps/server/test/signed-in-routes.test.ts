import { api } from '@gatekeeper/contract';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_MARK } from '../src/features/sessions/routes';
import { csrfHeaders } from './app-under-test';
import { DATABASE_KINDS } from './databases';
import { useSite } from './support/use-site';
import { postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { type TestClock, testClock } from './support/clock';
import { newGameAccount } from './support/game-account';
import { accountToolSettings } from './support/mailed-site';

/**
 * Every call of a signed-in session, found by walking the app's routes: none answers without a
 * live session (none, ended, expired: 401), and none of its writes runs without the anti-forgery
 * token (403), even with a live session.
 */

interface SeenRoute {
  method: string;
  url: string;
  signedIn: boolean;
}

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 30, absoluteDays: 1 },
};
const PASSWORD = 'Fresh.Pass1';

/** What a route is sent: a valid body where it takes one, so only the session decides. */
const bodyFor = (url: string): unknown => {
  if (url === api.endSession.path) return { id: 'AAAAAAAAAAAAAAAAAAAAAA' };
  if (url === api.confirmTotp.path || url === api.disableTotp.path) return { code: '123456' };
  if (url === api.removePasskey.path) return { id: 'AAAAAAAAAAAAAAAAAAAAAA' };
  if (url === api.changeEmail.path) return { email: 'new.address@example.com' };
  if (url === api.confirmIdentity.path) return { password: PASSWORD };
  if (url === api.addPasskey.path) {
    return {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      },
    };
  }
  if (url === api.changeOwnPassword.path) {
    return { password: PASSWORD, newPassword: 'Other.Pass2', confirmPassword: 'Other.Pass2' };
  }
  if (url === api.unblockOwnCharacter.path) return { charName: 'Nobody' };
  if (url === api.changeOwnPincode.path) return { charName: 'Nobody', pincode: '246813' };
  if (url === api.buyShopItem.path) return { offerId: 1, charName: 'Nobody', requestKey: 'abcdef123456' };
  if (url === api.redeemPromoCode.path) return { code: 'WELCOME' };
  return {};
};

describe.each(DATABASE_KINDS)('every signed-in call refuses a request without a live session (%s)', (kind) => {
  const clock: TestClock = testClock();
  const routes: SeenRoute[] = [];
  const site = useSite(kind, {
    app: {
      settings: SETTINGS,
      now: clock.now,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          routes.push({ method, url: route.url, signedIn: route.config?.[SIGNED_IN_MARK] === true });
        }
      },
    },
  });

  const signedInRoutes = () => routes.filter((route) => route.signedIn && route.method !== 'HEAD');

  const newSession = async (): Promise<string> => {
    const name = await newGameAccount(site.databases, PASSWORD, { prefix: 'r' });
    const answer = await postCall(site.url, 'signIn', {
      username: name,
      password: PASSWORD,
      captcha: await altchaPayload(site.url),
    });
    expect(answer.status).toBe(200);
    return answer.setCookies.find((c) => c.startsWith('gk_session='))!.split(';')[0]!;
  };

  const call = async (route: SeenRoute, cookie: string | undefined, options: { csrf: boolean } = { csrf: true }) => {
    const headers: Record<string, string> =
      route.method === 'GET' ? {} : options.csrf ? { ...csrfHeaders() } : { 'content-type': 'application/json' };
    const cookies = [headers.cookie, cookie].filter(Boolean).join('; ');
    return readAnswer(
      await fetch(`${site.url}${route.url}`, {
        method: route.method,
        headers: { ...headers, ...(cookies ? { cookie: cookies } : {}) },
        ...(route.method === 'GET' ? {} : { body: JSON.stringify(bodyFor(route.url)) }),
      }),
    );
  };

  it('marks every call of the account and sign-out, and only those', () => {
    // The wallet and the shop's calls of a session keep the names of the calls they are (docs/product.md#wallet-and-shop-calls).
    const shop: string[] = [api.getWallet.path, api.buyShopItem.path, api.getOrders.path, api.redeemPromoCode.path];
    const expected = Object.values(api)
      .filter((c) => c.path.startsWith('/sdk/account') || c.path === api.signOut.path || shop.includes(c.path))
      .map((c) => `${c.method} ${c.path}`)
      .sort();
    expect(expected.length).toBeGreaterThanOrEqual(6);
    expect(
      signedInRoutes()
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(expected);
  });

  it('answers 401 notSignedIn without a session', async () => {
    for (const route of signedInRoutes()) {
      expect({ route: route.url, ...(await call(route, undefined)) }).toMatchObject({
        route: route.url,
        status: 401,
        body: ['notSignedIn'],
      });
    }
  });

  it('answers 401 to a session that was signed out', async () => {
    for (const route of signedInRoutes()) {
      const cookie = await newSession();
      expect((await call({ method: 'POST', url: api.signOut.path, signedIn: true }, cookie)).status).toBe(200);
      expect({ route: route.url, status: (await call(route, cookie)).status }).toEqual({
        route: route.url,
        status: 401,
      });
    }
  });

  it('answers 401 to a session past its idle time', async () => {
    for (const route of signedInRoutes()) {
      const cookie = await newSession();
      clock.advance(31 * 60_000);
      expect({ route: route.url, status: (await call(route, cookie)).status }).toEqual({
        route: route.url,
        status: 401,
      });
    }
  });

  it('refuses every write of a live session without the anti-forgery token, and runs none', async () => {
    const writes = signedInRoutes().filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(3);
    for (const route of writes) {
      const cookie = await newSession();
      const other = await newSessionOf(cookie);
      expect({ route: route.url, ...(await call(route, cookie, { csrf: false })) }).toMatchObject({
        route: route.url,
        status: 403,
        body: ['formInvalid'],
      });
      // Nothing ended: both sessions of the account still read it.
      expect((await call({ method: 'GET', url: api.getAccount.path, signedIn: true }, cookie)).status).toBe(200);
      expect((await call({ method: 'GET', url: api.getAccount.path, signedIn: true }, other)).status).toBe(200);
    }
  });

  /** A second session of the same account as the cookie's. */
  const newSessionOf = async (cookie: string): Promise<string> => {
    const account = await call({ method: 'GET', url: api.getAccount.path, signedIn: true }, cookie);
    const { login } = api.getAccount.response.parse(account.body);
    const answer = await postCall(site.url, 'signIn', {
      username: login,
      password: PASSWORD,
      captcha: await altchaPayload(site.url),
    });
    return answer.setCookies.find((c) => c.startsWith('gk_session='))!.split(';')[0]!;
  };
});
