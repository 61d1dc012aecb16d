import { DONATION_LEDGER_STATES } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import { listAccountCharacters } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { donationRequestId } from './crediting';
import type { ProviderName } from './providers/payment-provider';
import { grantStatuses } from '../rewards/reward-queue';

/**
 * The owner's ledger of donations (npm run donations): every PayPal order of the donate page and
 * every payment PayPal's IPN reported, with its state from start to the game, and what needs the
 * owner (flagged).
 */
export interface LedgerEntry {
  /** When the donation started (the order) or was recorded (an IPN payment). */
  at: number;
  via: 'orders' | 'ipn';
  /** Who took the payment: PayPal (orders, IPN), Stripe or Mercado Pago (the provider layer). */
  provider: ProviderName;
  /** Our donation id (orders), else empty. */
  donationId: string;
  /** PayPal's order id (orders), else empty. */
  orderId: string;
  /** PayPal's capture id (orders) or transaction id (IPN): the key the coins were granted under. */
  txnId: string;
  charName: string;
  charId: number | null;
  /** The account whose wallet the donation credited (donations.target wallet); empty: a character's. */
  account: string;
  cents: number;
  currency: string;
  coins: number;
  /** created, approved, pending, credited, delivered, refunded, reversed, denied, failed. */
  state: string;
  /** The reward queue's row: delivered, pending, failed, cancelled, or '-' before any. */
  reward: string;
  detail: string;
  /** Refunded and reversed, in cents (0 when nothing came back). */
  refundedCents: number;
  /** Coins of the refunds taken back before delivery. */
  coinsTakenBack: number;
  /** Coins of the refunds already in the game: the owner's to take back by hand, or not. */
  coinsByHand: number;
  /** A refund recorded whose share of the coins was never counted (the site stopped meanwhile). */
  refundUnsettled: boolean;
  /**
   * A wallet donation's refunds: the coins they could not take back from the wallet because
   * they were spent (the balance never goes below zero). The owner's to settle with the player.
   */
  walletShortfall: number;
  /**
   * A refund of a donation made with a supporter code: the partner's share it could not take
   * back from the partner's wallet (spent already). Flagged like the donor's.
   */
  supporterShortfall: number;
  /** Needs the owner: money back with coins in the game, a failed delivery, coins without a character. */
  flagged: boolean;
  /**
   * The owner marked it handled in the console, after its last refund: who, when, the note. A
   * resolved entry is not flagged; a refund recorded after the resolution flags it again.
   */
  resolved: { by: string; at: number; note: string } | null;
}

export const LEDGER_STATES = DONATION_LEDGER_STATES;

const stateOf = (status: string, reward: string): string => {
  if (status === 'credited' || status === 'crediting') return reward === 'delivered' ? 'delivered' : 'credited';
  if (status === 'unknown_character' || status === 'banned_character') return 'failed';
  return status;
};

