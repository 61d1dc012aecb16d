import { api } from '@gatekeeper/contract';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONSOLE_BEFORE_STEP_UP_MARK, CONSOLE_MARK } from '../src/features/console/console-gate';
import { DATABASE_KINDS } from './databases';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { accountToolSettings } from './support/mailed-site';
import { SAMPLE_INPUTS } from '@gatekeeper/contract/sample-inputs';
import { useSite } from './support/use-site';

/**
 * Every console call, found by walking the app's routes (docs/owner/console.md#who-gets-in):
 * a signed-out browser, a player's session, a gm or owner not stepped up, and a gm on an owner's
 * call are all refused, and none of the writes runs without the anti-forgery token.
 */

interface SeenRoute {
  method: string;
  url: string;
  role: string | undefined;
  beforeStepUp: boolean;
}

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};

/** A valid body for each console write, so only who sends it decides the answer. */
const bodyFor = (url: string): unknown => {
  const entry = Object.entries(api).find(([, call]) => call.path === url);
  const sample = entry ? (SAMPLE_INPUTS as Record<string, unknown>)[entry[0]] : undefined;
  return sample ?? {};
};

/**
 * The least role of every console call, written here and not read from the routes: a call opened
 * to a gm by mistake, a call added without a row here, or a row whose call is gone fails.
 */
const CONSOLE_ROLES: Record<string, 'gm' | 'owner'> = {
  'GET /sdk/console/me': 'gm',
  'POST /sdk/console/signin': 'gm',
  'POST /sdk/console/signin/passkeyoptions': 'gm',
  'POST /sdk/console/signin/passkey': 'gm',
  'GET /sdk/console/audit': 'gm',
  'GET /sdk/console/dashboard': 'gm',
  'GET /sdk/console/rewards': 'gm',
  'POST /sdk/console/rewards/retry': 'owner',
  'POST /sdk/console/rewards/cancel': 'owner',
  'GET /sdk/console/mail/failed': 'gm',
  'POST /sdk/console/mail/retryfailed': 'gm',
  'GET /sdk/console/news': 'gm',
  'GET /sdk/console/news/post': 'gm',
  'POST /sdk/console/news/save': 'gm',
  'POST /sdk/console/news/delete': 'gm',
  'POST /sdk/console/news/preview': 'gm',
  'GET /sdk/console/news/versions': 'gm',
  'GET /sdk/console/mail/recipients': 'gm',
  'POST /sdk/console/mail/send': 'gm',
  'POST /sdk/console/mail/preview': 'gm',
  'GET /sdk/console/mail/job': 'gm',
  'GET /sdk/console/donations': 'gm',
  'GET /sdk/console/donations/csv': 'gm',
  'POST /sdk/console/donations/retry': 'owner',
  'POST /sdk/console/donations/resolve': 'owner',
  'GET /sdk/console/votes': 'gm',
  'GET /sdk/console/accounts': 'gm',
  'POST /sdk/console/accounts/ban': 'owner',
  'POST /sdk/console/accounts/unban': 'owner',
  'POST /sdk/console/accounts/endsessions': 'owner',
  'POST /sdk/console/accounts/sendreset': 'owner',
  'POST /sdk/console/accounts/resetfactor': 'owner',
  'GET /sdk/console/shop': 'owner',
  'POST /sdk/console/shop/offer': 'owner',
  'POST /sdk/console/shop/promo': 'owner',
  'GET /sdk/console/shoporders': 'owner',
  'GET /sdk/console/shoporders/csv': 'owner',
  'POST /sdk/console/shoporders/retry': 'owner',
  'POST /sdk/console/shoporders/refund': 'owner',
  'GET /sdk/console/supportercodes': 'owner',
  'GET /sdk/console/supportercodes/csv': 'owner',
  'POST /sdk/console/supportercodes/save': 'owner',
};

