import type { Kysely } from 'kysely';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import { listAccountCharacters } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { donationRequestId } from './crediting';

/**
 * The owner's ledger of donations (npm run donations): every PayPal order of the donate page and
 * every payment PayPal's IPN reported, with its state from start to the game, and what needs the
 * owner (flagged).
 */
export interface LedgerEntry {
  /** When the donation started (the order) or was recorded (an IPN payment). */
  at: number;
  via: 'orders' | 'ipn';
  /** Our donation id (orders), else empty. */
  donationId: string;
  /** PayPal's order id (orders), else empty. */
  orderId: string;
  /** PayPal's capture id (orders) or transaction id (IPN): the key the coins were granted under. */
  txnId: string;
  charName: string;
  charId: number | null;
  cents: number;
  currency: string;
  coins: number;
  /** created, approved, pending, credited, delivered, refunded, reversed, denied, failed. */
  state: string;
  /** The reward queue's row: delivered, pending, failed, cancelled, or '-' before any. */
  reward: string;
  detail: string;
  /** Needs the owner: money back with coins in the game, a failed delivery, coins without a character. */
  flagged: boolean;
}

export const LEDGER_STATES = [
  'created',
  'approved',
  'pending',
  'credited',
  'delivered',
  'refunded',
  'reversed',
  'denied',
  'failed',
] as const;

const stateOf = (status: string, reward: string): string => {
  if (status === 'credited' || status === 'crediting') return reward === 'delivered' ? 'delivered' : 'credited';
  if (status === 'unknown_character' || status === 'banned_character') return 'failed';
  return status;
};

const flaggedOf = (entry: Omit<LedgerEntry, 'flagged'>): boolean =>
  ((entry.state === 'refunded' || entry.state === 'reversed') && entry.reward !== 'cancelled') ||
  entry.reward === 'failed' ||
  (entry.state === 'failed' && entry.txnId !== '');

export interface LedgerFilter {
  /** A character, an account, a PayPal id (order, capture, transaction), our donation id or a payer's e-mail. */
  find?: string;
  state?: string;
  flagged?: boolean;
  limit: number;
}

/** The ledger, newest first. */
export const readLedger = async (
  db: { site: Kysely<SiteDatabase>; game: Kysely<GameDatabase>; schema: Pick<GameSchema, 'flavor'> },
  filter: LedgerFilter,
): Promise<LedgerEntry[]> => {
  const orders = await db.site.selectFrom('site_paypal_orders').selectAll().orderBy('id', 'desc').execute();
  const payments = await db.site
    .selectFrom('site_donations')
    .selectAll()
    .where('kind', '=', 'payment')
    .orderBy('id', 'desc')
    .execute();
  const rewards = new Map(
    (
      await db.site
        .selectFrom('site_reward_queue')
        .select(['request_id', 'status'])
        .where('reason', '=', 'donation')
        .execute()
    ).map((row) => [row.request_id, row.status as string]),
  );
  const paymentOf = new Map(payments.map((payment) => [payment.txn_id, payment]));
  const rewardOf = (txnId: string) => (txnId ? (rewards.get(donationRequestId(txnId)) ?? '-') : '-');

  const entries: Omit<LedgerEntry, 'flagged'>[] = orders.map((order) => {
    const payment = order.capture_id ? paymentOf.get(order.capture_id) : undefined;
    const reward = rewardOf(order.capture_id);
    const status = payment && order.status === 'credited' ? payment.status : order.status;
    return {
      at: Number(order.created_at),
      via: 'orders' as const,
      donationId: order.donation_id,
      orderId: order.order_id,
      txnId: order.capture_id,
      charName: order.char_name,
      charId: Number(order.char_id),
      cents: Number(order.amount_cents),
      currency: order.currency,
      coins: Number(order.coins),
      state: stateOf(status, reward),
      reward,
      detail: order.detail,
    };
  });
  const fromOrders = new Set(orders.map((order) => order.capture_id).filter(Boolean));
  for (const payment of payments) {
    if (fromOrders.has(payment.txn_id)) continue;
    const reward = rewardOf(payment.txn_id);
    entries.push({
      at: Number(payment.created_at),
      via: 'ipn',
      donationId: '',
      orderId: '',
      txnId: payment.txn_id,
      charName: payment.char_name,
      charId: payment.char_id === null ? null : Number(payment.char_id),
      cents: Number(payment.amount_cents),
      currency: payment.currency,
      coins: Number(payment.coins),
      state: stateOf(payment.status, reward),
      reward,
      detail:
        payment.status === 'unknown_character'
          ? 'no such character: credit by hand'
          : payment.status === 'banned_character'
            ? 'banned character: refund or credit by hand'
            : '',
    });
  }

  let matches = (_entry: Omit<LedgerEntry, 'flagged'>) => true;
  const find = filter.find?.trim().toLowerCase();
  if (find) {
    // An account's characters, as the game knows them.
    const ofAccount = new Set(
      (await listAccountCharacters(db.game, db.schema, filter.find?.trim() ?? '')).map((character) => character.charId),
    );
    const emails = new Map(payments.map((payment) => [payment.txn_id, payment.payer_email.toLowerCase()]));
    matches = (entry) =>
      entry.charName.toLowerCase() === find ||
      (entry.charId !== null && ofAccount.has(entry.charId)) ||
      [entry.orderId, entry.txnId, entry.donationId].some((id) => id.toLowerCase() === find) ||
      emails.get(entry.txnId) === find;
  }
  return entries
    .sort((a, b) => b.at - a.at)
    .map((entry) => ({ ...entry, flagged: flaggedOf(entry) }))
    .filter((entry) => matches(entry))
    .filter((entry) => filter.state === undefined || entry.state === filter.state)
    .filter((entry) => !filter.flagged || entry.flagged)
    .slice(0, filter.limit);
};
