import { randomUUID } from 'node:crypto';
import { type ErrorCode, type PaymentOutcome, coinsForDonation, toCents } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase, SiteDatabase } from '../../db/tables';
import type { GameSchema } from '../../game/schema-check';
import { donationRecipient } from './recipient';
import { takeBackUndeliveredItems } from '../rewards/reward-queue';
import type { RewardDelivery } from '../rewards/reward-delivery';
import {
  DONATION_FLAGS,
  type DonationWallet,
  coinsOfRefund,
  donationRequestId,
  settleConfirmedPayment,
  takeBackFromWallet,
} from './crediting';
import type { DonationRepository } from './donation-repository';
import type { OrderRepository, PaypalOrderRow } from './order-repository';
import { type Capture, type PaypalRest, PaypalRefused, PaypalUnavailable, readCapture } from './paypal-rest';
import { donatePage } from './paypal';
import { PAYPAL_WHOLE_CURRENCIES, createPaypalProvider } from './providers/paypal-provider';
import type { DonationSettings } from './settings-schema';

/** Where PayPal sends the donor back with `token` (the order id) and `PayerID`. */
export const PAYPAL_RETURN_PATH = '/payments/paypal/return';
/** Where PayPal's webhooks arrive (subscribe to the events of payments.md). */
export const PAYPAL_WEBHOOK_PATH = '/payments/paypal/webhook';

/** Capture retries after PayPal could not be reached: from a minute, doubling to an hour, for 3 days. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
export const CAPTURE_RETRY_FOR_MS = 3 * 24 * 60 * 60_000;

/** PayPal's refusals of a capture because the donor has not approved the order (yet). */
const NOT_APPROVED_YET = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

const WHOLE_CURRENCIES = PAYPAL_WHOLE_CURRENCIES;

