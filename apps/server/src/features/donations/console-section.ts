import { CONSOLE_DONATIONS_CSV_MAX, CONSOLE_DONATIONS_PAGE, type ConsoleDonationsQuery } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Connections } from '../../db/connections';
import type { SiteDatabase } from '../../db/tables';
import type { GameSchema } from '../../game/schema-check';
import type { ConsoleDoor } from '../../infra/console-door';
import { toCsv } from '../../infra/csv';
import { retryGrantNow } from '../rewards/console-section';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { donationRequestId } from './crediting';
import { type LedgerEntry, readLedger } from './ledger';

export interface DonationsConsoleOptions {
  door: ConsoleDoor;
  connections: Connections;
  schema: GameSchema;
  delivery: Pick<RewardDelivery, 'retryOne'>;
  now: () => number;
}

type LedgerDeps = Pick<DonationsConsoleOptions, 'connections' | 'schema'>;

const ledgerDb = (deps: LedgerDeps) => ({
  site: deps.connections.site.db,
  game: deps.connections.game.db,
  schema: deps.schema,
});

const filterOf = (query: Omit<ConsoleDonationsQuery, 'from'>, limit: number) => ({
  ...(query.q ? { find: query.q } : {}),
  ...(query.state ? { state: query.state } : {}),
  flagged: query.flagged === 'true',
  limit,
});

/** The ledger that `npm run donations` prints (ledger.ts), a page of it from `from`. */
export const donationsPage = async (deps: LedgerDeps, query: ConsoleDonationsQuery) => {
  const from = Number(query.from ?? 0);
  const entries = await readLedger(ledgerDb(deps), filterOf(query, from + CONSOLE_DONATIONS_PAGE + 1));
  const rows = entries.slice(from, from + CONSOLE_DONATIONS_PAGE);
  return { rows, next: entries.length > from + CONSOLE_DONATIONS_PAGE ? from + CONSOLE_DONATIONS_PAGE : null };
};

const CSV_HEADER = [
  'started (UTC)',
  'state',
  'flagged',
  'character',
  'amount',
  'currency',
  'coins',
  'reward',
  'refunded',
  'coins taken back',
  'coins in game',
  'PayPal order',
  'capture / txn',
  'donation id',
  'detail',
  'resolved by',
  'resolution',
  'provider',
  'wallet of',
  'coins spent, not taken back',
  'partner share spent, not taken back',
] as const;

/** The ledger as CSV (the search's rows, newest first, at most CONSOLE_DONATIONS_CSV_MAX). */
const donationsCsv = async (deps: LedgerDeps, query: ConsoleDonationsQuery): Promise<string> => {
  const entries = await readLedger(ledgerDb(deps), filterOf(query, CONSOLE_DONATIONS_CSV_MAX));
  return toCsv(
    CSV_HEADER,
    entries.map((entry: LedgerEntry) => [
      new Date(entry.at).toISOString(),
      entry.state,
      entry.flagged,
      entry.charName,
      (entry.cents / 100).toFixed(2),
      entry.currency,
      entry.coins,
      entry.reward,
      (entry.refundedCents / 100).toFixed(2),
      entry.coinsTakenBack,
      entry.coinsByHand,
      entry.orderId,
      entry.txnId,
      entry.donationId,
      entry.detail,
      entry.resolved?.by ?? '',
      entry.resolved?.note ?? '',
      entry.provider,
      entry.account,
      entry.walletShortfall,
      entry.supporterShortfall,
    ]),
  );
};

/** The ledger's entry of a capture or transaction id, or undefined. */
const donationEntry = async (deps: LedgerDeps, txnId: string): Promise<LedgerEntry | undefined> =>
  (await readLedger(ledgerDb(deps), { find: txnId, limit: 50 })).find((entry) => entry.txnId === txnId);

/** An account's donations, newest first, as the console's Accounts look-up shows them. */
export const donationsOfAccount = (deps: LedgerDeps, login: string): Promise<LedgerEntry[]> =>
  readLedger(ledgerDb(deps), { find: login, limit: 50 });

/**
 * Marks a flagged donation handled (a refund after delivery: the coins taken back in the game by
 * hand, or left on purpose; a refund not counted; coins without a character), once per refund:
 * a refund recorded after it flags the donation again.
 */
