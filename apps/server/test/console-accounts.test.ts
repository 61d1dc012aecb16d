import { api } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { findAccount } from '../src/game/accounts';
import { newCharacter } from './support/characters';
import { testClock } from './support/clock';
import { postCall } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import {
  CONSOLE_LEVELS,
  CONSOLE_PASSWORD,
  CONSOLE_SETTINGS,
  consoleUser,
  sessionCall,
} from './support/console-session';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { accountToolSettings } from './support/mailed-site';
import { useSite } from './support/use-site';

/**
 * The Accounts section's actions (docs/owner/console.md#accounts): an owner bans in the game's own
 * table (access level -1) and unbans to the level it had, ends a player's site sessions and mails
 * a reset link, switches a lost authenticator off, each audited with its reason; a timed ban is lifted by the site when due; a gm is
 * refused every action and nothing is written; staff, oneself and bad input are refused.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};
const DAY = 24 * 60 * 60_000;
const ACTIONS = [
  api.banConsoleAccount.path,
  api.unbanConsoleAccount.path,
  api.endConsoleAccountSessions.path,
  api.sendConsoleAccountReset.path,
  api.resetConsoleAccountFactor.path,
];

describe.each(FLAVOR_KINDS)("the console's account actions (%s on %s)", (flavorName, kind) => {
  const clock = testClock();
  const world = flavoredWorld(flavorName);
  let liftDue: (() => Promise<void>) | undefined;
  const site = useSite(kind, {
    databases: { flavor: flavorName },
    app: {
      settings: SETTINGS,
      now: clock.now,
      takeBanLifter: (lift) => {
        liftDue = lift;
      },
    },
  });
  const siteDb = () => site.databases.connections.site.db;
  const post = (path: string, cookie: string, body: unknown) => sessionCall(site.url, 'POST', path, cookie, body);
  const get = (path: string, cookie: string) => sessionCall(site.url, 'GET', path, cookie);
  const levelOf = async (login: string) =>
    (await findAccount(site.databases.connections.login.db, world.schema, login))?.accessLevel;
  const keptBan = (login: string) =>
    siteDb().selectFrom('site_account_bans').selectAll().where('login', '=', login).executeTakeFirst();
  const audit = (record: string) =>
    siteDb()
      .selectFrom('site_console_audit')
      .select(['login', 'role', 'action', 'record', 'detail'])
      .where('record', '=', record)
      .where('action', 'like', 'account.%')
      .orderBy('id')
      .execute();
  const owner = () => consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true, world });
  const player = (accessLevel = 0) => consoleUser(site, clock, accessLevel, { world });

  it('bans in the game table: level -1, the sessions end, a new sign-in reads only its ban, audited', async () => {
    const boss = await owner();
    const target = await player();
    expect((await get(api.getAccount.path, target.cookie)).status).toBe(200);
    const banned = await post(api.banConsoleAccount.path, boss.cookie, {
      login: target.login.toUpperCase(),
      reason: 'Selling adena for money',
      duration: '7d',
    });
    expect(banned.status).toBe(200);
    const answer = api.banConsoleAccount.response.parse(banned.body) as { bannedUntil: number };
    expect(answer).toMatchObject({
      login: target.login,
      accessLevelBefore: 0,
      accessLevelAfter: -1,
      sessionsEnded: 1,
      inGame: false,
    });
    expect(answer.bannedUntil).toBeGreaterThanOrEqual(clock.now() + 7 * DAY - 60_000);
    expect(await levelOf(target.login)).toBe(-1);
    expect(await keptBan(target.login)).toMatchObject({ previous_level: 0, banned_by: boss.login });
    // The player's session is refused at once; a new sign-in gets only its ban.
    expect(await get(api.getAccount.path, target.cookie)).toMatchObject({ status: 401, body: ['notSignedIn'] });
    const again = await postCall(site.url, 'signIn', {
      username: target.login,
      password: CONSOLE_PASSWORD,
      captcha: await altchaPayload(site.url),
    });
    const cookie = again.setCookies.find((c) => c.startsWith('gk_session='))?.split(';')[0] ?? '';
    // The player reads the console's reason and end, which the game's level -1 does not hold.
    expect(api.getAccount.response.parse((await get(api.getAccount.path, cookie)).body)).toMatchObject({
      ban: { banned: true, until: answer.bannedUntil, reason: 'Selling adena for money' },
    });
    expect(await get(api.getSessions.path, cookie)).toMatchObject({ status: 403, body: ['accountBanned'] });
    const rows = await audit(target.login);
    expect(rows).toEqual([
      {
        login: boss.login,
        role: 'owner',
        action: 'account.ban',
        record: target.login,
        detail: '7d: Selling adena for money',
      },
    ]);
  });

  it('unbans to the level the account had before, and says when there is nothing to lift', async () => {
    const boss = await owner();
    const target = await player(5);
    await post(api.banConsoleAccount.path, boss.cookie, {
      login: target.login,
      reason: 'Spamming',
      duration: 'permanent',
    });
    expect(await levelOf(target.login)).toBe(-1);
    expect((await keptBan(target.login))?.until).toBeNull();
    const lifted = await post(api.unbanConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Appeal' });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({ accessLevelBefore: -1, accessLevelAfter: 5 });
    expect(await levelOf(target.login)).toBe(5);
    expect(await keptBan(target.login)).toBeUndefined();
    expect((await audit(target.login)).map((row) => [row.action, row.detail])).toEqual([
      ['account.ban', 'permanent: Spamming'],
      ['account.unban', 'level 5: Appeal'],
    ]);
    const again = await post(api.unbanConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Again' });
    expect(again).toMatchObject({ status: 400, body: ['consoleAccountNotBanned'] });
  });

  it('lets a player in who signs in at once after the unban, though the site read the ban a moment before', async () => {
    const boss = await owner();
    const target = await player();
    await post(api.banConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Botting', duration: '1d' });
    const signIn = async () => {
      const answer = await postCall(site.url, 'signIn', {
        username: target.login,
        password: CONSOLE_PASSWORD,
        captcha: await altchaPayload(site.url),
      });
      return answer.setCookies.find((c) => c.startsWith('gk_session='))?.split(';')[0] ?? '';
    };
    // The banned sign-in: its session reads only the ban, and the site remembers the ban a few seconds.
    const refused = await signIn();
    expect(await get(api.getSessions.path, refused)).toMatchObject({ status: 403, body: ['accountBanned'] });
    await post(api.unbanConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Appeal' });
    // The same moment (the clock does not move): the new session is a full one.
    const cookie = await signIn();
    expect((await get(api.getSessions.path, cookie)).status).toBe(200);
    expect(api.getAccount.response.parse((await get(api.getAccount.path, cookie)).body)).toMatchObject({
      ban: { banned: false },
    });
  });

  it('unbans a ban made in the game to level 0', async () => {
    const boss = await owner();
    const target = await player(-100);
    const lifted = await post(api.unbanConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Old GM ban' });
    expect(lifted).toMatchObject({ status: 200, body: { accessLevelBefore: -100, accessLevelAfter: 0 } });
    expect(await levelOf(target.login)).toBe(0);
  });

  it('lifts a timed ban when the clock passes its end, once across instances, audited as the system', async () => {
    const boss = await owner();
    const target = await player(3);
    await post(api.banConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Cooling off', duration: '1d' });
    if (!liftDue) throw new Error('the ban lifter was not handed over');
    await liftDue();
    expect(await levelOf(target.login)).toBe(-1);
    clock.advance(DAY + 1_000);
    // Two instances look at the same moment: one of them lifts it.
    await Promise.all([liftDue(), liftDue()]);
    expect(await levelOf(target.login)).toBe(3);
    expect(await keptBan(target.login)).toBeUndefined();
    const rows = await audit(target.login);
    expect(rows.map((row) => [row.login, row.role, row.action])).toEqual([
      [boss.login, 'owner', 'account.ban'],
      ['(system)', 'system', 'account.unban'],
    ]);
    expect(rows[1]?.detail).toBe(`ban by ${boss.login} ended, level 3: Cooling off`);
    // The console's audit log shows the system's line as any other (a day on, the owner steps up again).
    const log = await get(`${api.getConsoleAudit.path}?q=${target.login}`, (await owner()).cookie);
    expect(log.status).toBe(200);
    expect((log.body as { rows: { login: string; role: string }[] }).rows[0]).toMatchObject({
      login: '(system)',
      role: 'system',
    });
  });

  it('leaves a level changed in the game alone when a timed ban ends', async () => {
    const boss = await owner();
    const target = await player();
    await post(api.banConsoleAccount.path, boss.cookie, { login: target.login, reason: 'Cooling off', duration: '1d' });
    await site.databases.connections.login.db
      .updateTable('accounts')
      .set({ [world.flavor.accounts.accessLevel]: -100 })
      .where('login', '=', target.login)
      .execute();
    clock.advance(DAY + 1_000);
    await liftDue?.();
    expect(await levelOf(target.login)).toBe(-100);
  });

  it('refuses a gm every action with 403 and writes nothing', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true, world });
    const target = await player();
    for (const path of ACTIONS) {
      const body = { login: target.login, reason: 'Because I can', duration: '7d' };
      expect(await post(path, gm.cookie, body)).toMatchObject({ status: 403, body: ['consoleForbidden'] });
    }
    expect(await levelOf(target.login)).toBe(0);
    expect(await keptBan(target.login)).toBeUndefined();
    expect((await get(api.getAccount.path, target.cookie)).status).toBe(200);
    expect(await audit(target.login)).toEqual([]);
  });

  it('never bans staff nor the owner itself', async () => {
    const boss = await owner();
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { world });
    const staff = await post(api.banConsoleAccount.path, boss.cookie, {
      login: gm.login,
      reason: 'Test',
      duration: '1d',
    });
    expect(staff).toMatchObject({ status: 400, body: ['consoleAccountIsStaff'] });
    const self = await post(api.banConsoleAccount.path, boss.cookie, {
      login: boss.login,
      reason: 'Test',
      duration: '1d',
    });
    expect(self).toMatchObject({ status: 400, body: ['consoleAccountIsSelf'] });
    expect(await levelOf(gm.login)).toBe(CONSOLE_LEVELS.gm);
    expect(await levelOf(boss.login)).toBe(CONSOLE_LEVELS.owner);
    expect(await keptBan(gm.login)).toBeUndefined();
    expect((await get(api.getAccount.path, gm.cookie)).status).toBe(200);
  });

  it("answers bad input with the contract's codes and changes nothing", async () => {
    const boss = await owner();
    const target = await player();
    const cases: [unknown, string[]][] = [
      [{ login: target.login, duration: '7d' }, ['consoleReasonRequired']],
      [{ login: target.login, reason: '  x ', duration: '7d' }, ['consoleReasonRequired']],
      [{ login: target.login, reason: 'Botting', duration: '2d' }, ['consoleBanDurationInvalid']],
      [{ login: target.login, reason: 'Botting' }, ['consoleBanDurationInvalid']],
    ];
    for (const [body, codes] of cases) {
      expect(await post(api.banConsoleAccount.path, boss.cookie, body)).toMatchObject({ status: 400, body: codes });
    }
    const unknown = await post(api.banConsoleAccount.path, boss.cookie, {
      login: 'nosuchlogin1',
      reason: 'Botting',
      duration: '7d',
    });
    expect(unknown).toMatchObject({ status: 404, body: ['consoleAccountNotFound'] });
    expect(await post(api.endConsoleAccountSessions.path, boss.cookie, { login: target.login })).toMatchObject({
      status: 400,
      body: ['consoleReasonRequired'],
    });
    expect(await levelOf(target.login)).toBe(0);
    expect(await keptBan(target.login)).toBeUndefined();
    expect((await get(api.getAccount.path, target.cookie)).status).toBe(200);
    expect(await audit(target.login)).toEqual([]);
  });

  it('ends every site session of a player alone, level untouched; says when a character is in the game', async () => {
    const boss = await owner();
    const target = await player();
    const second = await sessionCall(site.url, 'GET', api.getAccount.path, target.cookie);
    expect(second.status).toBe(200);
    await world.insertCharacters(site.databases.connections.game.db, [
      newCharacter({ char_name: `On${target.login.slice(-8)}`, account_name: target.login, online: 1 }),
    ]);
    const ended = await post(api.endConsoleAccountSessions.path, boss.cookie, {
      login: target.login,
      reason: 'Lost phone',
    });
    expect(ended).toMatchObject({ status: 200, body: { sessionsEnded: 1, accessLevelAfter: 0, inGame: true } });
    expect(await get(api.getAccount.path, target.cookie)).toMatchObject({ status: 401, body: ['notSignedIn'] });
    expect(await levelOf(target.login)).toBe(0);
    expect((await audit(target.login)).map((row) => [row.action, row.detail])).toEqual([
      ['account.endSessions', '1 ended: Lost phone'],
    ]);
  });

  it.runIf(flavorName === 'l2j')('mails a password-reset link through the recovery mail, audited', async () => {
    const boss = await owner();
    const target = await player();
    const noEmail = await post(api.sendConsoleAccountReset.path, boss.cookie, { login: target.login, reason: 'Asked' });
    expect(noEmail).toMatchObject({ status: 400, body: ['emailNotRecorded'] });
    await site.databases.connections.login.db
      .updateTable('accounts')
      .set({ email: `${target.login}@example.com` })
      .where('login', '=', target.login)
      .execute();
    const sent = await post(api.sendConsoleAccountReset.path, boss.cookie, {
      login: target.login,
      reason: 'The player asked on Discord',
    });
    expect(sent.status).toBe(200);
    const keys = await siteDb()
      .selectFrom('site_password_resets')
      .select(['language'])
      .where('login', '=', target.login)
      .execute();
    expect(keys).toEqual([{ language: 'en' }]);
    const mails = await siteDb()
      .selectFrom('site_mail_outbox')
      .select(['kind', 'email'])
      .where('login', '=', target.login)
      .execute();
    expect(mails).toEqual([{ kind: 'recovery', email: `${target.login}@example.com` }]);
    expect((await audit(target.login)).map((row) => [row.action, row.detail])).toEqual([
      ['account.sendReset', 'The player asked on Discord'],
    ]);
  });

  it('switches a lost authenticator off: its codes go, the sessions end, a notice is mailed, audited', async () => {
    const boss = await owner();
    const target = await consoleUser(site, clock, 0, { factor: true, world });
    const factorRows = () =>
      siteDb().selectFrom('site_second_factors').select('login').where('login', '=', target.login).execute();
    expect(await factorRows()).toHaveLength(1);
    expect(
      await post(api.resetConsoleAccountFactor.path, boss.cookie, { login: boss.login, reason: 'My own phone' }),
    ).toMatchObject({ status: 400, body: ['consoleAccountIsSelf'] });
    if (flavorName === 'l2j') {
      await site.databases.connections.login.db
        .updateTable('accounts')
        .set({ email: `${target.login}@example.com` })
        .where('login', '=', target.login)
        .execute();
    }
    const reset = await post(api.resetConsoleAccountFactor.path, boss.cookie, {
      login: target.login.toUpperCase(),
      reason: 'Named both characters and the first payment',
    });
    expect(reset).toMatchObject({ status: 200, body: { login: target.login, sessionsEnded: 1, accessLevelAfter: 0 } });
    expect(await factorRows()).toEqual([]);
    expect(
      await siteDb().selectFrom('site_recovery_codes').select('login').where('login', '=', target.login).execute(),
    ).toEqual([]);
    expect(await get(api.getAccount.path, target.cookie)).toMatchObject({ status: 401, body: ['notSignedIn'] });
    const mails = await siteDb()
      .selectFrom('site_mail_outbox')
      .select(['kind', 'email', 'subject'])
      .where('login', '=', target.login)
      .execute();
    expect(mails).toEqual(
      flavorName === 'l2j'
        ? [
            {
              kind: 'factorNotice',
              email: `${target.login}@example.com`,
              subject: expect.stringContaining('the authenticator app of your account was switched off'),
            },
          ]
        : [],
    );
    // Nothing left to switch off: refused, and not audited twice.
    expect(
      await post(api.resetConsoleAccountFactor.path, boss.cookie, { login: target.login, reason: 'Again' }),
    ).toMatchObject({ status: 400, body: ['consoleAccountFactorOff'] });
    expect((await audit(target.login)).map((row) => [row.login, row.action, row.detail])).toEqual([
      [boss.login, 'account.resetFactor', '1 sessions ended: Named both characters and the first payment'],
    ]);
  });
});
