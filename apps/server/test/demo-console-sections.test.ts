import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './app-under-test';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { accountToolSettings } from './support/mailed-site';
import { loadConfig } from '../src/config';
import type { Connections } from '../src/db/connections';
import { AuditLog } from '../src/features/console/audit-log';
import { readDashboard } from '../src/features/console/dashboard';
import { donationsPage } from '../src/features/donations/console-section';
import { listRewards } from '../src/features/rewards/console-section';
import { votesSection } from '../src/features/votes/console-section';
import { OutboxRepository } from '../src/features/mail/outbox-repository';
import { OnlineHistoryRepository } from '../src/features/online/online-history';
import { listPublishedPosts } from '../src/features/news/news-repository';
import { deliveryOf } from '../src/features/rewards/reward-delivery';
import type { FlavorName } from '../src/game/flavors';
import type { GameSchema } from '../src/game/schema-check';
import { prepareDatabases } from '../src/prepare-databases';
import { parseSettings } from '../src/settings';

/**
 * The demo world's console (docs/owner/console.md): a first run of the embedded database, prepared
 * as `npm start` prepares it, fills every section of the console, read by the console's own
 * functions: donations (one partly refunded, one flagged), the reward queue in each state, votes,
 * a mass mail with failed mails, published news and the demo game master's audit lines; the
 * dashboard's figures are the seeded ones. A second start seeds nothing again, and nothing of it
 * reached the game or waits for the mail worker.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SETTINGS = parseSettings({});

/** The demo's donations as the test knows them: cents, how long before the first run, refunded cents. */
const DONATIONS = [
  { cents: 1000, ago: 26 * DAY + 3 * HOUR, refunded: 0 },
  { cents: 2500, ago: 21 * DAY + 7 * HOUR, refunded: 0 },
  { cents: 2000, ago: 14 * DAY + 2 * HOUR, refunded: 2000, reversedAgo: 3 * DAY + 5 * HOUR },
  { cents: 500, ago: 9 * DAY + 11 * HOUR, refunded: 0 },
  { cents: 1500, ago: 6 * DAY + 4 * HOUR, refunded: 0 },
  { cents: 3000, ago: 2 * DAY + 6 * HOUR, refunded: 1000, refundedAgo: 1 * DAY + 2 * HOUR },
];
/** The capture answer comes two minutes and five seconds after the order: the payment's time. */
const CAPTURED_AFTER = 2 * 60_000 + 5_000;

