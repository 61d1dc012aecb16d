import { randomUUID } from 'node:crypto';
import { type ErrorCode, coinsForDonation, toCents } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { GameDatabase, LoginDatabase, SiteDatabase } from '../../../db/tables';
import { isUniqueViolation } from '../../../db/unique-violation';
import type { GameSchema } from '../../../game/schema-check';
import { donationRecipient } from '../recipient';
import { fitText } from '../../../infra/fit-text';
import { takeBackUndeliveredItems } from '../../rewards/reward-queue';
import type { RewardDelivery } from '../../rewards/reward-delivery';
import {
  DONATION_FLAGS,
  type DonationWallet,
  coinsOfRefund,
  donationRequestId,
  settleConfirmedPayment,
  takeBackFromWallet,
} from '../crediting';
import type { Donation } from '../donation-repository';
import { createDonationRepository } from '../donation-repository';
import type { DonationSettings } from '../settings-schema';
import type { SupporterCodes } from '../supporter-codes';
import type { SiteProviderPaymentsTable } from '../tables';
import {
  type PaymentProvider,
  type ProviderEvent,
  type ProviderName,
  ZERO_DECIMAL_CURRENCIES,
} from './payment-provider';

export type ProviderPaymentRow = Selectable<SiteProviderPaymentsTable>;

/** What became of one provider event (stored with it in site_provider_events). */
export type EventOutcome =
  | 'credited'
  | 'duplicate'
  | 'wrong_amount'
  | 'not_ours'
  | 'ignored'
  | 'taken_back'
  | 'flagged'
  | 'shortfall'
  | 'unknown_character'
  | 'banned_character';