describe.each(DATABASE_KINDS)('every console call refuses who may not make it (%s)', (kind) => {
  const clock = testClock();
  const routes: SeenRoute[] = [];
  const site = useSite(kind, {
    app: {
      settings: SETTINGS,
      now: clock.now,
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          routes.push({
            method,
            url: route.url,
            role: route.config?.[CONSOLE_MARK],
            beforeStepUp: route.config?.[CONSOLE_BEFORE_STEP_UP_MARK] === true,
          });
        }
      },
    },
  });
  const consoleRoutes = () => routes.filter((route) => route.role !== undefined);
  // A read carries its sample input as its query (a required query, such as a post's id, is then valid).
  const queryFor = (route: SeenRoute) =>
    route.method === 'GET'
      ? `?${new URLSearchParams(Object.entries(bodyFor(route.url) as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
  const call = (route: SeenRoute, cookie: string | undefined, csrf = true) =>
    sessionCall(
      site.url,
      route.method as 'GET' | 'POST',
      `${route.url}${queryFor(route)}`,
      cookie,
      bodyFor(route.url),
      {
        csrf,
      },
    );

  it('marks every call under /sdk/console/, and only those', () => {
    const expected = Object.values(api)
      .filter((c) => c.path.startsWith('/sdk/console/'))
      .map((c) => `${c.method} ${c.path}`)
      .sort();
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(
      consoleRoutes()
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(expected);
    // Only who-am-I and the step-up itself are open before the step-up.
    expect(
      consoleRoutes()
        .filter((r) => r.beforeStepUp)
        .map((r) => r.url)
        .sort(),
    ).toEqual(
      [
        api.getConsoleMe.path,
        api.consoleSignIn.path,
        // The passkey step-up (console/owner-routes.ts): its options and its answer.
        api.consoleStepUpPasskeyOptions.path,
        api.consoleSignInPasskey.path,
      ].sort(),
    );
  });

  it('holds the News and Mail sections: every one of their calls is a gm call behind the step-up', () => {
    const sections = [
      api.getConsoleNews,
      api.getConsoleNewsPost,
      api.saveConsoleNews,
      api.deleteConsoleNews,
      api.previewConsoleNews,
      api.getConsoleNewsVersions,
      api.getConsoleMailRecipients,
      api.previewConsoleMail,
      api.sendConsoleMail,
      api.getConsoleMailJob,
    ];
    for (const call of sections) {
      expect(consoleRoutes().find((r) => r.url === call.path && r.method === call.method)).toMatchObject({
        role: 'gm',
        beforeStepUp: false,
      });
    }
  });

  it('answers 401 notSignedIn to a signed-out browser', async () => {
    for (const route of consoleRoutes()) {
      expect({ route: route.url, ...(await call(route, undefined)) }).toMatchObject({
        route: route.url,
        status: 401,
        body: ['notSignedIn'],
      });
    }
  });

  it("answers 403 consoleForbidden to a player's session, even with the second factor on", async () => {
    const player = await consoleUser(site, clock, 0, { factor: true });
    const justBelow = await consoleUser(site, clock, CONSOLE_LEVELS.gm - 1);
    for (const route of consoleRoutes()) {
      for (const cookie of [player.cookie, justBelow.cookie]) {
        expect({ route: route.url, ...(await call(route, cookie)) }).toMatchObject({
          route: route.url,
          status: 403,
          body: ['consoleForbidden'],
        });
      }
    }
  });

  it('registers exactly the console calls of the table below, each with the role the table gives it', () => {
    const registered = routes
      .filter((route) => route.url.startsWith('/sdk/console/') || route.role !== undefined)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    // A call missing from the table, or one in it that is not registered, fails here.
    expect(registered).toEqual(Object.keys(CONSOLE_ROLES).sort());
    expect(Object.fromEntries(consoleRoutes().map((route) => [`${route.method} ${route.url}`, route.role]))).toEqual(
      CONSOLE_ROLES,
    );
  });

  it("answers 403 consoleForbidden to a stepped-up gm on every owner's call of the table, and lets the owner through", async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const ownerCalls = Object.entries(CONSOLE_ROLES)
      .filter(([, role]) => role === 'owner')
      .map(([call]) => call);
    expect(ownerCalls.length).toBeGreaterThanOrEqual(4);
    for (const key of ownerCalls) {
      const [method = '', url = ''] = key.split(' ');
      const route: SeenRoute = { method, url, role: 'owner', beforeStepUp: false };
      expect({ route: key, ...(await call(route, gm.cookie)) }).toMatchObject({
        route: key,
        status: 403,
        body: ['consoleForbidden'],
      });
      // The owner passes the gate: whatever the call answers, it is not the gate's refusal.
      expect([401, 403], key).not.toContain((await call(route, owner.cookie)).status);
    }
    // The gm is in: no gm read of the table refuses it.
    for (const [key, role] of Object.entries(CONSOLE_ROLES)) {
      const [method = '', url = ''] = key.split(' ');
      if (role !== 'gm' || method !== 'GET') continue;
      expect([401, 403], key).not.toContain((await call({ method, url, role, beforeStepUp: false }, gm.cookie)).status);
    }
  });

  it('answers 401 consoleStepUpRequired to a gm and an owner who did not step up', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { factor: true });
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { factor: true });
    for (const route of consoleRoutes().filter((r) => !r.beforeStepUp)) {
      for (const user of route.role === 'owner' ? [owner] : [gm, owner]) {
        expect({ route: route.url, ...(await call(route, user.cookie)) }).toMatchObject({
          route: route.url,
          status: 401,
          body: ['consoleStepUpRequired'],
        });
      }
    }
  });

  it('refuses every console write without the anti-forgery token, even from a stepped-up owner', async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const writes = consoleRoutes().filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(1);
    const before = await site.databases.connections.site.db
      .selectFrom('site_console_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const route of writes) {
      expect({ route: route.url, ...(await call(route, owner.cookie, false)) }).toMatchObject({
        route: route.url,
        status: 403,
        body: ['formInvalid'],
      });
    }
    const after = await site.databases.connections.site.db
      .selectFrom('site_console_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