export interface CheckoutDeps {
  orders: OrderRepository;
  donations: DonationRepository;
  rewards: Pick<RewardDelivery, 'grant'>;
  /** Orders started for the donor's wallet (donations.target wallet) credit it, and their refunds take back from it. */
  wallet?: DonationWallet;
  site: Kysely<SiteDatabase>;
  login: Kysely<LoginDatabase>;
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  /** Undefined without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: no order can be started. */
  paypal: PaypalRest | undefined;
  settings: DonationSettings;
  coinsPerEuro: number;
  publicUrl: string;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What became of a capture, a webhook or a return (logged, stored with webhook events). */
export type SettleOutcome =
  | 'credited'
  | 'duplicate'
  | 'pending'
  | 'denied'
  | 'wrong_amount'
  | 'not_ours'
  | 'ignored'
  | 'taken_back'
  | 'flagged'
  | 'shortfall'
  | 'malformed';

/**
 * createdonationorder: checks the amount against the settings and the character, or with
 * donations.target wallet that the donor is signed in (`login`: the order is that account's, its
 * capture credits that wallet; no character is asked), records the order with where it goes, and
 * asks PayPal to create it; answers PayPal's approval link.
 */
export const startCheckout = async (
  deps: CheckoutDeps,
  input: { charName?: string | undefined; amount: string; login?: string | undefined },
): Promise<{ approveUrl: string } | { error: ErrorCode }> => {
  const { settings, orders, log } = deps;
  const cents = toCents(input.amount);
  const fits =
    cents >= Math.round(settings.minAmount * 100) &&
    cents <= Math.round(settings.maxAmount * 100) &&
    (!WHOLE_CURRENCIES.has(settings.currency) || cents % 100 === 0);
  if (!fits) return { error: 'formInvalid' };
  const recipient = await donationRecipient(deps, settings.target, input);
  if ('error' in recipient) return recipient;
  const { to } = recipient;
  if (!deps.paypal) {
    log.warn('a donation could not start: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (payments.md)');
    return { error: 'donationsClosed' };
  }
  const donationId = randomUUID();
  await orders.insert({
    donation_id: donationId,
    ...to,
    amount_cents: cents,
    currency: settings.currency,
    coins: coinsForDonation(cents, deps.coinsPerEuro),
  });
  try {
    // The provider layer's create step (providers/paypal-provider.ts): the same order as ever.
    const created = await createPaypalProvider(deps.paypal, {
      currency: settings.currency,
      webhookId: '',
    }).createPayment({
      reference: donationId,
      cents,
      currency: settings.currency,
      description: settings.itemName,
      returnUrl: new URL(PAYPAL_RETURN_PATH, deps.publicUrl).toString(),
      cancelUrl: settings.cancelUrl || donatePage(deps.publicUrl, 'cancelled'),
      notifyUrl: new URL(PAYPAL_WEBHOOK_PATH, deps.publicUrl).toString(),
    });
    await orders.update(donationId, { order_id: created.providerRef });
    return { approveUrl: created.redirectUrl };
  } catch (error) {
    await orders.update(donationId, { status: 'failed', detail: (error as Error).message });
    log.error({ err: error, donationId }, 'PayPal did not create the order: the donor was told to try again');
    return { error: 'paymentsUnavailable' };
  }
};

/** The order a capture belongs to: by our donation id (custom_id), its capture id, or PayPal's order id. */
const orderOf = async (deps: CheckoutDeps, capture: Capture, orderId: string | undefined) =>
  (capture.custom_id && (await deps.orders.byDonation(capture.custom_id))) ||
  (await deps.orders.byCapture(capture.id)) ||
  (orderId ? await deps.orders.byOrder(orderId) : undefined);

/**
 * A capture, from the capture answer, the order or the webhook, whichever comes first: a completed
 * one credits the order's coins once (the capture id is the donation's unique key), in the order's
 * currency and amount only; a pending one waits for its webhook; a denied one is recorded.
 */
export const settleCapture = async (deps: CheckoutDeps, capture: Capture, orderId?: string): Promise<SettleOutcome> => {
  const { orders, log } = deps;
  const order = await orderOf(deps, capture, orderId);
  if (!order) {
    log.warn({ captureId: capture.id }, 'a PayPal capture of no donation of this site: ignored');
    return 'not_ours';
  }
  if (capture.status === 'PENDING') {
    await orders.update(
      order.donation_id,
      { status: 'pending', capture_id: capture.id, detail: capture.reason ?? '' },
      ['created', 'approved'],
    );
    log.info({ donationId: order.donation_id, reason: capture.reason }, 'PayPal holds the payment: it waits');
    return 'pending';
  }
  if (capture.status === 'DECLINED' || capture.status === 'DENIED' || capture.status === 'FAILED') {
    await orders.update(order.donation_id, { status: 'denied', capture_id: capture.id, detail: capture.status }, [
      'created',
      'approved',
      'pending',
    ]);
    log.warn({ donationId: order.donation_id }, 'PayPal denied the payment: no coins');
    return 'denied';
  }
  if (capture.status !== 'COMPLETED') return 'ignored';
  const cents = toCents(capture.amount.value);
  if (capture.amount.currency_code !== order.currency || cents !== order.amount_cents) {
    await orders.update(order.donation_id, {
      status: 'failed',
      capture_id: capture.id,
      detail: `captured ${capture.amount.value} ${capture.amount.currency_code}, ordered ${order.amount_cents / 100} ${order.currency}`,
    });
    log.error(
      { donationId: order.donation_id, captureId: capture.id, amount: capture.amount },
      'a PayPal capture of another amount or currency than its order: not credited, see npm run donations',
    );
    return 'wrong_amount';
  }
  // The order's account, if it was started for a wallet: decided when it started (decision 052).
  const credited = await settleConfirmedPayment(
    { repository: deps.donations, rewards: deps.rewards, ...(deps.wallet ? { wallet: deps.wallet } : {}), log },
    {
      txnId: capture.id,
      walletLogin: order.login,
      charName: order.char_name,
      character: { charId: order.char_id, name: order.char_name },
      cents,
      currency: order.currency,
      coins: order.coins,
      payerEmail: '',
    },
  );
  await orders.update(order.donation_id, { status: 'credited', capture_id: capture.id, detail: '' }, [
    'created',
    'approved',
    'pending',
    'failed',
  ]);
  return credited.outcome === 'credited' ? 'credited' : 'duplicate';
};

const outcomeForDonor = (outcomes: SettleOutcome[]): PaymentOutcome => {
  if (outcomes.some((outcome) => outcome === 'credited' || outcome === 'duplicate')) return 'complete';
  if (outcomes.includes('pending')) return 'processing';
  return 'failed';
};

/**
 * Captures an approved order and settles its capture. PayPal unreachable: the order stays
 * approved and its capture is retried (the same PayPal-Request-Id, so never twice at PayPal).
 */
export const captureOrder = async (deps: CheckoutDeps, order: PaypalOrderRow): Promise<PaymentOutcome> => {
  const { orders, log, paypal } = deps;
  const retryLater = async (why: string) => {
    const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(order.attempts, 16));
    const expired = deps.now() + wait - order.created_at > CAPTURE_RETRY_FOR_MS;
    await orders.update(
      order.donation_id,
      expired
        ? { status: 'failed', detail: `capture given up: ${why}`, attempted: true }
        : { detail: why, next_attempt_at: deps.now() + wait, attempted: true },
      ['approved'],
    );
    log.error({ donationId: order.donation_id, why }, 'PayPal capture not done: it is retried');
    return expired ? ('failed' as const) : ('processing' as const);
  };
  if (!paypal) return retryLater('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set');
  try {
    const captured = await paypal.captureOrder(order.order_id, `capture-${order.donation_id}`);
    const outcomes: SettleOutcome[] = [];
    for (const capture of captured.captures) outcomes.push(await settleCapture(deps, capture, captured.id));
    return outcomeForDonor(outcomes);
  } catch (error) {
    if (error instanceof PaypalUnavailable) return retryLater(error.message);
    if (error instanceof PaypalRefused && error.issue === 'ORDER_ALREADY_CAPTURED') {
      // Captured by another instance, a reload of the return or the webhook's turn: read it back.
      try {
        const existing = await paypal.getOrder(order.order_id);
        const outcomes: SettleOutcome[] = [];
        for (const capture of existing.captures) outcomes.push(await settleCapture(deps, capture, existing.id));
        return outcomeForDonor(outcomes);
      } catch (readError) {
        if (readError instanceof PaypalUnavailable) return retryLater(readError.message);
        throw readError;
      }
    }
    if (error instanceof PaypalRefused && NOT_APPROVED_YET.has(error.issue)) {
      // The return address called before the donor approved (by anyone who knows the order id):
      // the order still waits for the donor; their return or the approval webhook captures it.
      await orders.update(order.donation_id, { status: 'created', detail: error.issue }, ['approved']);
      log.warn({ donationId: order.donation_id, issue: error.issue }, 'a capture before the donor approved: it waits');
      return 'failed';
    }
    if (error instanceof PaypalRefused) {
      await orders.update(order.donation_id, { status: 'failed', detail: error.issue }, ['approved', 'created']);
      log.warn({ donationId: order.donation_id, issue: error.issue }, 'PayPal refused the capture: no coins');
      return 'failed';
    }
    throw error;
  }
};

