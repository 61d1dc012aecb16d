import { api } from '@gatekeeper/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { safeCell, toCsv } from '../src/infra/csv';
import { recordSiteFailure } from '../src/features/votes/site-failures';
import { DATABASE_KINDS } from './databases';
import { newCharacter } from './support/characters';
import { testClock } from './support/clock';
import { csrfHeaders } from './app-under-test';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { flavoredWorld } from './support/flavored-world';
import { accountToolSettings } from './support/mailed-site';
import { SoftAuthenticator } from './support/soft-authenticator';
import { useSite } from './support/use-site';

/**
 * The console's Donations, Votes and Accounts sections and its passkey step-up
 * (docs/owner/console.md): a gm reads and is refused the owner's actions; the owner's actions,
 * the CSV export and every account look-up are in the audit log; the CSV is safe in a spreadsheet.
 */

const PUBLIC_URL = 'http://play.example.test:8080';
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};
const DAY = 24 * 60 * 60_000;

describe('the CSV export', () => {
  it('quotes every field, doubles quotes, and disarms formulas', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'plain', '', null, 12].map(safeCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      '',
      '',
      '12',
    ]);
    const csv = toCsv(['a', 'b'], [['say "hi", then\nleave', '=HYPERLINK("http://x")']]);
    expect(csv.startsWith('\uFEFF"a","b"\r\n')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['a', 'b'],
      ['say "hi", then\nleave', `'=HYPERLINK("http://x")`],
    ]);
  });
});

