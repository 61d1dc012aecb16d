import { WALLET_PAGE_SIZE, type WalletAnswer, type WalletReason } from '@gatekeeper/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connections';
import type { SiteDatabase } from '../../db/tables';
import { isUniqueViolation } from '../../db/unique-violation';
import { writeTransaction } from '../../db/write-retry';
import { normalizeLogin } from '../../game/accounts';

/**
 * The wallet (docs/owner/shop.md#the-wallet): a ledger of entries per account in integer minor
 * units of the site's coin. Every entry has an idempotency key (unique: the same key twice is one
 * entry) and a reason; the balance is the sum of the entries and never goes below zero.
 *
 * How a debit holds against two instances (decision 050): on MariaDB the account's row of
 * site_wallet_accounts is locked (SELECT ... FOR UPDATE) while the sum is read and the entry
 * written; on SQLite, a single writer, the entry is one conditional INSERT ... SELECT that writes
 * only when the sum allows it.
 */

export interface WalletMove {
  login: string;
  /** Positive, in minor units. */
  amountMinor: number;
  idempotencyKey: string;
  reason: WalletReason;
  reference: string;
}

/**
 * done: the entry was written; duplicate: an entry with this key exists (nothing written);
 * refused: a debit the balance does not cover (nothing written). balance: the account's afterwards.
 */
export interface WalletOutcome {
  status: 'done' | 'duplicate' | 'refused';
  balance: number;
}

export interface Wallet {
  credit(move: WalletMove): Promise<WalletOutcome>;
  /** Refused, with nothing written, when the balance does not cover it. */
  debit(move: WalletMove): Promise<WalletOutcome>;
  /**
   * Takes what the balance holds up to the amount (a chargeback of coins already spent): taken is
   * what was written (0 when nothing was left), the rest is the caller's to flag. A repeat of a key
   * answers duplicate with what the first call took, so a retried chargeback flags the same rest.
   */
  debitUpTo(move: WalletMove): Promise<WalletOutcome & { taken: number }>;
  balance(login: string): Promise<number>;
  /** The account's balance and one page of its entries, newest first (pages from 1). */
  history(login: string, page: number): Promise<WalletAnswer>;
}

export interface WalletDeps {
  db: Kysely<SiteDatabase>;
  dialect: Dialect;
  now: () => number;
}

const MAX_KEY = 160;
const MAX_REFERENCE = 160;

const checked = (move: WalletMove): WalletMove => {
  if (!Number.isSafeInteger(move.amountMinor) || move.amountMinor <= 0) {
    throw new Error(`wallet: the amount must be a positive integer of minor units, not ${move.amountMinor}`);
  }
  if (move.idempotencyKey.length === 0 || move.idempotencyKey.length > MAX_KEY) {
    throw new Error('wallet: an idempotency key of 1 to 160 characters is required');
  }
  return { ...move, login: normalizeLogin(move.login), reference: move.reference.slice(0, MAX_REFERENCE) };
};