/** The donor is back from PayPal's approval page with the order's id: capture it now. */
export const returnFromPaypal = async (deps: CheckoutDeps, orderId: string): Promise<PaymentOutcome> => {
  const order = await deps.orders.byOrder(orderId);
  if (!order) return 'failed';
  if (order.status === 'credited') return 'complete';
  if (order.status === 'pending') return 'processing';
  if (order.status === 'created') {
    await deps.orders.update(order.donation_id, { status: 'approved', next_attempt_at: deps.now() }, ['created']);
  } else if (order.status !== 'approved') {
    return 'failed';
  }
  return captureOrder(deps, { ...order, status: 'approved' });
};

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The capture a refund or reversal points at: its link rel "up" (…/v2/payments/captures/ID). */
const capturePointedAt = (resource: Record<string, unknown>): string | undefined => {
  const links = Array.isArray(resource.links) ? resource.links.map(asObject) : [];
  const up = links.find((link) => link.rel === 'up' && String(link.href ?? '').includes('/captures/'));
  return up ? String(up.href).split('/captures/')[1]?.split(/[/?]/)[0] : undefined;
};

/**
 * A refund or reversal: recorded once (by its own id), the donation marked. It takes back its
 * share of the coins (coinsOfRefund: in proportion to the amount, rounded down; partial refunds
 * add up, never past the coins credited): from the reward queue while they wait for delivery
 * (donations.paypal.onRefund takeBack), else they are flagged for the owner, with that share.
 * Coins in the game stay: no balance there ever goes below zero. A donation to a wallet gives its
 * share back from the wallet (takeBackFromWallet, as every provider's), never below zero either.
 */