describe.each(DATABASE_KINDS)("the console's owner sections (%s)", (kind) => {
  const clock = testClock();
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now, env: { PUBLIC_URL } } });
  const siteDb = () => site.databases.connections.site.db;
  const world = flavoredWorld('l2j');
  const get = (path: string, cookie: string) => sessionCall(site.url, 'GET', path, cookie);
  const post = (path: string, cookie: string, body: unknown) => sessionCall(site.url, 'POST', path, cookie, body);
  const audit = (login: string) =>
    siteDb()
      .selectFrom('site_console_audit')
      .select(['action', 'record', 'detail', 'role'])
      .where('login', '=', login)
      .orderBy('id')
      .execute();

  /** A paid donation of a character, its grant failed; and one delivered, then refunded (flagged). */
  const donations = async (tag: string) => {
    const character = newCharacter({ char_name: `Donor${tag}` });
    await world.insertCharacters(site.databases.connections.game.db, [character]);
    const now = clock.now();
    const payment = (txn: string, status: string) => ({
      provider: 'paypal' as const,
      txn_id: txn,
      kind: 'payment' as 'payment' | 'refund',
      parent_txn_id: '',
      char_name: character.char_name,
      char_id: character.charId,
      amount_cents: 1000,
      currency: 'EUR',
      coins: 100,
      status,
      created_at: now,
      updated_at: now,
    });
    await siteDb()
      .insertInto('site_donations')
      .values([
        payment(`FAIL${tag}`, 'credited'),
        payment(`REF${tag}`, 'refunded'),
        {
          ...payment(`RB${tag}`, 'flagged'),
          kind: 'refund' as const,
          parent_txn_id: `REF${tag}`,
          amount_cents: -1000,
          coins: 100,
        },
      ])
      .execute();
    const grant = (txn: string, status: 'failed' | 'delivered') => ({
      request_id: `paypal:${txn}`,
      char_id: character.charId,
      item_id: 4037,
      item_count: 100,
      reason: 'donation' as const,
      delivery: 'premiumItems' as const,
      status,
      attempts: 2,
      last_error: 'the character was in the game',
      created_at: now,
      updated_at: now,
      delivered_at: status === 'delivered' ? now : null,
    });
    await siteDb()
      .insertInto('site_reward_queue')
      .values([grant(`FAIL${tag}`, 'failed'), grant(`REF${tag}`, 'delivered')])
      .execute();
    return character;
  };

  it('shows the ledger to a gm, refuses the gm its actions, and lets the owner retry and resolve, audited', async () => {
    const tag = `${kind}A`;
    const character = await donations(tag);
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });

    const listed = await get(`${api.getConsoleDonations.path}?q=${character.char_name}`, gm.cookie);
    expect(listed.status).toBe(200);
    const ledger = api.getConsoleDonations.response.parse(listed.body);
    expect(ledger.rows.map((row) => [row.txnId, row.state, row.reward, row.flagged, row.coinsByHand])).toEqual(
      expect.arrayContaining([
        [`FAIL${tag}`, 'credited', 'failed', true, 0],
        [`REF${tag}`, 'refunded', 'delivered', true, 100],
      ]),
    );
    const byState = api.getConsoleDonations.response.parse(
      (await get(`${api.getConsoleDonations.path}?q=${character.char_name}&state=refunded`, gm.cookie)).body,
    );
    expect(byState.rows.map((row) => row.txnId)).toEqual([`REF${tag}`]);
    const bad = await get(`${api.getConsoleDonations.path}?state=lost`, gm.cookie);
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: ['formInvalid'] });

    for (const [path, body] of [
      [api.retryConsoleDonation.path, { txnId: `FAIL${tag}` }],
      [api.resolveConsoleDonation.path, { txnId: `REF${tag}`, note: 'coins taken back' }],
    ] as const) {
      const refused = await post(path, gm.cookie, body);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: ['consoleForbidden'] });
    }

    const retried = await post(api.retryConsoleDonation.path, owner.cookie, { txnId: `FAIL${tag}` });
    expect({ status: retried.status, body: retried.body }).toEqual({
      status: 200,
      body: { before: 'failed', after: 'delivered' },
    });
    const again = await post(api.retryConsoleDonation.path, owner.cookie, { txnId: `FAIL${tag}` });
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: ['consoleDonationNotRetryable'] });
    const missing = await post(api.retryConsoleDonation.path, owner.cookie, { txnId: 'NO-SUCH-ID' });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: ['consoleDonationNotFound'] });
    const items = await site.databases.connections.game.db
      .selectFrom('character_premium_items')
      .select(['itemId', 'itemCount'])
      .where('charId', '=', character.charId)
      .execute();
    expect(items.map((i) => [Number(i.itemId), Number(i.itemCount)])).toEqual([[4037, 100]]);

    const noNote = await post(api.resolveConsoleDonation.path, owner.cookie, { txnId: `REF${tag}`, note: ' ' });
    expect({ status: noNote.status, body: noNote.body }).toEqual({ status: 400, body: ['consoleReasonRequired'] });
    const resolved = await post(api.resolveConsoleDonation.path, owner.cookie, {
      txnId: `REF${tag}`,
      note: 'coins taken back',
    });
    expect({ status: resolved.status, body: resolved.body }).toEqual({
      status: 200,
      body: { before: 'flagged', after: 'resolved' },
    });
    const twice = await post(api.resolveConsoleDonation.path, owner.cookie, { txnId: `REF${tag}`, note: 'again' });
    expect(twice.body).toEqual(['consoleDonationNotFlagged']);
    const flagged = api.getConsoleDonations.response.parse(
      (await get(`${api.getConsoleDonations.path}?q=${character.char_name}&flagged=true`, gm.cookie)).body,
    );
    expect(flagged.rows).toEqual([]);
    const after = api.getConsoleDonations.response.parse(
      (await get(`${api.getConsoleDonations.path}?q=REF${tag}`, gm.cookie)).body,
    );
    expect(after.rows[0]?.resolved).toMatchObject({ by: owner.login, note: 'coins taken back' });

    expect(await audit(owner.login)).toEqual(
      expect.arrayContaining([
        { action: 'donation.retry', record: `FAIL${tag}`, detail: 'failed -> delivered', role: 'owner' },
        { action: 'donation.resolve', record: `REF${tag}`, detail: 'coins taken back', role: 'owner' },
      ]),
    );
    expect((await audit(gm.login)).filter((row) => row.action.startsWith('donation.'))).toEqual([]);
  });

  it("flags a wallet donation's shortfall with its coins, found by the account, until the owner resolves it", async () => {
    const tag = `${kind}W`;
    const login = `walletdonor${tag}`.toLowerCase();
    const now = clock.now();
    await siteDb()
      .insertInto('site_provider_payments')
      .values({
        donation_id: `wallet-${tag}`,
        provider: 'stripe',
        provider_ref: `cs_${tag}`,
        payment_id: `pi_${tag}`,
        login,
        char_name: '',
        char_id: 0,
        amount_cents: 2000,
        currency: 'EUR',
        coins: 2000,
        status: 'reversed',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Every column named in both rows: a multi-row insert on SQLite writes NULL for one left out.
    const row = {
      provider: 'stripe' as const,
      parent_txn_id: '',
      shortfall: 0,
      currency: 'EUR',
      login,
      char_id: null,
      created_at: now,
      updated_at: now,
    };
    await siteDb()
      .insertInto('site_donations')
      .values([
        { ...row, txn_id: `pi_${tag}`, kind: 'payment', amount_cents: 2000, coins: 2000, status: 'reversed' },
        {
          ...row,
          txn_id: `dp_${tag}`,
          kind: 'reversal',
          parent_txn_id: `pi_${tag}`,
          amount_cents: -2000,
          coins: 2000,
          shortfall: 1200,
          status: 'shortfall',
        },
      ])
      .execute();
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const listed = api.getConsoleDonations.response.parse(
      (await get(`${api.getConsoleDonations.path}?q=${login}&flagged=true`, gm.cookie)).body,
    );
    expect(
      listed.rows.map((entry) => [
        entry.txnId,
        entry.account,
        entry.charName,
        entry.coinsTakenBack,
        entry.walletShortfall,
      ]),
    ).toEqual([[`pi_${tag}`, login, '', 800, 1200]]);
    clock.advance(1_000);
    const resolved = await post(api.resolveConsoleDonation.path, owner.cookie, {
      txnId: `pi_${tag}`,
      note: 'the player paid back 12 euros',
    });
    expect(resolved.status).toBe(200);
    const after = api.getConsoleDonations.response.parse(
      (await get(`${api.getConsoleDonations.path}?q=${login}`, gm.cookie)).body,
    );
    expect([after.rows[0]?.flagged, after.rows[0]?.walletShortfall, after.rows[0]?.resolved?.by]).toEqual([
      false,
      1200,
      owner.login,
    ]);
    expect(await audit(owner.login)).toEqual(
      expect.arrayContaining([
        { action: 'donation.resolve', record: `pi_${tag}`, detail: 'the player paid back 12 euros', role: 'owner' },
      ]),
    );
  });

  it('exports the search as CSV a spreadsheet cannot run, audited', async () => {
    const tag = `${kind}C`;
    const character = await donations(tag);
    await siteDb()
      .updateTable('site_donations')
      .set({ char_name: `=cmd|' /C calc'!A0` })
      .where('txn_id', '=', `FAIL${tag}`)
      .execute();
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const { cookie: token, 'x-xsrf-token': header } = csrfHeaders();
    const answer = await fetch(`${site.url}${api.getConsoleDonationsCsv.path}?q=FAIL${tag}`, {
      headers: { cookie: `${token}; ${gm.cookie}`, 'x-xsrf-token': header },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="donations-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = parse(await answer.text(), { bom: true });
    expect(rows[0]?.slice(0, 4)).toEqual(['started (UTC)', 'state', 'flagged', 'character']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[3]).toBe(`'=cmd|' /C calc'!A0`);
    expect(rows[1]?.[12]).toBe(`FAIL${tag}`);
    expect(character.char_name).toBe(`Donor${tag}`);
    expect(await audit(gm.login)).toEqual(
      expect.arrayContaining([{ action: 'donations.export', record: '', detail: `q=FAIL${tag}`, role: 'gm' }]),
    );
  });

  it('counts vote claims per site per day and the sites that did not answer', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const now = clock.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const claim = (i: number, voteSite: string, at: number) => ({
      site: voteSite,
      voter: `v${i}`,
      vote_window: `w${i}`,
      char_id: 1,
      request_id: `vote:owner:${kind}:${i}`,
      voted_at: at,
      created_at: at,
    });
    await siteDb()
      .insertInto('site_vote_claims')
      .values([
        claim(1, `top${kind}`, now),
        claim(2, `top${kind}`, now),
        claim(3, `top${kind}`, now - DAY),
        claim(4, `top${kind}`, now - 40 * DAY),
      ])
      .execute();
    const db = siteDb();
    await recordSiteFailure(db, { site: `down${kind}`, reason: 'too old', now: now - 35 * DAY });
    await recordSiteFailure(db, { site: `down${kind}`, reason: 'HTTP 502', now: now - 1000 });
    await recordSiteFailure(db, { site: `down${kind}`, reason: 'timeout', now });
    const answer = await get(api.getConsoleVotes.path, gm.cookie);
    expect(answer.status).toBe(200);
    const votes = api.getConsoleVotes.response.parse(answer.body);
    const top = votes.claims.find((row) => row.site === `top${kind}`);
    expect(top?.total).toBe(3);
    expect(top?.days).toHaveLength(30);
    expect(top?.days.at(-1)).toEqual({ day: today, count: 2 });
    expect(top?.days.at(-2)?.count).toBe(1);
    expect(votes.failures.filter((row) => row.site === `down${kind}`)).toEqual([
      { site: `down${kind}`, day: today, count: 2, lastReason: 'timeout', lastAt: now },
    ]);
    // The failure older than 31 days was pruned by the later writes.
    const kept = await db.selectFrom('site_vote_failures').select('reason').where('site', '=', `down${kind}`).execute();
    expect(kept.map((row) => row.reason).sort()).toEqual(['HTTP 502', 'timeout']);
  });

  it('looks an account up by login and by character name, read only, and audits who looked up whom', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const player = await consoleUser(site, clock, 0);
    const character = newCharacter({ char_name: `Looked${kind}`, account_name: player.login });
    await world.insertCharacters(site.databases.connections.game.db, [character]);

    const byLogin = await get(`${api.getConsoleAccount.path}?q=${player.login.toUpperCase()}`, gm.cookie);
    expect(byLogin.status).toBe(200);
    const found = api.getConsoleAccount.response.parse(byLogin.body).accounts;
    expect(found.map((a) => [a.login, a.foundBy])).toEqual([[player.login, 'login']]);
    expect(found[0]?.characters.map((c) => c.name)).toEqual([character.char_name]);
    expect(found[0]?.ban).toEqual({ banned: false, until: null });
    expect(found[0]?.signIns.map((s) => s.outcome)).toContain('success');

    const byName = api.getConsoleAccount.response.parse(
      (await get(`${api.getConsoleAccount.path}?q=${character.char_name.toLowerCase()}`, gm.cookie)).body,
    ).accounts;
    expect(byName.map((a) => [a.login, a.foundBy])).toEqual([[player.login, 'character']]);
    const nobody = api.getConsoleAccount.response.parse(
      (await get(`${api.getConsoleAccount.path}?q=nobody-${kind}`, gm.cookie)).body,
    ).accounts;
    expect(nobody).toEqual([]);
    const empty = await get(`${api.getConsoleAccount.path}?q=%20`, gm.cookie);
    expect({ status: empty.status, body: empty.body }).toEqual({ status: 400, body: ['consoleLookupRequired'] });

    expect((await audit(gm.login)).filter((row) => row.action === 'account.lookup')).toEqual([
      { action: 'account.lookup', record: player.login.toUpperCase(), detail: player.login, role: 'gm' },
      { action: 'account.lookup', record: character.char_name.toLowerCase(), detail: player.login, role: 'gm' },
      { action: 'account.lookup', record: `nobody-${kind}`, detail: '', role: 'gm' },
    ]);
  });

  it("masks another staff account's e-mail and addresses for a gm, in the look-up and the audit log; never for the owner", async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const otherGm = await consoleUser(site, clock, CONSOLE_LEVELS.gm);
    const player = await consoleUser(site, clock, 0);
    const emails = new Map([
      [owner.login, `owner.${owner.login}@example.test`],
      [gm.login, `gm.${gm.login}@example.test`],
      [otherGm.login, `helper.${otherGm.login}@example.test`],
      [player.login, `player.${player.login}@example.test`],
    ]);
    for (const [login, email] of emails) {
      await site.databases.connections.login.db
        .updateTable('accounts')
        .set({ email })
        .where('login', '=', login)
        .execute();
    }
    const lookUp = async (q: string, cookie: string) => {
      const answer = await get(`${api.getConsoleAccount.path}?q=${encodeURIComponent(q)}`, cookie);
      expect(answer.status).toBe(200);
      return { accounts: api.getConsoleAccount.response.parse(answer.body).accounts, raw: JSON.stringify(answer.body) };
    };
    const seen = (found: Awaited<ReturnType<typeof lookUp>>) =>
      found.accounts.map((account) => ({
        login: account.login,
        email: account.email,
        addresses: [...new Set(account.signIns.map((signIn) => signIn.address))],
      }));
    // Every test account signed in from this machine: its address in full, and masked.
    const { address } = await siteDb()
      .selectFrom('site_console_audit')
      .select('address')
      .where('login', '=', owner.login)
      .executeTakeFirstOrThrow();
    expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    const masked = '127.0.*.*';

    // A gm: the owner's and another gm's e-mail and sign-in addresses masked, never sent in full ...
    const ownerToGm = await lookUp(owner.login, gm.cookie);
    expect(seen(ownerToGm)).toEqual([{ login: owner.login, email: 'o***@example.test', addresses: [masked] }]);
    expect(ownerToGm.raw).not.toContain(emails.get(owner.login));
    expect(ownerToGm.raw).not.toContain(`"${address}"`);
    expect(seen(await lookUp(otherGm.login, gm.cookie))).toEqual([
      { login: otherGm.login, email: 'h***@example.test', addresses: [masked] },
    ]);
    // ... its own and a player's in full ...
    expect(seen(await lookUp(gm.login, gm.cookie))).toEqual([
      { login: gm.login, email: emails.get(gm.login), addresses: [address] },
    ]);
    expect(seen(await lookUp(player.login, gm.cookie))).toEqual([
      { login: player.login, email: emails.get(player.login), addresses: [address] },
    ]);
    expect(seen(await lookUp(emails.get(player.login)!, gm.cookie)).map((a) => a.login)).toEqual([player.login]);
    // ... and a guessed staff e-mail finds nothing, so the look-up does not confirm it.
    expect((await lookUp(emails.get(owner.login)!, gm.cookie)).accounts).toEqual([]);
    expect((await lookUp(emails.get(otherGm.login)!.toUpperCase(), gm.cookie)).accounts).toEqual([]);

    // The owner sees every account in full, and finds staff by e-mail.
    expect(seen(await lookUp(gm.login, owner.cookie))).toEqual([
      { login: gm.login, email: emails.get(gm.login), addresses: [address] },
    ]);
    expect(seen(await lookUp(emails.get(otherGm.login)!, owner.cookie))).toEqual([
      { login: otherGm.login, email: emails.get(otherGm.login), addresses: [address] },
    ]);

    // The audit log: every line is staff's; a gm sees only its own addresses in full.
    const auditOf = async (cookie: string, q: string) => {
      const answer = await get(`${api.getConsoleAudit.path}?q=${encodeURIComponent(q)}`, cookie);
      expect(answer.status).toBe(200);
      return api.getConsoleAudit.response.parse(answer.body).rows;
    };
    const addressesBy = (rows: { login: string; address: string }[]) =>
      Object.fromEntries(
        [...new Set(rows.map((row) => row.login))].map((login) => [
          login,
          [...new Set(rows.filter((row) => row.login === login).map((row) => row.address))],
        ]),
      );
    // Lines by the owner (its step-up, its look-ups) and by the gm (its look-ups of the owner).
    expect(addressesBy(await auditOf(gm.cookie, owner.login))).toEqual({
      [owner.login]: [masked],
      [gm.login]: [address],
    });
    expect(addressesBy(await auditOf(owner.cookie, owner.login))).toEqual({
      [owner.login]: [address],
      [gm.login]: [address],
    });
    // A gm's search by address finds its own lines only: it cannot confirm another's address.
    const byAddress = await auditOf(gm.cookie, address);
    expect(byAddress.length).toBeGreaterThan(0);
    expect(new Set(byAddress.map((row) => row.login))).toEqual(new Set([gm.login]));
    expect((await auditOf(owner.cookie, address)).some((row) => row.login === owner.login)).toBe(true);
  });

  it('refuses a look-up and an export sent without the anti-forgery token (a link on another site), and audits none', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const before = (await audit(gm.login)).length;
    const forged = (path: string) => sessionCall(site.url, 'GET', path, gm.cookie, undefined, { csrf: false });
    for (const path of [
      `${api.getConsoleAccount.path}?q=${gm.login}`,
      `${api.getConsoleDonationsCsv.path}?q=x`,
      api.getConsoleDashboard.path,
      api.getConsoleMe.path,
    ]) {
      const answer = await forged(path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 403, body: ['formInvalid'] });
    }
    expect(await audit(gm.login)).toHaveLength(before);
    // The page's own call, token and all, is answered and audited.
    expect((await get(`${api.getConsoleAccount.path}?q=${gm.login}`, gm.cookie)).status).toBe(200);
    expect((await audit(gm.login)).at(-1)?.action).toBe('account.lookup');
  });

  it("steps up with the account's passkey, bound to the session, once; another's passkey is refused", async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner);
    const authenticator = new SoftAuthenticator('play.example.test', PUBLIC_URL);
    const registration = await post(api.passkeyRegistrationOptions.path, owner.cookie, {});
    const added = await post(api.addPasskey.path, owner.cookie, {
      response: authenticator.register(registration.body as { challenge: string }),
      name: 'Key',
    });
    expect(added.status).toBe(200);
    const me = api.getConsoleMe.response.parse((await get(api.getConsoleMe.path, owner.cookie)).body);
    expect(me).toMatchObject({ steppedUp: false, factors: ['passkey'] });

    // Another account's passkey, answering this session's challenge, is refused and audited.
    const other = await consoleUser(site, clock, CONSOLE_LEVELS.gm);
    const stranger = new SoftAuthenticator('play.example.test', PUBLIC_URL);
    const strangerOptions = await post(api.passkeyRegistrationOptions.path, other.cookie, {});
    await post(api.addPasskey.path, other.cookie, {
      response: stranger.register(strangerOptions.body as { challenge: string }),
      name: 'Other',
    });
    const options1 = await post(api.consoleStepUpPasskeyOptions.path, owner.cookie, {});
    expect(options1.status).toBe(200);
    const crossed = await post(api.consoleSignInPasskey.path, owner.cookie, {
      response: stranger.authenticate(options1.body as { challenge: string }),
    });
    expect({ status: crossed.status, body: crossed.body }).toEqual({ status: 400, body: ['passkeyRefused'] });

    const options2 = await post(api.consoleStepUpPasskeyOptions.path, owner.cookie, {});
    const assertion = authenticator.authenticate(options2.body as { challenge: string });
    // Another session of the same account cannot answer this session's challenge.
    const elsewhere = await post(api.consoleSignInPasskey.path, other.cookie, { response: assertion });
    expect(elsewhere.status).toBe(400);
    const stepped = await post(api.consoleSignInPasskey.path, owner.cookie, { response: assertion });
    expect({ status: stepped.status, body: stepped.body }).toEqual({ status: 200, body: [] });
    const replayed = await post(api.consoleSignInPasskey.path, owner.cookie, { response: assertion });
    expect(replayed.status).toBe(400);
    expect((await get(api.getConsoleVotes.path, owner.cookie)).status).toBe(200);
    expect((await audit(owner.login)).map((row) => [row.action, row.detail])).toEqual(
      expect.arrayContaining([
        ['signInFailed', 'passkey'],
        ['signIn', 'passkey'],
      ]),
    );

    // A gm without a passkey is told to switch a factor on.
    const bare = await consoleUser(site, clock, CONSOLE_LEVELS.gm);
    const none = await post(api.consoleStepUpPasskeyOptions.path, bare.cookie, {});
    expect({ status: none.status, body: none.body }).toEqual({ status: 400, body: ['consoleNeedsSecondFactor'] });
  });
});