export const resolveDonation = async (
  site: Kysely<SiteDatabase>,
  input: { txnId: string; login: string; note: string; now: number },
): Promise<void> => {
  await site.deleteFrom('site_donation_resolutions').where('txn_id', '=', input.txnId).execute();
  await site
    .insertInto('site_donation_resolutions')
    .values({ txn_id: input.txnId, at: input.now, login: input.login.slice(0, 45), note: input.note.slice(0, 500) })
    .execute();
};

/** The dashboard's figures since `since`: payments per currency, and refunds and reversals. */
export const donationFigures = async (site: Kysely<SiteDatabase>, since: number) => {
  const payments = await site
    .selectFrom('site_donations')
    .select([
      'currency',
      (eb) => eb.fn.sum<number>('amount_cents').as('cents'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('kind', '=', 'payment')
    .where('created_at', '>=', since)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const refunds = await site
    .selectFrom('site_donations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', 'in', ['refund', 'reversal'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    payments: payments.map((row) => ({ currency: row.currency, cents: Number(row.cents ?? 0), count: Number(row.n) })),
    refunds: Number(refunds.n),
  };
};

/** The dashboard's trend: the times of payments and of refunds or reversals since `since`. */
export const donationTimes = async (site: Kysely<SiteDatabase>, since: number) => {
  const rows = await site
    .selectFrom('site_donations')
    .select(['kind', 'created_at'])
    .where('kind', 'in', ['payment', 'refund', 'reversal'])
    .where('created_at', '>=', since)
    .execute();
  return {
    payments: rows.filter((row) => row.kind === 'payment').map((row) => Number(row.created_at)),
    refunds: rows.filter((row) => row.kind !== 'payment').map((row) => Number(row.created_at)),
  };
};

/**
 * The Donations section (docs/owner/console.md#donations): the ledger of `npm run donations`,
 * its CSV; a gm reads, only an owner retries a delivery or resolves a flagged donation.
 */
export const donationsConsoleSection = async (
  app: FastifyInstance,
  options: DonationsConsoleOptions,
): Promise<void> => {
  const { door } = options;
  const site = options.connections.site.db;

  door.route(app, 'getConsoleDonations', 'gm', async ({ query }, _request, reply) =>
    reply.send(await donationsPage(options, query)),
  );
  door.route(app, 'getConsoleDonationsCsv', 'gm', async ({ actor, query }, _request, reply) => {
    const csv = await donationsCsv(options, query);
    const filter = [query.q && `q=${query.q}`, query.state && `state=${query.state}`, query.flagged && 'flagged']
      .filter(Boolean)
      .join(' ');
    await door.record(actor, 'donations.export', '', filter);
    const day = new Date(options.now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="donations-${day}.csv"`)
      .send(csv);
  });
  // A failed or taken-back delivery back in line (the command's --requeue) ...
  door.route(app, 'retryConsoleDonation', 'owner', async ({ actor, body }, _request, reply) => {
    const entry = await donationEntry(options, body.txnId);
    if (!entry) return reply.code(404).send(['consoleDonationNotFound']);
    const { before, after } = await retryGrantNow(
      site,
      options.delivery,
      donationRequestId(entry.txnId, entry.provider),
      options.now(),
    );
    if (before !== 'failed' && before !== 'cancelled') return reply.code(400).send(['consoleDonationNotRetryable']);
    await door.record(actor, 'donation.retry', entry.txnId, `${before} -> ${after}`);
    return reply.send({ before, after });
  });
  // ... and a flagged donation marked handled, with the owner's note.
  door.route(app, 'resolveConsoleDonation', 'owner', async ({ actor, body }, _request, reply) => {
    const entry = await donationEntry(options, body.txnId);
    if (!entry) return reply.code(404).send(['consoleDonationNotFound']);
    if (!entry.flagged) return reply.code(400).send(['consoleDonationNotFlagged']);
    await resolveDonation(site, { txnId: entry.txnId, login: actor.login, note: body.note, now: options.now() });
    await door.record(actor, 'donation.resolve', entry.txnId, body.note);
    return reply.send({ before: 'flagged', after: 'resolved' });
  });
};
