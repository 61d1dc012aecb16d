import { api } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases';
import { newCharacter } from './support/characters';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { flavoredWorld } from './support/flavored-world';
import { accountToolSettings } from './support/mailed-site';
import { useSite } from './support/use-site';

/**
 * The console's sections (docs/owner/console.md): the dashboard's figures against rows this test
 * writes (read before and after, so the demo world's own rows do not matter), and the reward
 * queue's list, retry and cancel, each in the audit log.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};
const DAY = 24 * 60 * 60_000;

describe.each(DATABASE_KINDS)("the console's sections (%s)", (kind) => {
  const clock = testClock();
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now } });
  const siteDb = () => site.databases.connections.site.db;
  const world = flavoredWorld('l2j');
  const get = async <N extends 'getConsoleDashboard' | 'getConsoleRewards'>(name: N, cookie: string, query = '') => {
    const answer = await sessionCall(site.url, 'GET', `${api[name].path}${query}`, cookie);
    expect(answer.status).toBe(200);
    return api[name].response.parse(answer.body) as ReturnType<(typeof api)[N]['response']['parse']>;
  };
  const post = (path: string, cookie: string, body: unknown) => sessionCall(site.url, 'POST', path, cookie, body);

  const reward = (requestId: string, fields: Partial<{ status: string; charId: number; createdAt: number }> = {}) => ({
    request_id: requestId,
    char_id: fields.charId ?? 1,
    item_id: 4037,
    item_count: 5,
    reason: 'vote' as const,
    delivery: 'premiumItems' as const,
    status: (fields.status ?? 'failed') as 'failed',
    attempts: 3,
    last_error: 'the game database did not answer',
    created_at: fields.createdAt ?? clock.now(),
    updated_at: clock.now(),
    delivered_at: null,
  });

  it('counts what the test wrote: registrations, players online, donations, refunds, votes, reward backlog', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const before = await get('getConsoleDashboard', gm.cookie);
    const now = clock.now();
    const today = new Date(now).toISOString().slice(0, 10);

    // Three accounts made today; two characters online (one a GM, who is not counted), one offline.
    for (const n of [1, 2, 3])
      await world.insertAccounts(site.databases.connections.login.db, [{ login: `dash${n}${kind}`, accessLevel: 0 }]);
    await world.insertCharacters(site.databases.connections.game.db, [
      newCharacter({ char_name: `DashOn${kind}`, online: 1 }),
      newCharacter({ char_name: `DashOff${kind}`, online: 0 }),
      newCharacter({ char_name: `DashGm${kind}`, online: 1, accesslevel: 100 }),
    ]);
    const donation = (txn: string, kindOf: 'payment' | 'refund', cents: number, currency: string) => ({
      provider: 'paypal' as const,
      txn_id: txn,
      kind: kindOf,
      amount_cents: cents,
      currency,
      status: 'completed',
      created_at: now,
      updated_at: now,
    });
    await siteDb()
      .insertInto('site_donations')
      .values([
        donation(`dash-a-${kind}`, 'payment', 1000, 'EUR'),
        donation(`dash-b-${kind}`, 'payment', 2550, 'EUR'),
        donation(`dash-c-${kind}`, 'payment', 700, 'ZZD'),
        donation(`dash-d-${kind}`, 'refund', -1000, 'EUR'),
      ])
      .execute();
    const vote = (i: number, voteSite: string) => ({
      site: voteSite,
      voter: `voter${i}`,
      vote_window: `w${i}`,
      char_id: 1,
      request_id: `vote:dash:${kind}:${i}`,
      voted_at: now,
      created_at: now,
    });
    await siteDb()
      .insertInto('site_vote_claims')
      .values([vote(1, 'dashtop'), vote(2, 'dashtop'), vote(3, 'dashother')])
      .execute();
    await siteDb()
      .insertInto('site_reward_queue')
      .values([
        reward(`dash:old:${kind}`, { status: 'failed', createdAt: 1_000 }),
        reward(`dash:new:${kind}`, { status: 'pending' }),
        reward(`dash:done:${kind}`, { status: 'delivered' }),
      ])
      .execute();

    const after = await get('getConsoleDashboard', gm.cookie);
    const todayOf = (d: typeof before) => d.registrationsPerDay?.find((r) => r.day === today)?.count ?? 0;
    expect(after.registrationsPerDay).toHaveLength(30);
    expect(after.registrationsPerDay?.at(-1)?.day).toBe(today);
    // The gm's own account was made before the first read.
    expect(todayOf(after) - todayOf(before)).toBe(3);
    expect((after.onlineNow ?? 0) - (before.onlineNow ?? 0)).toBe(1);
    const eur = (d: typeof before) => d.donationsThisMonth.find((r) => r.currency === 'EUR') ?? { cents: 0, count: 0 };
    expect(eur(after).cents - eur(before).cents).toBe(3550);
    expect(eur(after).count - eur(before).count).toBe(2);
    expect(after.donationsThisMonth.find((r) => r.currency === 'ZZD')).toEqual({
      currency: 'ZZD',
      cents: 700,
      count: 1,
    });
    expect(after.refundsThisMonth - before.refundsThisMonth).toBe(1);
    expect(after.votesPerSite.filter((r) => r.site.startsWith('dash'))).toEqual([
      { site: 'dashother', count: 1 },
      { site: 'dashtop', count: 2 },
    ]);
    expect(after.rewardBacklog.failed - before.rewardBacklog.failed).toBe(1);
    expect(after.rewardBacklog.pending - before.rewardBacklog.pending).toBe(1);
    expect(after.rewardBacklog.oldest).toEqual({ requestId: `dash:old:${kind}`, createdAt: 1_000 });
    expect(after.health).toMatchObject({ loginDatabase: true, gameDatabase: true, siteDatabase: true, redis: null });

    // A month on, this month's money starts again from zero.
    clock.advance(40 * DAY);
    const nextMonth = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const later = await get('getConsoleDashboard', nextMonth.cookie);
    expect(later.donationsThisMonth.find((r) => r.currency === 'ZZD')).toBeUndefined();
    expect(later.votesPerSite.filter((r) => r.site.startsWith('dash'))).toEqual([]);
  });

  it('lets an owner deliver a failed grant once, and cancel one with a reason; both in the audit log', async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const character = newCharacter({ char_name: `Retry${kind}` });
    await world.insertCharacters(site.databases.connections.game.db, [character]);
    await siteDb()
      .insertInto('site_reward_queue')
      .values([
        reward(`retry:${kind}`, { charId: character.charId }),
        reward(`cancel:${kind}`, { charId: character.charId, status: 'pending' }),
      ])
      .execute();

    const listed = await get('getConsoleRewards', owner.cookie, `?status=failed&charId=${character.charId}`);
    expect(listed.rows.map((r) => r.requestId)).toEqual([`retry:${kind}`]);

    const retried = await post(api.retryConsoleReward.path, owner.cookie, { requestId: `retry:${kind}` });
    expect({ status: retried.status, body: retried.body }).toEqual({
      status: 200,
      body: { before: 'failed', after: 'delivered' },
    });
    const again = await post(api.retryConsoleReward.path, owner.cookie, { requestId: `retry:${kind}` });
    expect({ status: again.status, body: again.body }).toEqual({ status: 400, body: ['consoleRewardNotRetryable'] });
    const items = await site.databases.connections.game.db
      .selectFrom('character_premium_items')
      .select(['itemId', 'itemCount'])
      .where('charId', '=', character.charId)
      .execute();
    expect(items.map((i) => [Number(i.itemId), Number(i.itemCount)])).toEqual([[4037, 5]]);

    const noReason = await post(api.cancelConsoleReward.path, owner.cookie, {
      requestId: `cancel:${kind}`,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual(['consoleReasonRequired']);
    const cancelled = await post(api.cancelConsoleReward.path, owner.cookie, {
      requestId: `cancel:${kind}`,
      reason: 'granted twice',
    });
    expect({ status: cancelled.status, body: cancelled.body }).toEqual({
      status: 200,
      body: { before: 'pending', after: 'cancelled' },
    });
    const delivered = await post(api.cancelConsoleReward.path, owner.cookie, {
      requestId: `retry:${kind}`,
      reason: 'too late',
    });
    expect(delivered.body).toEqual(['consoleRewardNotCancellable']);
    const missing = await post(api.retryConsoleReward.path, owner.cookie, { requestId: 'nothing:here' });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: ['consoleRewardNotFound'] });

    const audit = await siteDb()
      .selectFrom('site_console_audit')
      .select(['action', 'record', 'detail', 'role'])
      .where('login', '=', owner.login)
      .where('action', 'like', 'reward.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'reward.retry', record: `retry:${kind}`, detail: 'failed -> delivered', role: 'owner' },
      { action: 'reward.cancel', record: `cancel:${kind}`, detail: 'granted twice', role: 'owner' },
    ]);
  });

  it('lists the mails the outbox gave up on and puts them back, as npm run mail -- --retry-failed does', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    await siteDb()
      .insertInto('site_mail_outbox')
      .values({
        job_id: null,
        kind: 'recovery',
        subject: 'Your password',
        body: 'text',
        ref_id: null,
        first_attempt_at: clock.now() - DAY,
        email: `failed-${kind}@example.com`,
        login: 'demoplayer',
        language: 'en',
        status: 'failed',
        attempts: 9,
        next_attempt_at: clock.now(),
        claimed_by: null,
        lease_until: null,
        sent_at: null,
        last_error: '421 try later',
      })
      .execute();
    const { id } = await siteDb()
      .selectFrom('site_mail_outbox')
      .select('id')
      .where('email', '=', `failed-${kind}@example.com`)
      .executeTakeFirstOrThrow();
    const row = Number(id);
    const listed = await sessionCall(site.url, 'GET', api.getConsoleFailedMails.path, gm.cookie);
    const failed = api.getConsoleFailedMails.response.parse(listed.body);
    expect(failed.find((m) => m.id === row)).toMatchObject({
      email: `failed-${kind}@example.com`,
      subject: 'Your password',
      lastError: '421 try later',
    });
    const retried = await post(api.retryConsoleFailedMails.path, gm.cookie, {});
    expect(retried.status).toBe(200);
    expect((retried.body as { requeued: number }).requeued).toBeGreaterThanOrEqual(1);
    const after = await siteDb()
      .selectFrom('site_mail_outbox')
      .select('status')
      .where('id', '=', row)
      .executeTakeFirstOrThrow();
    expect(after.status).not.toBe('failed');
    const audit = await siteDb()
      .selectFrom('site_console_audit')
      .select(['action'])
      .where('login', '=', gm.login)
      .where('action', '=', 'mail.retryFailed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("shows a gm another staff account's failed mail with a masked address; the owner in full", async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const failedMail = (login: string, email: string) => ({
      job_id: null,
      kind: 'recovery' as const,
      subject: 'Your password',
      body: 'text',
      ref_id: null,
      first_attempt_at: clock.now() - DAY,
      email,
      login,
      language: 'en',
      status: 'failed' as const,
      attempts: 9,
      next_attempt_at: clock.now(),
      claimed_by: null,
      lease_until: null,
      sent_at: null,
      last_error: '421 try later',
    });
    const addresses = {
      owner: `boss.${owner.login}@example.com`,
      gm: `helper.${gm.login}@example.com`,
      player: `player-${kind}-${owner.login}@example.com`,
    };
    await siteDb()
      .insertInto('site_mail_outbox')
      .values([
        // A staff login is stored as the account's, in any case; a player's is not staff.
        failedMail(owner.login.toUpperCase(), addresses.owner),
        failedMail(gm.login, addresses.gm),
        failedMail('demoplayer', addresses.player),
      ])
      .execute();
    const toGm = await sessionCall(site.url, 'GET', api.getConsoleFailedMails.path, gm.cookie);
    const gmMails = api.getConsoleFailedMails.response.parse(toGm.body).map((mail) => mail.email);
    expect(gmMails).toContain('b***@example.com');
    expect(gmMails).toContain(addresses.gm);
    expect(gmMails).toContain(addresses.player);
    expect(JSON.stringify(toGm.body)).not.toContain(addresses.owner);
    const toOwner = await sessionCall(site.url, 'GET', api.getConsoleFailedMails.path, owner.cookie);
    const ownerMails = api.getConsoleFailedMails.response.parse(toOwner.body).map((mail) => mail.email);
    expect(ownerMails).toEqual(expect.arrayContaining(Object.values(addresses)));
    expect(ownerMails).not.toContain('b***@example.com');
  });
});