const takeBack = async (
  deps: CheckoutDeps,
  kind: 'refund' | 'reversal',
  resource: Record<string, unknown>,
): Promise<SettleOutcome> => {
  const { donations, orders, log } = deps;
  // A reversal may carry the capture itself rather than a refund pointing at it.
  const captureId = capturePointedAt(resource) ?? (kind === 'reversal' ? String(resource.id ?? '') : '');
  const ownId =
    kind === 'reversal' && !capturePointedAt(resource) ? `reversal-${captureId}` : String(resource.id ?? '');
  if (!captureId || !ownId) return 'malformed';
  const parent = await donations.find(captureId);
  const amount = asObject(resource.amount);
  const parsed = toCents(String(amount.value ?? ''));
  const cents = Number.isNaN(parsed) ? 0 : parsed;
  const txnId = ownId.slice(0, 64);
  const recorded = await donations.insertOnce({
    provider: 'paypal',
    txn_id: txnId,
    kind,
    parent_txn_id: captureId.slice(0, 64),
    char_name: parent?.char_name ?? '',
    char_id: parent?.char_id ?? null,
    amount_cents: -cents,
    currency: String(amount.currency_code ?? parent?.currency ?? '').slice(0, 3),
    // Its share of the coins is counted once it is in line with the payment's other refunds.
    coins: 0,
    status: 'recording',
  });
  if (!recorded.inserted) return 'duplicate';
  let coins = 0;
  if (parent && parent.kind === 'payment') {
    const refunds = await donations.refundsOf(captureId);
    const mine = refunds.findIndex((refund) => refund.txn_id === txnId);
    const earlier = refunds.slice(0, mine < 0 ? refunds.length : mine);
    const earlierCents = earlier.reduce((sum, refund) => sum - refund.amount_cents, 0);
    coins = coinsOfRefund({ coins: parent.coins, paidCents: parent.amount_cents }, earlierCents, cents);
  }
  if (parent?.login) {
    // A donation to a wallet: its share comes back from the wallet, as with every provider.
    const outcome = await takeBackFromWallet(
      { repository: donations, ...(deps.wallet ? { wallet: deps.wallet } : {}), log },
      { provider: 'paypal', kind, returnId: ownId, paymentId: captureId, parent, txnId, coins },
    );
    const order = await orders.byCapture(captureId);
    if (order) await orders.update(order.donation_id, { status: kind === 'refund' ? 'refunded' : 'reversed' });
    return outcome;
  }
  const taken =
    parent && coins > 0 && deps.settings.paypal.onRefund === 'takeBack'
      ? await takeBackUndeliveredItems(deps.site, donationRequestId(captureId), coins, deps.now())
      : 'delivered';
  const takenBack = parent !== undefined && (coins === 0 || taken === 'reduced' || taken === 'cancelled');
  await donations.update(txnId, { coins, status: takenBack ? 'taken_back' : 'flagged' });
  const status = kind === 'refund' ? 'refunded' : 'reversed';
  if (parent) {
    await donations.update(captureId, { status, ...(taken === 'cancelled' ? { reward_status: 'cancelled' } : {}) });
  }
  const order = await orders.byCapture(captureId);
  if (order) await orders.update(order.donation_id, { status });
  const context = { captureId, refundId: ownId, charName: parent?.char_name ?? '', cents, coins };
  if (takenBack) {
    log.info(context, `PayPal ${kind}: its share of the coins was not delivered yet and is taken back`);
    return 'taken_back';
  }
  log.warn(
    { ...context, donationFlag: DONATION_FLAGS[kind], knownPayment: Boolean(parent) },
    `PayPal ${kind} of a donation whose coins are in the game: they stay; flagged for you (npm run donations -- --flagged)`,
  );
  return 'flagged';
};

/** A verified webhook event: what it says of a capture, a refund or an approved order. */
export const handleWebhookEvent = async (
  deps: CheckoutDeps,
  event: { event_type: string; resource: Record<string, unknown> },
): Promise<SettleOutcome> => {
  const { resource } = event;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const capture = readCapture(resource);
      if (!capture) return 'malformed';
      const orderId = asObject(asObject(resource.supplementary_data).related_ids).order_id;
      return settleCapture(deps, capture, typeof orderId === 'string' ? orderId : undefined);
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      return takeBack(deps, 'refund', resource);
    case 'PAYMENT.CAPTURE.REVERSED':
      return takeBack(deps, 'reversal', resource);
    case 'CHECKOUT.ORDER.APPROVED': {
      // The donor approved but never came back (closed the tab): capture it all the same.
      const order = await deps.orders.byOrder(String(resource.id ?? ''));
      if (!order) return 'not_ours';
      if (order.status !== 'created' && order.status !== 'approved') return 'duplicate';
      await deps.orders.update(order.donation_id, { status: 'approved' }, ['created']);
      const outcome = await captureOrder(deps, { ...order, status: 'approved' });
      return outcome === 'complete' ? 'credited' : outcome === 'processing' ? 'pending' : 'denied';
    }
    default:
      return 'ignored';
  }
};

/** Captures whose retry is due (PayPal was unreachable at the donor's return), one instance each. */
export const retryDueCaptures = async (deps: CheckoutDeps, leaseMs: number): Promise<number> => {
  let captured = 0;
  for (const order of await deps.orders.dueCaptures(20, deps.now() - CAPTURE_RETRY_FOR_MS)) {
    if (!(await deps.orders.claimCapture(order.donation_id, order.next_attempt_at, leaseMs))) continue;
    if ((await captureOrder(deps, order)) === 'complete') captured += 1;
  }
  return captured;
};
