import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connections, openConnections } from '../src/db/connections';
import { type Wallet, createWallet } from '../src/features/wallet/wallet';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';

/**
 * The wallet's ledger (docs/owner/shop.md#the-wallet, decision 050): every entry has a key and a
 * reason, the balance is the sum of the entries and never goes below zero, also when two
 * instances spend the same coins at once. Each test uses logins of its own.
 */
describe.each(DATABASE_KINDS)('the wallet on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let second: Connections;
  let first: Wallet;
  let other: Wallet;
  let clock = Date.UTC(2026, 10, 29, 12, 0, 0);
  const now = () => clock++;

  /** The balance worked out again from the entries, one by one. */
  const recomputed = async (login: string) =>
    (
      await databases.connections.site.db
        .selectFrom('site_wallet_entries')
        .select('amount')
        .where('login', '=', login)
        .execute()
    ).reduce((sum, row) => sum + Number(row.amount), 0);
  const entriesOf = (login: string) =>
    databases.connections.site.db.selectFrom('site_wallet_entries').selectAll().where('login', '=', login).execute();

  beforeAll(async () => {
    databases = await createTestDatabases(kind, { gameTables: false });
    // A second instance: its own pool on the same databases.
    second = openConnections(databases.urls);
    first = createWallet({ db: databases.connections.site.db, dialect: databases.connections.site.dialect, now });
    other = createWallet({ db: second.site.db, dialect: second.site.dialect, now });
  });
  afterAll(async () => {
    await second?.close();
    await databases?.drop();
  });

  it('credits, debits and keeps the balance as the sum of its entries', async () => {
    const login = 'ledger1';
    expect(await first.balance(login)).toBe(0);
    expect(
      await first.credit({ login, amountMinor: 500, idempotencyKey: 'k:l1:1', reason: 'donation', reference: 'd1' }),
    ).toEqual({ status: 'done', balance: 500 });
    expect(
      await first.debit({ login, amountMinor: 120, idempotencyKey: 'k:l1:2', reason: 'purchase', reference: 'o1' }),
    ).toEqual({ status: 'done', balance: 380 });
    expect(await first.balance('LEDGER1')).toBe(380);
    expect(await recomputed(login)).toBe(380);
    const history = await first.history(login, 1);
    expect(history).toMatchObject({ balance: 380, page: 1, pages: 1 });
    expect(history.entries.map((entry) => [entry.amount, entry.reason, entry.reference])).toEqual([
      [-120, 'purchase', 'o1'],
      [500, 'donation', 'd1'],
    ]);
  });

  it('refuses a debit the balance does not cover and writes nothing', async () => {
    const login = 'ledger2';
    await first.credit({ login, amountMinor: 100, idempotencyKey: 'k:l2:1', reason: 'promoCode', reference: 'P' });
    expect(
      await first.debit({ login, amountMinor: 101, idempotencyKey: 'k:l2:2', reason: 'purchase', reference: 'o' }),
    ).toEqual({ status: 'refused', balance: 100 });
    expect(await entriesOf(login)).toHaveLength(1);
    expect(await recomputed(login)).toBe(100);
  });

  it('writes the same key once, also when it arrives twice at once on two instances', async () => {
    const login = 'ledger3';
    const move = { login, amountMinor: 250, idempotencyKey: 'k:l3:once', reason: 'donation' as const, reference: 'd' };
    const answers = await Promise.all([first.credit(move), other.credit(move), first.credit(move)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(['done', 'duplicate', 'duplicate']);
    expect(await other.credit(move)).toEqual({ status: 'duplicate', balance: 250 });
    expect(await entriesOf(login)).toHaveLength(1);
    expect(await recomputed(login)).toBe(250);
  });

  it('lets exactly 10 of 50 debits at once through two instances pass, with a balance for 10', async () => {
    const login = 'ledger4';
    await first.credit({ login, amountMinor: 1000, idempotencyKey: 'k:l4:credit', reason: 'donation', reference: 'd' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? first : other).debit({
          login,
          amountMinor: 100,
          idempotencyKey: `k:l4:debit:${i}`,
          reason: 'purchase',
          reference: `o${i}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'done')).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 'refused')).toHaveLength(40);
    expect(await first.balance(login)).toBe(0);
    expect(await recomputed(login)).toBe(0);
    expect(await entriesOf(login)).toHaveLength(11);
  });

  it('takes what is left of a chargeback and answers how much', async () => {
    const login = 'ledger5';
    await first.credit({ login, amountMinor: 300, idempotencyKey: 'k:l5:1', reason: 'donation', reference: 'd' });
    await first.debit({ login, amountMinor: 200, idempotencyKey: 'k:l5:2', reason: 'purchase', reference: 'o' });
    const taken = await first.debitUpTo({
      login,
      amountMinor: 300,
      idempotencyKey: 'k:l5:3',
      reason: 'chargeback',
      reference: 'd',
    });
    expect(taken).toEqual({ status: 'done', balance: 0, taken: 100 });
    expect(
      await first.debitUpTo({ login, amountMinor: 50, idempotencyKey: 'k:l5:4', reason: 'chargeback', reference: 'd' }),
    ).toEqual({ status: 'done', balance: 0, taken: 0 });
    // The same chargeback again (a retry after a crash between the debit and its record), after a
    // new credit: one entry, and the answer says what the first call took, not nothing.
    await first.credit({ login, amountMinor: 40, idempotencyKey: 'k:l5:5', reason: 'vote', reference: 'v' });
    expect(
      await first.debitUpTo({
        login,
        amountMinor: 300,
        idempotencyKey: 'k:l5:3',
        reason: 'chargeback',
        reference: 'd',
      }),
    ).toEqual({ status: 'duplicate', balance: 40, taken: 100 });
    expect(await recomputed(login)).toBe(40);
  });

  it('pages the history, newest first', async () => {
    const login = 'ledger6';
    for (let i = 0; i < 25; i++) {
      await first.credit({ login, amountMinor: i + 1, idempotencyKey: `k:l6:${i}`, reason: 'vote', reference: `${i}` });
    }
    const page2 = await first.history(login, 2);
    expect(page2.pages).toBe(2);
    expect(page2.entries.map((entry) => entry.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(page2.balance).toBe(await recomputed(login));
  });

  it('refuses amounts that are not positive whole minor units', async () => {
    await expect(
      first.credit({ login: 'ledger7', amountMinor: 1.5, idempotencyKey: 'k:l7', reason: 'vote', reference: '' }),
    ).rejects.toThrow(/positive integer/);
    await expect(
      first.debit({ login: 'ledger7', amountMinor: -5, idempotencyKey: 'k:l7b', reason: 'vote', reference: '' }),
    ).rejects.toThrow(/positive integer/);
  });
});