const flaggedOf = (entry: Omit<LedgerEntry, 'flagged' | 'resolved'>): boolean =>
  entry.coinsByHand > 0 ||
  entry.walletShortfall > 0 ||
  entry.supporterShortfall > 0 ||
  entry.refundUnsettled ||
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
  const layerPayments = await db.site.selectFrom('site_provider_payments').selectAll().orderBy('id', 'desc').execute();
  const rewards = await grantStatuses(db.site, 'donation');
  const paymentOf = new Map(payments.map((payment) => [`${payment.provider}:${payment.txn_id}`, payment]));
  const refundRows = await db.site
    .selectFrom('site_donations')
    .select(['parent_txn_id', 'amount_cents', 'coins', 'shortfall', 'status', 'created_at'])
    .where('kind', 'in', ['refund', 'reversal'])
    .execute();
  const lastRefundAt = new Map<string, number>();
  for (const row of refundRows) {
    const key = row.parent_txn_id;
    lastRefundAt.set(key, Math.max(lastRefundAt.get(key) ?? 0, Number(row.created_at)));
  }
  const resolutions = new Map(
    (await db.site.selectFrom('site_donation_resolutions').selectAll().execute()).map((row) => [row.txn_id, row]),
  );
  /** The owner's resolution of a donation, while no refund came after it. */
  const resolutionOf = (txnId: string): LedgerEntry['resolved'] => {
    const row = txnId ? resolutions.get(txnId) : undefined;
    if (!row || Number(row.at) < (lastRefundAt.get(txnId) ?? 0)) return null;
    return { by: row.login, at: Number(row.at), note: row.note };
  };
  const rewardOf = (txnId: string, provider: ProviderName = 'paypal') =>
    txnId ? (rewards.get(donationRequestId(txnId, provider)) ?? '-') : '-';

  /**
   * What came back of a payment. A refund recorded before shares were counted (status
   * 'recorded') stands for all the payment's coins, taken back if its reward was cancelled; one
   * whose share was never counted (the site stopped meanwhile: 'recording') is the owner's too.
   */
  const refundsOf = (txnId: string, coins: number, reward: string) => {
    let refundedCents = 0;
    let back = 0;
    let byHand = 0;
    let unsettled = false;
    let shortfall = 0;
    for (const row of refundRows) {
      if (!txnId || row.parent_txn_id !== txnId) continue;
      refundedCents -= Number(row.amount_cents);
      const rowCoins = Number(row.coins);
      if (row.status === 'taken_back') back += rowCoins;
      else if (row.status === 'shortfall') {
        // A wallet donation's refund: what it took from the wallet, and what was spent already.
        back += rowCoins - Number(row.shortfall);
        shortfall += Number(row.shortfall);
      } else if (row.status === 'recorded' && reward === 'cancelled') back += rowCoins;
      else if (row.status === 'recording') unsettled = true;
      else byHand += rowCoins;
    }
    return {
      refundedCents,
      coinsTakenBack: Math.min(back, coins),
      coinsByHand: Math.min(byHand, Math.max(coins - Math.min(back, coins), 0)),
      refundUnsettled: unsettled,
      walletShortfall: shortfall,
    };
  };

  // The supporter codes' shares a refund could not take back (supporter-codes.ts), by provider payment.
  const supporterShortfalls = new Map<string, number>();
  for (const row of await db.site
    .selectFrom('site_supporter_returns')
    .select(['provider', 'payment_id', 'shortfall'])
    .where('shortfall', '>', 0)
    .execute()) {
    const key = `${row.provider}:${row.payment_id}`;
    supporterShortfalls.set(key, (supporterShortfalls.get(key) ?? 0) + Number(row.shortfall));
  }

  const entries: Omit<LedgerEntry, 'flagged' | 'resolved' | 'supporterShortfall'>[] = orders.map((order) => {
    const payment = order.capture_id ? paymentOf.get(`paypal:${order.capture_id}`) : undefined;
    const reward = rewardOf(order.capture_id);
    const status = payment && order.status === 'credited' ? payment.status : order.status;
    return {
      at: Number(order.created_at),
      via: 'orders' as const,
      provider: 'paypal' as const,
      donationId: order.donation_id,
      orderId: order.order_id,
      txnId: order.capture_id,
      charName: order.char_name,
      charId: order.login ? null : Number(order.char_id),
      account: order.login,
      cents: Number(order.amount_cents),
      currency: order.currency,
      coins: Number(order.coins),
      state: stateOf(status, reward),
      reward,
      detail: order.detail,
      ...refundsOf(order.capture_id, Number(order.coins), reward),
    };
  });
  for (const row of layerPayments) {
    const provider = row.provider;
    const payment = row.payment_id ? paymentOf.get(`${provider}:${row.payment_id}`) : undefined;
    const reward = rewardOf(row.payment_id, provider);
    const status = payment && row.status === 'credited' ? payment.status : row.status;
    entries.push({
      at: Number(row.created_at),
      via: 'orders',
      provider,
      donationId: row.donation_id,
      orderId: row.provider_ref,
      txnId: row.payment_id,
      charName: row.char_name,
      charId: row.login ? null : Number(row.char_id),
      account: row.login,
      cents: Number(row.amount_cents),
      currency: row.currency,
      coins: Number(row.coins),
      state: stateOf(status, reward),
      reward,
      detail: row.detail,
      ...refundsOf(row.payment_id, Number(row.coins), reward),
    });
  }
  const fromOrders = new Set(orders.map((order) => order.capture_id).filter(Boolean));
  for (const payment of payments) {
    // The provider layer's payments are listed above, by the payment each started.
    if (payment.provider !== 'paypal' || fromOrders.has(payment.txn_id)) continue;
    const reward = rewardOf(payment.txn_id);
    entries.push({
      at: Number(payment.created_at),
      via: 'ipn',
      provider: 'paypal',
      donationId: '',
      orderId: '',
      txnId: payment.txn_id,
      charName: payment.char_name,
      charId: payment.char_id === null ? null : Number(payment.char_id),
      account: payment.login,
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
      ...refundsOf(payment.txn_id, Number(payment.coins), reward),
    });
  }

  let matches = (_entry: Omit<LedgerEntry, 'flagged' | 'resolved' | 'supporterShortfall'>) => true;
  const find = filter.find?.trim().toLowerCase();
  if (find) {
    // An account's characters, as the game knows them.
    const ofAccount = new Set(
      (await listAccountCharacters(db.game, db.schema, filter.find?.trim() ?? '')).map((character) => character.charId),
    );
    const emails = new Map(payments.map((payment) => [payment.txn_id, payment.payer_email.toLowerCase()]));
    matches = (entry) =>
      entry.charName.toLowerCase() === find ||
      entry.account.toLowerCase() === find ||
      (entry.charId !== null && ofAccount.has(entry.charId)) ||
      [entry.orderId, entry.txnId, entry.donationId].some((id) => id.toLowerCase() === find) ||
      emails.get(entry.txnId) === find;
  }
  return entries
    .sort((a, b) => b.at - a.at)
    .map((found) => {
      const resolved = resolutionOf(found.txnId);
      const entry = {
        ...found,
        supporterShortfall: (found.txnId && supporterShortfalls.get(`${found.provider}:${found.txnId}`)) || 0,
      };
      return { ...entry, flagged: flaggedOf(entry) && resolved === null, resolved };
    })
    .filter((entry) => matches(entry))
    .filter((entry) => filter.state === undefined || entry.state === filter.state)
    .filter((entry) => !filter.flagged || entry.flagged)
    .slice(0, filter.limit);
};

/**
 * The payments to these characters, by the reward queue's request id of the grant each paid for:
 * My account's and the console's reward lists show what a grant cost.
 */
export const paymentsByGrant = async (
  site: Kysely<SiteDatabase>,
  charIds: number[],
): Promise<Map<string, { cents: number; currency: string }>> => {
  if (charIds.length === 0) return new Map();
  const rows = await site
    .selectFrom('site_donations')
    .select(['txn_id', 'amount_cents', 'currency'])
    .where('kind', '=', 'payment')
    .where('char_id', 'in', charIds)
    .execute();
  return new Map(
    rows.map((row) => [donationRequestId(row.txn_id), { cents: Number(row.amount_cents), currency: row.currency }]),
  );
};
