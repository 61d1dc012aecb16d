import { api } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, anotherSession, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { flavoredWorld } from './support/flavored-world';
import { accountToolSettings } from './support/mailed-site';
import { useSite } from './support/use-site';

/**
 * The console's door (docs/owner/console.md): the role from the game's access level, the
 * second-factor step-up on every entry and after the idle minutes, and the audit log of sign-ins.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 3, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};

describe.each(DATABASE_KINDS)("the console's gate (%s)", (kind) => {
  const clock = testClock();
  // TRUST_PROXY: a test sets the request's address with X-Forwarded-For; without it, 127.0.0.1.
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now, env: { TRUST_PROXY: 'true' } } });
  const me = (cookie: string) => sessionCall(site.url, 'GET', api.getConsoleMe.path, cookie);
  const stepUp = (cookie: string, code: string) =>
    sessionCall(site.url, 'POST', api.consoleSignIn.path, cookie, { factor: 'totp', code });
  const audit = async (cookie: string, q = '') =>
    sessionCall(site.url, 'GET', `${api.getConsoleAudit.path}${q ? `?q=${encodeURIComponent(q)}` : ''}`, cookie);
  const auditRows = async (login: string) =>
    site.databases.connections.site.db
      .selectFrom('site_console_audit')
      .selectAll()
      .where('login', '=', login)
      .orderBy('id')
      .execute();

  it('tells a gm without a second factor to switch one on, and lets nothing else through', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm);
    const answer = await me(gm.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ login: gm.login, role: 'gm', idleMinutes: 15, steppedUp: false, factors: [] });
    const refused = await stepUp(gm.cookie, '123456');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: ['consoleNeedsSecondFactor'] });
    expect((await audit(gm.cookie)).status).toBe(401);
  });

  it('steps up with a fresh code, not the one already spent, and records the sign-in with its address', async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { factor: true });
    expect(api.getConsoleMe.response.parse((await me(owner.cookie)).body)).toMatchObject({
      role: 'owner',
      steppedUp: false,
      factors: ['totp'],
    });
    const code = owner.nextCode();
    expect((await stepUp(owner.cookie, code)).status).toBe(200);
    expect((await me(owner.cookie)).body).toMatchObject({ steppedUp: true });
    // The code is spent: sent again it is refused (and the refusal is logged too).
    const replay = await stepUp(owner.cookie, code);
    expect({ status: replay.status, body: replay.body }).toEqual({ status: 400, body: ['wrongSecondFactorCode'] });
    const rows = await auditRows(owner.login);
    expect(rows.map((r) => [r.action, r.role, r.address, r.detail])).toEqual([
      ['signIn', 'owner', '127.0.0.1', 'totp'],
      ['signInFailed', 'owner', '127.0.0.1', 'totp'],
    ]);
    const log = api.getConsoleAudit.response.parse((await audit(owner.cookie, owner.login)).body);
    expect(log.rows.map((r) => r.action)).toEqual(['signInFailed', 'signIn']);
  });

  it('audits each action with the address of its own request, not the one the session signed in from', async () => {
    const [signedInFrom, actsFrom] = ['198.51.100.10', '203.0.113.20'];
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true, ip: signedInFrom });
    const session = await site.databases.connections.site.db
      .selectFrom('site_sessions')
      .select('address')
      .where('login', '=', owner.login)
      .executeTakeFirstOrThrow();
    expect(session.address).toBe(signedInFrom);
    const elsewhere = { ip: actsFrom };
    const lookup = await sessionCall(
      site.url,
      'GET',
      `${api.getConsoleAccount.path}?q=demo`,
      owner.cookie,
      {},
      elsewhere,
    );
    expect(lookup.status).toBe(200);
    // A step-up from there, granted, then its code sent again and refused: each row has its request's address.
    const code = owner.nextCode();
    const stepUpFrom = () =>
      sessionCall(site.url, 'POST', api.consoleSignIn.path, owner.cookie, { factor: 'totp', code }, elsewhere);
    expect((await stepUpFrom()).status).toBe(200);
    expect((await stepUpFrom()).status).toBe(400);
    const rows = await auditRows(owner.login);
    expect(rows.map((r) => [r.action, r.address])).toEqual([
      ['signIn', signedInFrom],
      ['account.lookup', actsFrom],
      ['signIn', actsFrom],
      ['signInFailed', actsFrom],
    ]);
  });

  it("keeps a step-up to the session that made it: the same gm's other session steps up on its own", async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    expect((await me(gm.cookie)).body).toMatchObject({ steppedUp: true });
    const elsewhere = await anotherSession(site, gm);
    expect((await me(elsewhere)).body).toMatchObject({ login: gm.login, steppedUp: false });
    expect((await audit(elsewhere)).status).toBe(401);
    // The first session's step-up is untouched.
    expect((await audit(gm.cookie)).status).toBe(200);
  });

  it('asks again after the idle minutes, and not while the console is used', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    for (let i = 0; i < 4; i += 1) {
      clock.advance(10 * 60_000);
      expect((await audit(gm.cookie)).status).toBe(200);
    }
    clock.advance(16 * 60_000);
    const lapsed = await audit(gm.cookie);
    expect({ status: lapsed.status, body: lapsed.body }).toEqual({ status: 401, body: ['consoleStepUpRequired'] });
    // The site's session itself lives on (its own idle limit is longer).
    expect((await sessionCall(site.url, 'GET', api.getAccount.path, gm.cookie)).status).toBe(200);
    expect((await stepUp(gm.cookie, gm.nextCode())).status).toBe(200);
    expect((await audit(gm.cookie)).status).toBe(200);
  });

  it('takes a demoted account out at its next call, and refuses a banned one', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    expect((await audit(gm.cookie)).status).toBe(200);
    const { flavor } = flavoredWorld('l2j');
    await site.databases.connections.login.db
      .updateTable('accounts')
      .set({ [flavor.accounts.accessLevel]: 0 })
      .where('login', '=', gm.login)
      .execute();
    const out = await audit(gm.cookie);
    expect({ status: out.status, body: out.body }).toEqual({ status: 403, body: ['consoleForbidden'] });
  });

  it('counts wrong codes in the lockout and logs each failure', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { factor: true });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await stepUp(gm.cookie, '000000')).body);
    expect(answers.at(-1)).toEqual(['tooManyAttempts']);
    // Locked: even the right code is refused now.
    expect((await stepUp(gm.cookie, gm.nextCode())).body).toEqual(['tooManyAttempts']);
    expect((await auditRows(gm.login)).filter((r) => r.action === 'signInFailed').length).toBeGreaterThanOrEqual(3);
  });

  it('audits every refused step-up, those refused for the lock too: 8 attempts, 8 rows', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { factor: true });
    const answers = [];
    // Three wrong codes lock the account (maxFailedAttempts 3); the five after it, the right code among them, are refused.
    for (let i = 0; i < 8; i += 1) answers.push((await stepUp(gm.cookie, i === 5 ? gm.nextCode() : '000000')).body);
    expect(answers.slice(0, 2)).toEqual([['wrongSecondFactorCode'], ['wrongSecondFactorCode']]);
    expect(answers.slice(3)).toEqual(Array.from({ length: 5 }, () => ['tooManyAttempts']));
    const failed = (await auditRows(gm.login)).filter((row) => row.action === 'signInFailed');
    expect(failed).toHaveLength(8);
    expect(failed.slice(3).map((row) => row.detail)).toEqual(Array.from({ length: 5 }, () => 'totp locked'));
    expect((await auditRows(gm.login)).some((row) => row.action === 'signIn')).toBe(false);
  });

  it('searches the audit log by any of its fields, newest first, with wildcards taken literally', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const found = api.getConsoleAudit.response.parse((await audit(gm.cookie, gm.login)).body);
    expect(found.rows.length).toBeGreaterThanOrEqual(1);
    expect(found.rows.every((r) => r.login === gm.login)).toBe(true);
    const ids = found.rows.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(api.getConsoleAudit.response.parse((await audit(gm.cookie, '%')).body).rows).toEqual([]);
    expect(api.getConsoleAudit.response.parse((await audit(gm.cookie, '_')).body).rows).toEqual([]);
  });
});
