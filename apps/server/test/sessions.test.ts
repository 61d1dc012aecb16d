import { createHash } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { characterRow } from '../src/game/character-row';
import { bcryptChecksMade, passwordHash } from '../src/game/password-hash';
import { type AppUnderTest, csrfHeaders, sharedInstanceKeys, startApp } from './app-under-test';
import { listeningServer } from './support/listening-server';
import { type TestDatabases, createTestDatabases } from './databases';
import { type Answer, freshLogin, postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { type TestClock, testClock } from './support/clock';
import { FLAVOR_KINDS, type FlavoredWorld, flavoredWorld } from './support/flavored-world';
import { newGameAccount } from './support/game-account';
import { accountToolSettings } from './support/mailed-site';

const PASSWORD = 'Fresh.Pass1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 3, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 120, absoluteDays: 30 },
};
const MINUTE = 60_000;

describe.each(FLAVOR_KINDS)('a player signs in with the game account (%s on %s)', (flavorName, kind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let other: AppUnderTest;
  let clock: TestClock;
  let world: FlavoredWorld;
  let nextCharId = 920_000_000;
  let gameServer: Awaited<ReturnType<typeof listeningServer>> | undefined;

  beforeAll(async () => {
    world = flavoredWorld(flavorName);
    databases = await createTestDatabases(kind, { flavor: flavorName });
    clock = testClock();
    const env = { TRUST_PROXY: 'true', ...sharedInstanceKeys() };
    // This instance sees the game server's port up (its light green); the other sees it down.
    gameServer = await listeningServer();
    site = await startApp(databases, {
      settings: SETTINGS,
      now: clock.now,
      env: { ...env, GAME_SERVER_ADDRESS: `127.0.0.1:${gameServer.port}` },
    });
    // A second instance on the same databases: what one makes or ends, the other sees.
    other = await startApp(databases, { settings: SETTINGS, now: clock.now, env });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await other?.close();
    await gameServer?.close();
    await databases?.drop();
  });

  const login = () => databases.connections.login.db;
  const game = () => databases.connections.game.db;
  const siteDb = () => databases.connections.site.db;

  const newAccount = (options: { accessLevel?: number } = {}) =>
    newGameAccount(databases, PASSWORD, { world, ...options });

  const signIn = async (
    username: string,
    password = PASSWORD,
    options: { ip?: string; cookie?: string; instance?: AppUnderTest } = {},
  ) =>
    postCall(
      (options.instance ?? site).url,
      'signIn',
      { username, password, captcha: await altchaPayload(site.url) },
      {
        headers: {
          'user-agent': FIREFOX,
          ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
          ...(options.cookie ? { cookie: `${csrfHeaders().cookie}; ${options.cookie}` } : {}),
        },
      },
    );

  /** The session cookie of a successful sign-in, as "name=value". */
  const sessionOf = (answer: Answer): string => {
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
    const cookie = answer.setCookies.find((c) => c.startsWith('gk_session='));
    expect(cookie).toBeDefined();
    return cookie!.split(';')[0]!;
  };

  const get = async (path: string, cookie: string | undefined, instance = site) => {
    const response = await fetch(`${instance.url}${path}`, { headers: cookie ? { cookie } : {} });
    return { answer: await readAnswer(response), cacheControl: response.headers.get('cache-control') };
  };
  const post = async (path: string, cookie: string, body: unknown = {}, instance = site) =>
    readAnswer(
      await fetch(`${instance.url}${path}`, {
        method: 'POST',
        headers: { ...csrfHeaders(), cookie: `${csrfHeaders().cookie}; ${cookie}` },
        body: JSON.stringify(body),
      }),
    );

  it('answers [] and an HttpOnly, SameSite=Lax cookie whose value is stored only as its SHA-256', async () => {
    const name = await newAccount();
    const answer = await signIn(name);
    const cookie = sessionOf(answer);
    const header = answer.setCookies.find((c) => c.startsWith('gk_session='))!;
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Path=\//i);
    const value = cookie.slice('gk_session='.length);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await siteDb().selectFrom('site_sessions').selectAll().where('login', '=', name).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).toBe(createHash('sha256').update(value).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(value);
  });

  it('sets a readable hint beside the session cookie, as long-lived and without its value, and clears both at sign-out', async () => {
    const name = await newAccount();
    const answer = await signIn(name);
    const cookie = sessionOf(answer);
    const session = answer.setCookies.find((c) => c.startsWith('gk_session='))!;
    const hint = answer.setCookies.find((c) => c.startsWith('gk_signed_in='));
    expect(hint).toBeDefined();
    expect(hint!.split(';')[0]).toBe('gk_signed_in=1');
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/; SameSite=Lax/i);
    expect(hint).toMatch(/; Path=\//i);
    expect(/Max-Age=(\d+)/i.exec(hint!)?.[1]).toBe(/Max-Age=(\d+)/i.exec(session)?.[1]);
    const out = await post(api.signOut.path, cookie);
    expect(out.setCookies.some((c) => /^gk_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(out.setCookies.some((c) => /^gk_signed_in=;.*Max-Age=0/i.test(c))).toBe(true);
    // An ended session's cookie is cleared with its hint at the next refused call.
    const refused = await fetch(`${site.url}${api.getAccount.path}`, { headers: { cookie } });
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().some((c) => /^gk_signed_in=;.*Max-Age=0/i.test(c))).toBe(true);
    // A wrong password sets neither.
    expect((await signIn(name, 'Wrong.Pass1')).setCookies.filter((c) => c.startsWith('gk_'))).toEqual([]);
  });

  it('answers an unknown login and a wrong password alike', async () => {
    const name = await newAccount();
    const wrong = await signIn(name, 'Wrong.Pass1');
    const unknown = await signIn(freshLogin('u'), PASSWORD);
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: ['wrongUsernameOrPassword'] });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 400, body: ['wrongUsernameOrPassword'] });
    expect(wrong.setCookies.filter((c) => c.startsWith('gk_session'))).toEqual([]);
  });

  it.runIf(flavorName === 'acis')(
    'does the same BCrypt work for an unknown login as for a wrong password',
    async () => {
      // BCrypt at cost 10 takes tens of milliseconds: skipping it for an unknown login would show in
      // the answer's time. The work is counted, not timed (a busy machine would make a timing flaky).
      const checksFor = async (username: string, password: string, ip: string) => {
        const captcha = await altchaPayload(site.url);
        const before = bcryptChecksMade();
        const answer = await postCall(site.url, 'signIn', { username, password, captcha }, { ip });
        expect(answer.body).toEqual(['wrongUsernameOrPassword']);
        return bcryptChecksMade() - before;
      };
      for (let i = 0; i < 2; i++) {
        expect(await checksFor(await newAccount(), 'Wrong.Pass1', `203.0.113.${40 + i}`)).toBe(1);
        expect(await checksFor(freshLogin('u'), PASSWORD, `203.0.113.${60 + i}`)).toBe(1);
      }
    },
  );

  it('refuses a wrong captcha before looking at the account', async () => {
    const name = await newAccount();
    const answer = await postCall(site.url, 'signIn', { username: name, password: PASSWORD, captcha: 'x' });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: ['captchaInvalid'] });
  });

  it('locks the account after the account tools number of wrong passwords, the right one included', async () => {
    const name = await newAccount();
    for (let i = 0; i < 2; i++) expect((await signIn(name, 'Wrong.Pass1')).body).toEqual(['wrongUsernameOrPassword']);
    expect((await signIn(name, 'Wrong.Pass1')).body).toEqual(['tooManyAttempts']);
    // The lock is kept in the site database: the other instance refuses as well.
    expect((await signIn(name, PASSWORD, { instance: other })).body).toEqual(['tooManyAttempts']);
  });

  it('reads the signed-in account with its characters, never cached', async () => {
    const name = await newAccount();
    const charId = nextCharId++;
    await world.insertCharacters(game(), [
      characterRow({
        charId,
        account_name: name,
        char_name: `${name}c`.slice(0, 16),
        level: 52,
        classid: 12,
        pvpkills: 7,
        pkkills: 2,
        onlinetime: 3600,
        lastAccess: 1_700_000_000_000,
        online: 1,
      }),
    ]);
    const cookie = sessionOf(await signIn(name));
    await expect
      .poll(async () => (await get(api.getServerStatus.path, undefined)).answer.body)
      .toMatchObject({ gameStatus: { type: 'online' } });
    const { answer, cacheControl } = await get(api.getAccount.path, cookie);
    expect(answer.status).toBe(200);
    expect(cacheControl).toBe('no-store');
    const account = api.getAccount.response.parse(answer.body);
    expect(account).toMatchObject({ login: name, ban: { banned: false, until: null, reason: null } });
    expect(account.characters).toEqual([
      {
        name: `${name}c`.slice(0, 16),
        level: 52,
        classId: 12,
        clan: '',
        online: true,
        lastSeen: 1_700_000_000_000,
        pvp: 7,
        pk: 2,
        timePlayedSeconds: 3600,
      },
    ]);
    // Where the game server's light is red, its online flags are stale: nobody is in the game.
    const seenWhereDown = api.getAccount.response.parse((await get(api.getAccount.path, cookie, other)).answer.body);
    expect(seenWhereDown.characters.map((character) => character.online)).toEqual([false]);
    if (world.flavor.accounts.createdAt === null) expect(account.createdAt).toBeNull();
    else expect(account.createdAt).toEqual(expect.any(Number));
    // The first sign-in has none before it; the second names the first.
    expect(account.lastSignIn).toBeNull();
    clock.advance(1000);
    const again = sessionOf(await signIn(name, PASSWORD, { ip: '203.0.113.9' }));
    const second = api.getAccount.response.parse((await get(api.getAccount.path, again)).answer.body);
    expect(second.lastSignIn).toMatchObject({ device: 'Firefox on Windows' });
  });

  it('shows the email masked where one is recorded', async () => {
    const name = await newAccount();
    if (world.flavor.accounts.email !== null) {
      await login().updateTable('accounts').set({ email: 'player@example.com' }).where('login', '=', name).execute();
    } else {
      await siteDb()
        .insertInto('site_account_emails')
        .values({ login: name, email: 'player@example.com', created_at: 0 })
        .execute();
    }
    const cookie = sessionOf(await signIn(name));
    expect(api.getAccount.response.parse((await get(api.getAccount.path, cookie)).answer.body).email).toBe(
      'p***r@example.com',
    );
  });

  it('answers 401 without a session, and to a made-up one', async () => {
    expect((await get(api.getAccount.path, undefined)).answer).toMatchObject({ status: 401, body: ['notSignedIn'] });
    const madeUp = await get(api.getAccount.path, 'gk_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(madeUp.answer).toMatchObject({ status: 401, body: ['notSignedIn'] });
  });

  it('lets a banned account sign in to read its ban, and nothing else', async () => {
    const name = await newAccount({ accessLevel: -1 });
    const cookie = sessionOf(await signIn(name));
    const account = api.getAccount.response.parse((await get(api.getAccount.path, cookie)).answer.body);
    expect(account).toEqual({
      login: name,
      email: null,
      createdAt: null,
      lastSignIn: null,
      ban: { banned: true, until: null, reason: null },
      characters: [],
      secondFactor: false,
      provedUntil: null,
    });
    expect((await get(api.getSessions.path, cookie)).answer).toMatchObject({ status: 403, body: ['accountBanned'] });
    expect(await post(api.endOtherSessions.path, cookie)).toMatchObject({ status: 403, body: ['accountBanned'] });
    expect((await get(api.getSignIns.path, cookie)).answer.status).toBe(403);
    expect((await post(api.signOut.path, cookie)).status).toBe(200);
  });

  it.runIf(flavorName === 'l2j')('reads a temporary ban (ban_temp) with its end', async () => {
    const name = await newAccount();
    const until = clock.now() + 3 * 24 * 60 * MINUTE;
    await login()
      .insertInto('account_data')
      .values({ account_name: name, var: 'ban_temp', value: String(until) })
      .execute();
    const cookie = sessionOf(await signIn(name));
    const account = api.getAccount.response.parse((await get(api.getAccount.path, cookie)).answer.body);
    expect(account.ban).toEqual({ banned: true, until, reason: null });
    expect(account.characters).toEqual([]);
    expect((await get(api.getSessions.path, cookie)).answer.status).toBe(403);
  });

  it('lists the sessions by public id, ends one, the others, and signs out; every instance sees it at once', async () => {
    const name = await newAccount();
    const first = sessionOf(await signIn(name, PASSWORD, { ip: '198.51.100.1' }));
    const second = sessionOf(await signIn(name, PASSWORD, { ip: '198.51.100.2', instance: other }));
    const third = sessionOf(await signIn(name, PASSWORD, { ip: '198.51.100.3' }));
    const list = api.getSessions.response.parse((await get(api.getSessions.path, first, other)).answer.body);
    expect(list).toHaveLength(3);
    expect(list.filter((row) => row.current)).toHaveLength(1);
    expect(list.map((row) => row.device)).toEqual(['Firefox on Windows', 'Firefox on Windows', 'Firefox on Windows']);
    expect(new Set(list.map((row) => row.address))).toEqual(new Set(['198.51.100.1', '198.51.100.2', '198.51.100.3']));
    for (const row of list) expect(first + second + third).not.toContain(row.id);

    // Ending the second by its public id, from the other instance: the first instance refuses it at once.
    const secondRow = list.find((row) => row.address === '198.51.100.2')!;
    expect(await post(api.endSession.path, first, { id: secondRow.id }, other)).toMatchObject({ status: 200 });
    expect((await get(api.getAccount.path, second)).answer.status).toBe(401);
    // Another account's session cannot be named.
    const stranger = sessionOf(await signIn(await newAccount()));
    const strangerId = api.getSessions.response.parse((await get(api.getSessions.path, stranger)).answer.body)[0]!.id;
    await post(api.endSession.path, first, { id: strangerId });
    expect((await get(api.getAccount.path, stranger)).answer.status).toBe(200);

    expect(await post(api.endOtherSessions.path, first)).toMatchObject({ status: 200, body: [] });
    expect((await get(api.getAccount.path, third, other)).answer.status).toBe(401);
    expect((await get(api.getAccount.path, first, other)).answer.status).toBe(200);

    const out = await post(api.signOut.path, first, {}, other);
    expect(out.status).toBe(200);
    expect(out.setCookies.some((c) => /^gk_session=;/.test(c))).toBe(true);
    expect((await get(api.getAccount.path, first)).answer.status).toBe(401);
  });

  it('gives a new id at each sign-in and ends the one the browser held', async () => {
    const name = await newAccount();
    const old = sessionOf(await signIn(name));
    const fresh = sessionOf(await signIn(name, PASSWORD, { cookie: old }));
    expect(fresh).not.toBe(old);
    expect((await get(api.getAccount.path, old)).answer.status).toBe(401);
    expect((await get(api.getAccount.path, fresh)).answer.status).toBe(200);
  });

  it('ends a session idle past idleMinutes, and any past absoluteDays however used', async () => {
    const name = await newAccount();
    const idle = sessionOf(await signIn(name));
    const busy = sessionOf(await signIn(name));
    clock.advance(119 * MINUTE);
    expect((await get(api.getAccount.path, busy)).answer.status).toBe(200);
    clock.advance(2 * MINUTE);
    expect((await get(api.getAccount.path, idle)).answer.status).toBe(401);
    expect((await get(api.getAccount.path, busy)).answer.status).toBe(200);
    // Used every hour, it still ends 30 days after its sign-in.
    for (let hour = 0; hour < 30 * 24; hour++) {
      clock.advance(60 * MINUTE);
      await siteDb()
        .updateTable('site_sessions')
        .set({ last_seen_at: clock.now() })
        .where('login', '=', name)
        .execute();
    }
    expect((await get(api.getAccount.path, busy)).answer.status).toBe(401);
  });

  it('ends the session when the password changes in the game', async () => {
    const name = await newAccount();
    const cookie = sessionOf(await signIn(name));
    expect((await get(api.getAccount.path, cookie)).answer.status).toBe(200);
    await login()
      .updateTable('accounts')
      .set({ password: await passwordHash(world.flavor.passwordScheme, 'Other.Pass1') })
      .where('login', '=', name)
      .execute();
    // The account's state is believed a few seconds: past them the session is gone.
    clock.advance(5_000);
    expect((await get(api.getAccount.path, cookie)).answer.status).toBe(401);
    expect((await get(api.getAccount.path, cookie, other)).answer.status).toBe(401);
  });

  it("ends the account's other sessions when the change password form changes it", async () => {
    const name = await newAccount();
    const here = sessionOf(await signIn(name));
    const elsewhere = sessionOf(await signIn(name, PASSWORD, { instance: other }));
    const changed = await postCall(
      site.url,
      'changePassword',
      {
        username: name,
        password: PASSWORD,
        newPassword: 'Newer.Pass2',
        confirmPassword: 'Newer.Pass2',
        captcha: await altchaPayload(site.url),
      },
      { headers: { cookie: `${csrfHeaders().cookie}; ${here}` } },
    );
    expect(changed.status).toBe(200);
    clock.advance(5_000);
    expect((await get(api.getAccount.path, elsewhere)).answer.status).toBe(401);
    expect((await get(api.getAccount.path, here, other)).answer.status).toBe(200);
  });

  it('keeps the changing browser signed in on another instance that read the account just before', async () => {
    const name = await newAccount();
    const here = sessionOf(await signIn(name));
    const elsewhere = sessionOf(await signIn(name, PASSWORD, { instance: other }));
    // The other instance reads the account (and remembers its password for a few seconds).
    expect((await get(api.getAccount.path, here, other)).answer.status).toBe(200);
    const changed = await post(api.changeOwnPassword.path, here, {
      password: PASSWORD,
      newPassword: 'Newer.Pass3',
      confirmPassword: 'Newer.Pass3',
    });
    expect(changed.status).toBe(200);
    // At once, no clock moved: the other instance reads again rather than end the session.
    expect((await get(api.getAccount.path, here, other)).answer.status).toBe(200);
    expect((await get(api.getAccount.path, elsewhere, other)).answer.status).toBe(401);
    expect((await get(api.getAccount.path, here)).answer.status).toBe(200);
  });

  it('keeps 90 days of sign-ins with their outcome', async () => {
    const name = await newAccount();
    await signIn(name, 'Wrong.Pass1', { ip: '192.0.2.7' });
    const cookie = sessionOf(await signIn(name, PASSWORD, { ip: '192.0.2.8' }));
    const rows = await vi.waitFor(async () => {
      const list = api.getSignIns.response.parse((await get(api.getSignIns.path, cookie)).answer.body);
      expect(list).toHaveLength(2);
      return list;
    });
    expect(rows.map((row) => [row.outcome, row.address, row.device])).toEqual([
      ['success', '192.0.2.8', 'Firefox on Windows'],
      ['wrongPassword', '192.0.2.7', 'Firefox on Windows'],
    ]);
    // An attempt older than 90 days is pruned at the next sign-in.
    await siteDb()
      .insertInto('site_sign_ins')
      .values({ login: name, at: clock.now() - 91 * 24 * 60 * MINUTE, address: '', device: '', outcome: 'success' })
      .execute();
    sessionOf(await signIn(name));
    const old = await siteDb()
      .selectFrom('site_sign_ins')
      .select('id')
      .where('login', '=', name)
      .where('at', '<', clock.now() - 90 * 24 * 60 * MINUTE)
      .execute();
    expect(old).toEqual([]);
  });
});