const toRow = (row: ProviderPaymentRow): ProviderPaymentRow => ({
  ...row,
  id: Number(row.id),
  char_id: Number(row.char_id),
  amount_cents: Number(row.amount_cents),
  coins: Number(row.coins),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

/** The provider layer's payments (site_provider_payments) and the events applied (site_provider_events). */
export const createProviderPaymentRepository = (db: Kysely<SiteDatabase>, now: () => number) => ({
  async insert(
    row: Pick<
      ProviderPaymentRow,
      'donation_id' | 'provider' | 'char_name' | 'char_id' | 'amount_cents' | 'currency' | 'coins'
    > & { login?: string },
  ): Promise<void> {
    const stamp = now();
    await db
      .insertInto('site_provider_payments')
      .values({ ...row, status: 'created', created_at: stamp, updated_at: stamp })
      .execute();
  },
  async byDonation(donationId: string): Promise<ProviderPaymentRow | undefined> {
    if (!donationId) return undefined;
    const row = await db
      .selectFrom('site_provider_payments')
      .selectAll()
      .where('donation_id', '=', donationId)
      .executeTakeFirst();
    return row && toRow(row);
  },
  async byPayment(provider: ProviderName, paymentId: string): Promise<ProviderPaymentRow | undefined> {
    if (!paymentId) return undefined;
    const row = await db
      .selectFrom('site_provider_payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    return row && toRow(row);
  },
  async update(
    donationId: string,
    changes: Partial<{ provider_ref: string; payment_id: string; status: string; detail: string }>,
    from?: readonly string[],
  ): Promise<boolean> {
    const { detail, ...rest } = changes;
    let query = db
      .updateTable('site_provider_payments')
      .set({ ...rest, ...(detail === undefined ? {} : { detail: fitText(detail, 255) }), updated_at: now() })
      .where('donation_id', '=', donationId);
    if (from) query = query.where('status', 'in', [...from]);
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  },
  /** Records an event once: false when it was applied before (a redelivery, a replay, another instance). */
  async firstDelivery(provider: ProviderName, eventId: string, kind: string): Promise<boolean> {
    try {
      await db
        .insertInto('site_provider_events')
        .values({ provider, event_id: eventId, kind, outcome: 'received', received_at: now() })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  },
  async settleEvent(provider: ProviderName, eventId: string, outcome: string): Promise<void> {
    await db
      .updateTable('site_provider_events')
      .set({ outcome })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  },
  /** Forgets an event whose handling failed, so that the provider's redelivery is applied. */
  async forgetEvent(provider: ProviderName, eventId: string): Promise<void> {
    await db
      .deleteFrom('site_provider_events')
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
  },
});
export type ProviderPaymentRepository = ReturnType<typeof createProviderPaymentRepository>;

export interface ProviderPaymentDeps {
  payments: ProviderPaymentRepository;
  rewards: Pick<RewardDelivery, 'grant'>;
  /** Donations to an account's wallet (donations.target wallet) and their refunds. */
  wallet?: DonationWallet;
  /** Supporter codes: checked and kept when a payment starts, the partner's share paid and taken back. */
  supporter?: Pick<SupporterCodes, 'check' | 'remember' | 'onPaid' | 'onReturn'>;
  site: Kysely<SiteDatabase>;
  login: Kysely<LoginDatabase>;
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  settings: DonationSettings;
  /** Coins per unit of each provider's currency. */
  coinsPerUnit: (provider: ProviderName) => number;
  publicUrl: string;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  onReplaced?: (table: string) => void;
}

const donationsOf = (deps: ProviderPaymentDeps, provider: ProviderName) =>
  createDonationRepository(deps.site, deps.now, deps.onReplaced, provider);

/**
 * createdonationorder for a provider of the layer: checks the amount against the settings and
 * the character (as PayPal's), or with donations.target wallet that the donor is signed in (the
 * coins go to that account's wallet; no character is asked), records the payment with where it
 * goes, asks the provider to create it, and answers where the donor pays.
 */
export const startProviderPayment = async (
  deps: ProviderPaymentDeps,
  provider: PaymentProvider,
  input: {
    charName?: string | undefined;
    amount: string;
    login?: string | undefined;
    supporterCode?: string | undefined;
    donorLogin?: string | undefined;
  },
  urls: { returnUrl: string; cancelUrl: string; notifyUrl: string },
): Promise<{ approveUrl: string } | { error: ErrorCode }> => {
  const { settings, payments, log } = deps;
  const cents = toCents(input.amount);
  const fits =
    cents >= Math.round(settings.minAmount * 100) &&
    cents <= Math.round(settings.maxAmount * 100) &&
    !ZERO_DECIMAL_CURRENCIES.has(provider.currency);
  if (!fits) return { error: 'formInvalid' };
  const recipient = await donationRecipient(deps, settings.target, input);
  if ('error' in recipient) return recipient;
  const { to, characterAccount: donorAccount } = recipient;
  // A supporter code is checked before anything is recorded (supporter-codes.ts).
  const code =
    input.supporterCode && deps.supporter
      ? await deps.supporter.check(input.supporterCode, [to.login, input.donorLogin, donorAccount])
      : undefined;
  if (input.supporterCode && !code) return { error: 'supporterCodeUnknown' };
  if (code && 'error' in code) return code;
  const donationId = randomUUID();
  await payments.insert({
    donation_id: donationId,
    provider: provider.name,
    ...to,
    amount_cents: cents,
    currency: provider.currency,
    coins: coinsForDonation(cents, deps.coinsPerUnit(provider.name)),
  });
  if (code && deps.supporter) {
    await deps.supporter.remember(
      donationId,
      { provider: provider.name, cents, currency: provider.currency, donorLogin: input.donorLogin },
      code,
    );
  }
  try {
    const created = await provider.createPayment({
      reference: donationId,
      cents,
      currency: provider.currency,
      description: settings.itemName,
      ...urls,
    });
    await payments.update(donationId, { provider_ref: fitText(created.providerRef, 255) });
    return { approveUrl: created.redirectUrl };
  } catch (error) {
    await payments.update(donationId, { status: 'failed', detail: (error as Error).message });
    log.error({ err: error, donationId, provider: provider.name }, 'the provider did not create the payment');
    return { error: 'paymentsUnavailable' };
  }
};

/** A paid event: the payment's coins, once, in its own amount and currency only. */
const applyPaid = async (
  deps: ProviderPaymentDeps,
  provider: ProviderName,
  event: Extract<ProviderEvent, { kind: 'paid' }>,
): Promise<EventOutcome> => {
  const { payments, log } = deps;
  const row = (await payments.byDonation(event.reference)) ?? (await payments.byPayment(provider, event.paymentId));
  if (!row || row.provider !== provider) {
    log.warn({ provider, paymentId: event.paymentId }, 'a payment of no donation of this site: ignored');
    return 'not_ours';
  }
  if (event.currency !== row.currency || event.cents !== row.amount_cents) {
    await payments.update(row.donation_id, {
      status: 'failed',
      payment_id: event.paymentId,
      detail: `paid ${event.cents} ${event.currency}, asked ${row.amount_cents} ${row.currency}`,
    });
    log.error(
      { provider, donationId: row.donation_id, paymentId: event.paymentId },
      'a payment of another amount or currency than asked: not credited, see the console',
    );
    return 'wrong_amount';
  }
  await payments.update(row.donation_id, { payment_id: event.paymentId });
  const credited = await settleConfirmedPayment(
    {
      repository: donationsOf(deps, provider),
      rewards: deps.rewards,
      ...(deps.wallet ? { wallet: deps.wallet } : {}),
      ...(deps.supporter ? { supporter: deps.supporter } : {}),
      log,
    },
    {
      provider,
      reference: row.donation_id,
      txnId: event.paymentId,
      walletLogin: row.login,
      charName: row.char_name,
      character: { charId: row.char_id, name: row.char_name },
      cents: row.amount_cents,
      currency: row.currency,
      coins: row.coins,
      payerEmail: '',
    },
  );
  await payments.update(row.donation_id, { status: 'credited', detail: '' }, ['created', 'failed']);
  return credited.outcome === 'credited'
    ? 'credited'
    : credited.outcome === 'duplicate'
      ? 'duplicate'
      : credited.outcome;
};

/**
 * A refund or a dispute: recorded once by its own id, it takes back its share of the coins in
 * proportion to the amount (coinsOfRefund, as PayPal's): from the reward queue while they wait
 * for delivery (donations.paypal.onRefund takeBack), else flagged for the owner with that share.
 */
const applyReturn = async (
  deps: ProviderPaymentDeps,
  provider: ProviderName,
  event: Extract<ProviderEvent, { kind: 'refund' | 'dispute' }>,
): Promise<EventOutcome> => {
  const { payments, log } = deps;
  const donations = donationsOf(deps, provider);
  const kind = event.kind === 'refund' ? 'refund' : 'reversal';
  const parent = await donations.find(event.paymentId);
  const txnId = event.returnId.slice(0, 64);
  const recorded = await donations.insertOnce({
    provider,
    txn_id: txnId,
    kind,
    parent_txn_id: event.paymentId.slice(0, 64),
    char_name: parent?.char_name ?? '',
    char_id: parent?.char_id ?? null,
    amount_cents: -event.cents,
    currency: event.currency.slice(0, 3),
    coins: 0,
    status: 'recording',
  });
  if (!recorded.inserted) return 'duplicate';
  let coins = 0;
  if (parent && parent.kind === 'payment') {
    const refunds = await donations.refundsOf(event.paymentId);
    const mine = refunds.findIndex((refund) => refund.txn_id === txnId);
    const earlier = refunds.slice(0, mine < 0 ? refunds.length : mine);
    const earlierCents = earlier.reduce((sum, refund) => sum - refund.amount_cents, 0);
    coins = coinsOfRefund({ coins: parent.coins, paidCents: parent.amount_cents }, earlierCents, event.cents);
    // The partner's share of a supporter code, taken back in the same proportion.
    await deps.supporter?.onReturn({
      provider,
      paymentId: event.paymentId,
      returnId: event.returnId,
      kind: event.kind,
      cents: event.cents,
      earlierCents,
    });
  }
  if (parent?.login) return applyWalletReturn(deps, provider, event, { parent, txnId, coins });
  const taken =
    parent && coins > 0 && deps.settings.paypal.onRefund === 'takeBack'
      ? await takeBackUndeliveredItems(deps.site, donationRequestId(event.paymentId, provider), coins, deps.now())
      : 'delivered';
  const takenBack = parent !== undefined && (coins === 0 || taken === 'reduced' || taken === 'cancelled');
  await donations.update(txnId, { coins, status: takenBack ? 'taken_back' : 'flagged' });
  const status = kind === 'refund' ? 'refunded' : 'reversed';
  if (parent) {
    await donations.update(event.paymentId, {
      status,
      ...(taken === 'cancelled' ? { reward_status: 'cancelled' } : {}),
    });
  }
  const row = await payments.byPayment(provider, event.paymentId);
  if (row) await payments.update(row.donation_id, { status });
  const context = { provider, paymentId: event.paymentId, returnId: event.returnId, cents: event.cents, coins };
  if (takenBack) {
    log.info(context, `${provider} ${event.kind}: its share of the coins was not delivered yet and is taken back`);
    return 'taken_back';
  }
  log.warn(
    { ...context, donationFlag: DONATION_FLAGS[kind], knownPayment: Boolean(parent) },
    `${provider} ${event.kind} of a donation whose coins are in the game: they stay; flagged for you`,
  );
  return 'flagged';
};

/**
 * A refund or dispute of a donation to a wallet: taken back from the wallet as every provider's
 * (crediting.ts takeBackFromWallet: never below zero, the rest a shortfall flagged for the owner),
 * then the layer's payment row marked.
 */
const applyWalletReturn = async (
  deps: ProviderPaymentDeps,
  provider: ProviderName,
  event: Extract<ProviderEvent, { kind: 'refund' | 'dispute' }>,
  { parent, txnId, coins }: { parent: Donation; txnId: string; coins: number },
): Promise<EventOutcome> => {
  const kind = event.kind === 'refund' ? 'refund' : 'reversal';
  const outcome = await takeBackFromWallet(
    { repository: donationsOf(deps, provider), ...(deps.wallet ? { wallet: deps.wallet } : {}), log: deps.log },
    { provider, kind, returnId: event.returnId, paymentId: event.paymentId, parent, txnId, coins },
  );
  const row = await deps.payments.byPayment(provider, event.paymentId);
  if (row) await deps.payments.update(row.donation_id, { status: kind === 'refund' ? 'refunded' : 'reversed' });
  return outcome;
};

/** One verified provider event, applied once by its event id (a repeat answers 'duplicate'). */
export const applyProviderEvent = async (
  deps: ProviderPaymentDeps,
  provider: ProviderName,
  event: ProviderEvent,
): Promise<EventOutcome> => {
  const eventId = fitText(event.eventId, 128);
  if (!(await deps.payments.firstDelivery(provider, eventId, event.kind))) return 'duplicate';
  try {
    const outcome =
      event.kind === 'paid'
        ? await applyPaid(deps, provider, event)
        : event.kind === 'ignored'
          ? 'ignored'
          : await applyReturn(deps, provider, event);
    await deps.payments.settleEvent(provider, eventId, outcome);
    return outcome;
  } catch (error) {
    await deps.payments.forgetEvent(provider, eventId).catch(() => undefined);
    throw error;
  }
};