const monthStartOf = (at: number) => {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

const countRows = async (connections: Connections, table: string): Promise<number> => {
  const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(connections.site.db);
  return Number(result.rows[0]?.n ?? 0);
};

describe.each(['l2j', 'acis'] as FlavorName[])('the demo world fills every console section (%s)', (flavor) => {
  let dir: string;
  let connections: Connections;
  let schema: GameSchema;
  let seededAt: number;
  const config = () =>
    loadConfig({
      LOG_LEVEL: 'silent',
      GAME_FLAVOR: flavor,
      LOGIN_DATABASE_URL: `sqlite:${join(dir, 'gatekeeper.sqlite')}`,
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatekeeper-demo-console-'));
    seededAt = Date.now();
    const prepared = await prepareDatabases(config(), { info: () => undefined }, SETTINGS);
    connections = prepared.connections;
    schema = prepared.schema;
  }, 120_000);
  afterAll(async () => {
    await connections?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const sections = () => ({ connections, schema });

  it('lists the donations: delivered ones, one refunded in part, one flagged for the owner', async () => {
    const { rows } = await donationsPage(sections(), {});
    expect(rows.map((row) => row.cents)).toEqual(DONATIONS.map((donation) => donation.cents).reverse());
    expect(new Set(rows.map((row) => row.currency))).toEqual(new Set(['EUR']));
    expect(rows.every((row) => row.via === 'orders' && row.txnId !== '')).toBe(true);

    const partly = rows.filter((row) => row.refundedCents > 0 && row.refundedCents < row.cents);
    expect(partly).toHaveLength(1);
    expect(partly[0]).toMatchObject({
      charName: 'DemoTrader',
      cents: 3000,
      refundedCents: 1000,
      state: 'refunded',
      coinsTakenBack: 1000,
      coinsByHand: 0,
      reward: 'pending',
      flagged: false,
    });

    const flagged = rows.filter((row) => row.flagged);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({
      charName: 'DemoArcher',
      cents: 2000,
      state: 'reversed',
      reward: 'delivered',
      refundedCents: 2000,
      coinsByHand: 2000,
    });
    expect((await donationsPage(sections(), { flagged: 'true' })).rows).toHaveLength(1);

    expect(rows.filter((row) => row.state === 'delivered')).toHaveLength(4);
  });

  it('keeps the reward queue in every state, linked to the donations and votes', async () => {
    const site = connections.site.db;
    const delivered = await listRewards(site, { status: 'delivered' });
    expect(delivered.rows.length).toBeGreaterThan(10);
    expect(delivered.rows.every((row) => row.deliveredAt !== null)).toBe(true);
    expect(delivered.rows.some((row) => row.reason === 'vote')).toBe(true);
    expect((await listRewards(site, { status: 'delivered', reason: 'donation' })).rows).toHaveLength(5);

    const pending = await listRewards(site, { status: 'pending' });
    expect(pending.rows.map((row) => row.reason).sort()).toEqual(['donation', 'vote']);
    // The partly refunded donation's coins, less the refunded share taken back.
    expect(pending.rows.find((row) => row.reason === 'donation')).toMatchObject({
      itemCount: 2000,
      lastError: 'partly taken back: the payment was partly refunded or reversed',
    });

    const failed = await listRewards(site, { status: 'failed' });
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0]?.reason).toBe('vote');
    expect(failed.rows[0]?.lastError).toMatch(/ECONNREFUSED/);
    // Never retried into the demo game: kept under a delivery the running site does not use.
    expect(failed.rows[0]?.delivery).not.toBe(deliveryOf(SETTINGS.rewards, schema));

    // Every reward comes from a donation or a vote of the ledgers.
    const claims = await site.selectFrom('site_vote_claims').select('request_id').execute();
    const voteRewards = await site
      .selectFrom('site_reward_queue')
      .select('request_id')
      .where('reason', '=', 'vote')
      .execute();
    expect(voteRewards.map((row) => row.request_id).sort()).toEqual(claims.map((row) => row.request_id).sort());
  });

  it('counts votes on the configured vote sites over the last 30 days, and a site that did not answer', async () => {
    const votes = await votesSection(connections.site.db, Date.now());
    expect(votes.claims.map((row) => row.site).sort()).toEqual(
      SETTINGS.voteSites
        .slice(0, 3)
        .map((site) => site.name)
        .sort(),
    );
    expect(votes.claims.every((row) => row.total > 10)).toBe(true);
    expect(votes.failures).toEqual([expect.objectContaining({ site: SETTINGS.voteSites[1]?.name, count: 2 })]);
  });

  it('shows a sent mass mail with its failed mails, and nothing left for the mail worker', async () => {
    const outbox = new OutboxRepository(connections.site.db, connections.site.dialect);
    const failed = await outbox.failed();
    const mails = await countRows(connections, 'site_mail_outbox');
    expect(failed).toHaveLength(mails >= 10 ? 2 : 1);
    for (const mail of failed) {
      expect(mail.last_error).toMatch(/^550 5\.1\.1/);
      expect(mail.attempts).toBe(2);
      expect(mail.subject).toMatch(/Siege of Giran/);
    }
    const states = await connections.site.db.selectFrom('site_mail_outbox').select('status').distinct().execute();
    expect(states.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    const jobs = await connections.site.db.selectFrom('site_mail_jobs').selectAll().execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ created_by: 'demogamemaster', queued: mails, test: 0 });
  });

  it('publishes the news in the past, the open beta in English and Russian', async () => {
    const posts = await listPublishedPosts(connections.site.db, Date.now());
    expect(posts.map((post) => post.slug).sort()).toEqual(['antharas-awakens', 'open-beta', 'siege-of-giran']);
    expect(posts.every((post) => post.publishAt < seededAt && post.announcedAt !== null)).toBe(true);
    const beta = posts.find((post) => post.slug === 'open-beta');
    expect(Object.keys(beta?.texts ?? {}).sort()).toEqual(['en', 'ru']);
    expect(beta?.pinned).toBe(true);
  });

  it("keeps the demo game master's sign-ins, a look-up, the news posts and the mass mail in the audit log", async () => {
    const { rows } = await new AuditLog(connections.site.db, Date.now).search({});
    expect(new Set(rows.map((row) => row.login))).toEqual(new Set(['demogamemaster']));
    const actions = rows.map((row) => row.action);
    expect(actions.filter((action) => action === 'news.create')).toHaveLength(3);
    expect(actions).toEqual(expect.arrayContaining(['signIn', 'account.lookup', 'mail.send']));
    const job = await connections.site.db.selectFrom('site_mail_jobs').select('id').executeTakeFirstOrThrow();
    expect(rows.find((row) => row.action === 'mail.send')?.record).toBe(`job ${job.id}`);
  });

  it('shows the seeded figures on the dashboard', async () => {
    const now = Date.now();
    const sites = SETTINGS.voteSites.map((site) => ({ name: site.name, rewarded: site.check !== undefined }));
    const dashboard = await readDashboard({
      connections,
      schema,
      smtpConfigured: false,
      paypalConfigured: false,
      voteSites: sites,
      realms: () => [],
      onlinePeaks: (since) => new OnlineHistoryRepository(connections.site.db).dailyPeaks(since),
      now: () => now,
    });
    const monthStart = monthStartOf(now);
    const paidThisMonth = DONATIONS.filter((donation) => seededAt - donation.ago + CAPTURED_AFTER >= monthStart);
    expect(dashboard.donationsThisMonth).toEqual(
      paidThisMonth.length === 0
        ? []
        : [
            {
              currency: 'EUR',
              cents: paidThisMonth.reduce((sum, donation) => sum + donation.cents, 0),
              count: paidThisMonth.length,
            },
          ],
    );
    const refundTimes = DONATIONS.flatMap((donation) => [donation.refundedAgo, donation.reversedAgo]).filter(
      (ago): ago is number => ago !== undefined,
    );
    expect(dashboard.refundsThisMonth).toBe(refundTimes.filter((ago) => seededAt - ago >= monthStart).length);
    expect(dashboard.rewardBacklog).toMatchObject({ pending: 2, failed: 1 });
    expect(dashboard.rewardBacklog.oldest).not.toBeNull();

    const votes = await votesSection(connections.site.db, Date.now());
    expect(dashboard.votesPerSite).toEqual(votes.claims.map((row) => ({ site: row.site, count: row.total })));
    expect(dashboard.votesPerSite.reduce((sum, row) => sum + row.count, 0)).toBe(
      await countRows(connections, 'site_vote_claims'),
    );

    // The trends: 30 days each, the demo's story on them.
    const days = (rows: { day: string }[]) => rows.map((row) => row.day);
    expect(days(dashboard.votesPerDay)).toHaveLength(30);
    expect(days(dashboard.onlinePeakPerDay)).toEqual(days(dashboard.votesPerDay));
    expect(days(dashboard.donationsPerDay)).toEqual(days(dashboard.votesPerDay));
    const inWindow = (at: number) => at >= Date.parse(`${dashboard.votesPerDay[0]!.day}T00:00:00Z`);
    expect(dashboard.donationsPerDay.reduce((sum, day) => sum + day.payments, 0)).toBe(
      DONATIONS.filter((donation) => inWindow(seededAt - donation.ago + CAPTURED_AFTER)).length,
    );
    expect(dashboard.donationsPerDay.reduce((sum, day) => sum + day.refunds, 0)).toBe(
      refundTimes.filter((ago) => inWindow(seededAt - ago)).length,
    );
    const refundDay = new Date(seededAt - 1 * DAY - 2 * HOUR).toISOString().slice(0, 10);
    expect(dashboard.donationsPerDay.find((day) => day.day === refundDay)?.refunds).toBeGreaterThanOrEqual(1);
    expect(dashboard.votesPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(
      dashboard.votesPerSite.reduce((sum, row) => sum + row.count, 0),
    );
    // The demo's online record: yesterday's peak is the highest hour of yesterday.
    const yesterday = new Date(now - DAY).toISOString().slice(0, 10);
    const hours = await connections.site.db.selectFrom('site_online_hours').select(['hour', 'peak']).execute();
    const yesterdayPeak = Math.max(
      0,
      ...hours
        .filter((row) => new Date(Number(row.hour) * HOUR).toISOString().slice(0, 10) === yesterday)
        .map((row) => Number(row.peak)),
    );
    expect(yesterdayPeak).toBeGreaterThan(0);
    expect(dashboard.onlinePeakPerDay.find((day) => day.day === yesterday)?.count).toBe(yesterdayPeak);
    // Each rewarded vote site's health: the second one did not answer twice, eight days ago.
    // The default sites only link: each is listed once the demo's votes or failures name it.
    const named = new Set([...votes.claims.map((row) => row.site), ...votes.failures.map((row) => row.site)]);
    expect(dashboard.health.voteSites.map((row) => row.site)).toEqual(
      sites.filter((site) => site.rewarded || named.has(site.name)).map((site) => site.name),
    );
    expect(dashboard.health.voteSites.length).toBeGreaterThan(0);
    const failing = votes.failures.map((row) => row.site);
    for (const row of dashboard.health.voteSites) {
      expect(row.failuresLastDay).toBe(0);
      expect(row.lastFailureAt !== null).toBe(failing.includes(row.site));
    }
    expect(dashboard.health.voteSites.some((row) => row.lastClaimAt !== null)).toBe(true);

    const mails = await countRows(connections, 'site_mail_outbox');
    const failed = mails >= 10 ? 2 : 1;
    expect(dashboard.mailOutbox).toEqual([
      { status: 'failed', count: failed },
      { status: 'sent', count: mails - failed },
    ]);
  });

  // The console's test users are L2J accounts (support/console-session.ts): on the L2J world only.
  it.runIf(flavor === 'l2j')(
    "answers an owner's console calls with every section filled, and the started site leaves the records be",
    async () => {
      const clock = testClock();
      const url = `sqlite:${join(dir, 'gatekeeper.sqlite')}`;
      const databases = {
        kind: 'sqlite' as const,
        urls: { login: url, game: url, site: url },
        connections,
        drop: () => Promise.resolve(),
      };
      const app = await startApp(databases, {
        settings: {
          ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
          console: CONSOLE_SETTINGS,
        },
        now: clock.now,
      });
      try {
        const site = { url: app.url, databases };
        const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
        type Read =
          | 'getConsoleDonations'
          | 'getConsoleRewards'
          | 'getConsoleVotes'
          | 'getConsoleFailedMails'
          | 'getConsoleNews'
          | 'getConsoleAudit'
          | 'getConsoleDashboard';
        const get = async <N extends Read>(name: N, query = '') => {
          const answer = await sessionCall(app.url, 'GET', `${api[name].path}${query}`, owner.cookie);
          expect(answer.status).toBe(200);
          return api[name].response.parse(answer.body) as ReturnType<(typeof api)[N]['response']['parse']>;
        };
        expect((await get('getConsoleDonations', '?flagged=true')).rows).toHaveLength(1);
        expect((await get('getConsoleRewards', '?status=delivered')).rows.length).toBeGreaterThan(0);
        expect((await get('getConsoleRewards', '?status=pending')).rows).toHaveLength(2);
        expect((await get('getConsoleRewards', '?status=failed')).rows).toHaveLength(1);
        expect((await get('getConsoleVotes')).claims).toHaveLength(3);
        expect((await get('getConsoleFailedMails')).length).toBeGreaterThan(0);
        expect((await get('getConsoleNews')).filter((post) => post.state === 'published')).toHaveLength(3);
        const audit = await get('getConsoleAudit', '?q=demogamemaster');
        expect(audit.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['signIn', 'news.create']));
        expect((await get('getConsoleDashboard')).rewardBacklog).toMatchObject({ pending: 2, failed: 1 });
        // The mail worker woke with the app: it found nothing of the demo's to send.
        const pending = await connections.site.db
          .selectFrom('site_mail_outbox')
          .select('id')
          .where('status', 'in', ['pending', 'sending'])
          .execute();
        expect(pending).toEqual([]);
      } finally {
        await app.app.close();
      }
    },
  );

  it('writes nothing into the game for the rewards, and seeds nothing again on a second start', async () => {
    const tables = ['character_premium_items', 'custom_mail'];
    for (const table of tables) {
      const exists = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name = ${table}`.execute(connections.game.db);
      if (exists.rows.length === 0) continue;
      const rows = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(connections.game.db);
      expect(Number(rows.rows[0]?.n)).toBe(0);
    }

    const seeded = [
      'site_donations',
      'site_paypal_orders',
      'site_reward_queue',
      'site_vote_claims',
      'site_vote_failures',
      'site_mail_jobs',
      'site_mail_outbox',
      'site_news_posts',
      'site_console_audit',
    ];
    const before = await Promise.all(seeded.map((table) => countRows(connections, table)));
    expect(before.every((count) => count > 0)).toBe(true);
    const again = await prepareDatabases(config(), { info: () => undefined }, SETTINGS);
    try {
      const after = await Promise.all(seeded.map((table) => countRows(again.connections, table)));
      expect(after).toEqual(before);
    } finally {
      await again.connections.close();
    }
  });
});