describe('the session cookie of an https site', () => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  beforeAll(async () => {
    databases = await createTestDatabases('sqlite');
    site = await startApp(databases, { settings: SETTINGS, env: { PUBLIC_URL: 'https://play.example.test' } });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });

  it('sends Strict-Transport-Security for a year with subdomains on every answer, not only the pages', async () => {
    const answers = await Promise.all([
      fetch(`${site.url}/healthz`),
      fetch(`${site.url}${api.getMetadata.path}`),
      fetch(`${site.url}${api.getClan.path}?name=Nobody`),
      fetch(`${site.url}/clan-crest.png?id=12345`),
      fetch(`${site.url}/news.atom`),
      fetch(`${site.url}/sdk/no-such-call`),
      fetch(`${site.url}${api.signIn.path}`, { method: 'POST', body: '{}' }),
    ]);
    for (const answer of answers) {
      expect({ url: answer.url, hsts: answer.headers.get('strict-transport-security') }).toEqual({
        url: answer.url,
        hsts: 'max-age=31536000; includeSubDomains',
      });
    }
  });

  it('is Secure and named with the __Host- prefix, and read back under that name', async () => {
    const name = await newGameAccount(databases, PASSWORD, { prefix: 'h' });
    const answer = await postCall(site.url, 'signIn', {
      username: name,
      password: PASSWORD,
      captcha: await altchaPayload(site.url),
    });
    const header = answer.setCookies.find((c) => c.startsWith('__Host-gk_session='));
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Path=\//i);
    expect(header).not.toMatch(/; Domain=/i);
    const hint = answer.setCookies.find((c) => c.startsWith('__Host-gk_signed_in='));
    expect(hint).toMatch(/; Secure/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    const cookie = header!.split(';')[0]!;
    const read = await fetch(`${site.url}${api.getAccount.path}`, { headers: { cookie } });
    expect(read.status).toBe(200);
    const plain = await fetch(`${site.url}${api.getAccount.path}`, {
      headers: { cookie: cookie.replace('__Host-', '') },
    });
    expect(plain.status).toBe(401);
  });
});
