import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationRepository } from '../src/features/donations/donation-repository';
import {
  type DonationsCommandDeps,
  parseDonationsCommand,
  runDonationsCommand,
} from '../src/features/donations/ledger-command';
import { PAYPAL_WEBHOOK_PATH } from '../src/features/donations/checkout';
import { type AppUnderTest, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type FakePaypalRest, startFakePaypalRest } from './support/fakes/fake-paypal-rest';
import { postCall } from './support/account-calls';
import { L2J_SCHEMA } from './support/game-schema';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The owner's donations ledger (npm run donations): donations in each state, found by character,
 * account or PayPal id, the flagged ones, and a failed or taken-back delivery put back in line,
 * each action logged.
 */
describe.each(DATABASE_KINDS)('the donations ledger on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let paypal: FakePaypalRest;
  let site: AppUnderTest;
  const ids: Record<
    'delivered' | 'approved' | 'refunded' | 'cancelled' | 'partly',
    { orderId: string; captureId: string }
  > = {} as never;

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const output = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    const command = parseDonationsCommand(args, output);
    const deps: DonationsCommandDeps = {
      site: databases.connections.site.db,
      game: databases.connections.game.db,
      schema: L2J_SCHEMA,
      actor: 'owner',
      now: Date.now,
      output,
    };
    const code = typeof command === 'number' ? command : await runDonationsCommand(command, deps);
    return { code, out: out.join('\n'), err: err.join('\n'), lines: out };
  };
  const lineOf = (text: string, id: string) => text.split('\n').find((line) => line.includes(id)) ?? '';

  beforeAll(async () => {
    databases = await createTestDatabases(kind);
    paypal = await startFakePaypalRest();
    site = await startApp(databases, {
      env: {
        PUBLIC_URL: 'https://l2.example.test',
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_WEBHOOK_ID: paypal.webhookId,
      },
      settings: {
        accounts: { requestsPerMinute: 1_000 },
        // The game mod's queue: coins wait there, so a refund can come before their delivery.
        rewards: { delivery: 'queue' },
        donations: { checkoutsPerMinute: 1_000, paypal: { checkout: 'orders', apiBaseUrl: paypal.origin } },
      },
    });
    const donate = async (amount: string, charName = 'DemoKnight') => {
      const answer = await postCall(site.url, 'createDonationOrder', { charName, amount });
      const orderId = new URL((answer.body as { approveUrl: string }).approveUrl).searchParams.get('token') ?? '';
      const back = new URL(paypal.approve(orderId));
      await fetch(`${site.url}${back.pathname}${back.search}`, { redirect: 'manual' });
      return { orderId, captureId: paypal.orders.get(orderId)?.capture?.id ?? '' };
    };
    const refund = async (captureId: string, value?: string) => {
      const delivery = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId, value), 'refund');
      await fetch(`${site.url}${PAYPAL_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
    };
    ids.delivered = await donate('10.00');
    // The game mod handed these coins out.
    await databases.connections.site.db
      .updateTable('site_reward_queue')
      .set({ status: 'delivered' })
      .where('request_id', '=', `paypal:${ids.delivered.captureId}`)
      .execute();
    ids.refunded = await donate('20.00');
    await databases.connections.site.db
      .updateTable('site_reward_queue')
      .set({ status: 'delivered' })
      .where('request_id', '=', `paypal:${ids.refunded.captureId}`)
      .execute();
    await refund(ids.refunded.captureId);
    // A quarter refunded once the coins were in the game.
    ids.partly = await donate('20.00', 'GameMaster');
    await databases.connections.site.db
      .updateTable('site_reward_queue')
      .set({ status: 'delivered' })
      .where('request_id', '=', `paypal:${ids.partly.captureId}`)
      .execute();
    await refund(ids.partly.captureId, '5.00');
    ids.cancelled = await donate('30.00', 'DemoTrader');
    await refund(ids.cancelled.captureId);
    paypal.behaviour = 'captureDown';
    ids.approved = await donate('40.00');
    paypal.behaviour = 'ok';
    // A payment the legacy IPN recorded, for a character that does not exist.
    await createDonationRepository(databases.connections.site.db, Date.now).insertOnce({
      provider: 'paypal',
      txn_id: '61E67681CH3238416',
      kind: 'payment',
      char_name: 'Nobody',
      char_id: null,
      amount_cents: 500,
      currency: 'EUR',
      coins: 500,
      payer_email: 'buyer@example.com',
      status: 'unknown_character',
    });
  });
  afterAll(async () => {
    await site?.close();
    await paypal?.close();
    await databases?.drop();
  });

  it('lists every donation with its state, amount, coins, reward and PayPal ids, newest first', async () => {
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^started \(UTC\)\s+state\s+character\s+amount\s+coins\s+reward/);
    expect(lineOf(out, ids.delivered.orderId)).toMatch(/delivered\s+DemoKnight\s+10\.00 EUR\s+1000\s+delivered/);
    expect(lineOf(out, ids.delivered.orderId)).toContain(ids.delivered.captureId);
    expect(lineOf(out, ids.approved.orderId)).toMatch(/approved\s+DemoKnight\s+40\.00 EUR.*HTTP 503/);
    expect(lineOf(out, ids.refunded.orderId)).toMatch(/refunded !\s+DemoKnight\s+20\.00 EUR\s+2000\s+delivered/);
    expect(lineOf(out, ids.cancelled.orderId)).toMatch(
      /refunded\s+DemoTrader\s+30\.00 EUR\s+3000\s+cancelled\s+30\.00 EUR\s+3000 taken back/,
    );
    expect(lineOf(out, ids.refunded.orderId)).toMatch(/2000\s+delivered\s+20\.00 EUR\s+2000 in game/);
    // A partial refund: its share only, left to the owner as the coins are in the game.
    expect(lineOf(out, ids.partly.orderId)).toMatch(
      /refunded !\s+GameMaster\s+20\.00 EUR\s+2000\s+delivered\s+5\.00 EUR\s+500 in game/,
    );
    expect(lineOf(out, '61E67681CH3238416')).toMatch(/failed !\s+Nobody\s+5\.00 EUR.*IPN.*no such character/);
    const order = out.split('\n').slice(2);
    expect(order.findIndex((line) => line.includes(ids.approved.orderId))).toBeLessThan(
      order.findIndex((line) => line.includes(ids.delivered.orderId)),
    );
  });

  it('finds by character, account and PayPal id, and filters by state and by what needs the owner', async () => {
    const trader = await run('--find', 'demotrader');
    expect(trader.lines.slice(2)).toHaveLength(1);
    expect(trader.out).toContain(ids.cancelled.orderId);
    // DemoKnight's account is demoplayer.
    const account = await run('--find', 'demoplayer');
    expect(account.lines.slice(2).filter((line) => line.includes('DemoKnight'))).toHaveLength(3);
    expect((await run('--find', ids.refunded.captureId)).out).toContain(ids.refunded.orderId);
    expect((await run('--find', ids.approved.orderId)).lines.slice(2)).toHaveLength(1);
    expect((await run('--find', 'buyer@example.com')).out).toContain('61E67681CH3238416');
    expect((await run('--find', 'NoSuchThing')).out).toBe('No donations match.');
    const approved = await run('--state', 'approved');
    expect(approved.lines.slice(2)).toHaveLength(1);
    const flagged = await run('--flagged');
    expect(flagged.out).toContain(ids.refunded.orderId);
    expect(flagged.out).toContain(ids.partly.orderId);
    expect(flagged.out).toContain('61E67681CH3238416');
    expect(flagged.out).not.toContain(ids.delivered.orderId);
    expect(flagged.out).not.toContain(ids.cancelled.orderId);
    expect((await run('--state', 'sideways')).code).toBe(2);
    expect((await run('--limit', '0')).code).toBe(2);
  });

  it('puts a taken-back delivery back in line, refuses a delivered one, and logs both', async () => {
    const reward = (captureId: string) =>
      databases.connections.site.db
        .selectFrom('site_reward_queue')
        .select('status')
        .where('request_id', '=', `paypal:${captureId}`)
        .executeTakeFirstOrThrow();
    expect((await reward(ids.cancelled.captureId)).status).toBe('cancelled');
    const requeued = await run('--requeue', ids.cancelled.captureId);
    expect([requeued.code, requeued.out]).toEqual([0, expect.stringContaining('re-queued (was cancelled)')]);
    expect((await reward(ids.cancelled.captureId)).status).toBe('pending');
    const delivered = await run('--requeue', ids.delivered.captureId);
    expect([delivered.code, delivered.err]).toEqual([1, expect.stringContaining('it is delivered')]);
    expect((await reward(ids.delivered.captureId)).status).toBe('delivered');
    const actions = await run('--actions');
    expect(lineOf(actions.out, ids.cancelled.captureId)).toMatch(/owner\s+requeue\s+\S+\s+re-queued \(was cancelled\)/);
    expect(lineOf(actions.out, ids.delivered.captureId)).toContain('not re-queued: it is delivered');
  });

  it('runs as the owner types it, on the databases of the environment', async () => {
    const cli = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/donations-cli.ts', '--find', 'DemoTrader'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          LOGIN_DATABASE_URL: databases.urls.login,
          GAME_DATABASE_URL: databases.urls.game,
          SITE_DATABASE_URL: databases.urls.site,
        },
      },
    );
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain(ids.cancelled.orderId);
    const help = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/donations-cli.ts', '--help'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    expect(help.stdout).toContain('Usage: npm run donations');
    // Two runs of the owner's command from the sources (tsx compiles what it loads): on a busy
    // 2-core machine that takes longer than the default 30 s by itself.
  }, 120_000);
});