export const createWallet = ({ db, dialect, now }: WalletDeps): Wallet => {
  const sumOf = async (conn: Kysely<SiteDatabase>, login: string): Promise<number> => {
    const row = await conn
      .selectFrom('site_wallet_entries')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('login', '=', login)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  };

  /** The entry written under a key, if any: a repeated debitUpTo answers what the first one took. */
  const entryOf = (conn: Kysely<SiteDatabase>, key: string) =>
    conn.selectFrom('site_wallet_entries').select('amount').where('idempotency_key', '=', key).executeTakeFirst();
  const takenBy = (entry: { amount: number | string } | undefined): number =>
    entry ? Math.max(0, -Number(entry.amount)) : 0;

  /**
   * Writes one entry of `amount` (signed) unless its key exists; a negative one only when the
   * balance covers it. upTo: a debit takes what is left instead of being refused.
   */
  const write = async (move: WalletMove, sign: 1 | -1, upTo = false): Promise<WalletOutcome & { taken: number }> => {
    const { login, amountMinor, idempotencyKey, reason, reference } = checked(move);
    const wanted = sign * amountMinor;
    const time = now();
    if (dialect === 'sqlite') {
      // One statement: SQLite runs it alone, so the sum it reads is the sum it writes against.
      const sum = sql`(SELECT COALESCE(SUM(amount), 0) FROM site_wallet_entries WHERE login = ${login})`;
      const amount = upTo ? sql`-MIN(${amountMinor}, ${sum})` : sql`${wanted}`;
      const result = await sql`
        INSERT INTO site_wallet_entries (login, amount, idempotency_key, reason, reference, created_at)
        SELECT ${login}, ${amount}, ${idempotencyKey}, ${reason}, ${reference}, ${time}
        WHERE ${upTo ? sql`${sum} > 0` : sql`${sum} + ${wanted} >= 0`}
        ON CONFLICT (idempotency_key) DO NOTHING`.execute(db);
      const written = Number(result.numAffectedRows ?? 0) === 1;
      const balance = await sumOf(db, login);
      const entry = await entryOf(db, idempotencyKey);
      if (written) return { status: 'done', balance, taken: upTo ? takenBy(entry) : Math.abs(wanted) };
      if (entry) return { status: 'duplicate', balance, taken: takenBy(entry) };
      return { status: upTo ? 'done' : 'refused', balance, taken: 0 };
    }
    // MariaDB: the account's row exists before the transaction locks it (an insert inside would deadlock).
    const known = await db
      .selectFrom('site_wallet_accounts')
      .select('login')
      .where('login', '=', login)
      .executeTakeFirst();
    if (!known) await db.insertInto('site_wallet_accounts').values({ login, created_at: time }).ignore().execute();
    try {
      return await writeTransaction(db, async (trx) => {
        await trx.selectFrom('site_wallet_accounts').select('login').where('login', '=', login).forUpdate().execute();
        const seen = await entryOf(trx, idempotencyKey);
        const balance = await sumOf(trx, login);
        if (seen) return { status: 'duplicate' as const, balance, taken: takenBy(seen) };
        const amount = upTo ? -Math.min(amountMinor, Math.max(balance, 0)) : wanted;
        if (upTo && amount === 0) return { status: 'done' as const, balance, taken: 0 };
        if (balance + amount < 0) return { status: 'refused' as const, balance, taken: 0 };
        await trx
          .insertInto('site_wallet_entries')
          .values({ login, amount, idempotency_key: idempotencyKey, reason, reference, created_at: time })
          .execute();
        return { status: 'done' as const, balance: balance + amount, taken: Math.abs(amount) };
      });
    } catch (error) {
      // The same key used for another account: the entry exists, nothing more is written.
      if (isUniqueViolation(error)) {
        return {
          status: 'duplicate',
          balance: await sumOf(db, login),
          taken: takenBy(await entryOf(db, idempotencyKey)),
        };
      }
      throw error;
    }
  };

  const strip = ({ status, balance }: WalletOutcome): WalletOutcome => ({ status, balance });

  return {
    credit: async (move) => strip(await write(move, 1)),
    debit: async (move) => strip(await write(move, -1)),
    debitUpTo: (move) => write(move, -1, true),
    balance: (login) => sumOf(db, normalizeLogin(login)),
    async history(login, page) {
      const account = normalizeLogin(login);
      const counted = await db
        .selectFrom('site_wallet_entries')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('login', '=', account)
        .executeTakeFirst();
      const pages = Math.max(1, Math.ceil(Number(counted?.n ?? 0) / WALLET_PAGE_SIZE));
      const rows = await db
        .selectFrom('site_wallet_entries')
        .select(['amount', 'reason', 'reference', 'created_at'])
        .where('login', '=', account)
        .orderBy('id', 'desc')
        .limit(WALLET_PAGE_SIZE)
        .offset((page - 1) * WALLET_PAGE_SIZE)
        .execute();
      return {
        balance: await sumOf(db, account),
        page,
        pages,
        entries: rows.map((row) => ({
          amount: Number(row.amount),
          reason: row.reason as WalletReason,
          reference: row.reference,
          createdAt: Number(row.created_at),
        })),
      };
    },
  };
};
