import { coinsForDonation, toCents } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../../db/tables';
import { findCharacterByName } from '../../game/characters';
import { isBannedFromRewards } from '../../game/reward-bans';
import type { GameSchema } from '../../game/schema-check';
import type { RewardDelivery } from '../rewards/reward-delivery';
import type { Donation, DonationRepository } from './donation-repository';
import { fitText, hasAstral } from '../../infra/fit-text';
import { parseIpnBody } from './ipn-body';
import { DONATION_FLAGS, settleConfirmedPayment } from './crediting';

export { DONATION_FLAGS };
import { type Verification, VerificationError } from './paypal';
import type { DonationSettings } from './settings-schema';

/** What became of a notification, stored with it (site_donation_notifications.outcome). */
export type NotificationOutcome =
  | 'credited'
  | 'duplicate'
  | 'invalid'
  | 'verify_failed'
  | 'malformed'
  | 'wrong_receiver'
  | 'wrong_currency'
  | 'wrong_amount'
  | 'sandbox_mismatch'
  | 'not_completed'
  | 'unknown_character'
  | 'banned_character'
  | 'reversal_recorded'
  | 'orders_payment'
  | 'failed';

export interface NotificationResult {
  outcome: NotificationOutcome;
  detail?: string;
}

export interface IpnListenerDeps {
  repository: DonationRepository;
  login: Kysely<LoginDatabase>;
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  now: () => number;
  settings: DonationSettings;
  coinsPerEuro: number;
  verify(raw: Buffer): Promise<Verification>;
  rewards: Pick<RewardDelivery, 'grant'>;
  /**
   * Whether `custom` is the donation id of a PayPal order of the donate page (Orders v2): PayPal
   * also sends IPN for those when the account has an IPN address; the order's capture credits it.
   */
  isOrderDonation(custom: string): Promise<boolean>;
  log: FastifyBaseLogger;
}

type Fields = Record<string, string>;

const REVERSAL_KINDS = {
  Refunded: 'refund',
  Reversed: 'reversal',
  Canceled_Reversal: 'canceled_reversal',
} as const satisfies Record<string, Donation['kind']>;
type ReversalKind = (typeof REVERSAL_KINDS)[keyof typeof REVERSAL_KINDS];

/** What a refund, reversal or cancelled reversal makes of the payment it points at. */
const PARENT_STATUS: Record<ReversalKind, string> = {
  refund: 'refunded',
  reversal: 'reversed',
  canceled_reversal: 'credited',
};

const REVERSAL_MESSAGES: Record<ReversalKind, string> = {
  refund: 'PayPal refunded a donation: its coins stay in game, take them back by hand if you must',
  reversal: 'PayPal reversed a donation (chargeback or dispute): its coins stay in game, take them back by hand',
  canceled_reversal: 'PayPal cancelled the reversal of a donation: the money is back, the donation counts again',
};

const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** Our account is the receiver: by e-mail (receiver_email, business) or merchant id (receiver_id). */
const isOurs = (fields: Fields, business: string) =>
  same(fields.receiver_email, business) || same(fields.business, business) || same(fields.receiver_id, business);

/** mc_gross with its sign: refunds and reversals carry a negative amount. */
const signedCents = (gross: string | undefined): number => {
  const text = (gross ?? '').trim();
  return text.startsWith('-') ? -toCents(text.slice(1)) : toCents(text);
};

const credit = async (deps: IpnListenerDeps, fields: Fields): Promise<NotificationResult> => {
  const { settings, log } = deps;
  const txnId = fields.txn_id ?? '';
  if (!txnId) return { outcome: 'malformed', detail: 'no txn_id' };
  if (fields.mc_currency !== settings.currency) {
    log.warn(
      { txnId, currency: fields.mc_currency },
      'PayPal payment in another currency than the settings: not credited',
    );
    return { outcome: 'wrong_currency', detail: `mc_currency ${fields.mc_currency ?? ''}` };
  }
  const cents = toCents(fields.mc_gross ?? '');
  if (!(cents >= Math.round(settings.minAmount * 100) && cents <= Math.round(settings.maxAmount * 100))) {
    log.warn({ txnId, gross: fields.mc_gross }, 'PayPal payment outside the allowed amounts: not credited');
    return { outcome: 'wrong_amount', detail: `mc_gross ${fields.mc_gross ?? ''}` };
  }

  const charName = (fields.custom ?? '').trim();
  if (charName && (await deps.isOrderDonation(charName))) {
    log.info({ txnId, donationId: charName }, 'IPN of a PayPal order of the donate page: its capture credits it');
    return { outcome: 'orders_payment', detail: charName };
  }
  // No character name has a 4-byte character (and a utf8mb3 game table could not compare one).
  const character =
    charName && !hasAstral(charName) ? await findCharacterByName(deps.game, deps.schema, charName) : undefined;
  // Votes refuse a banned character; a payment for one is recorded, and the owner decides.
  const banned =
    character !== undefined &&
    (await isBannedFromRewards({ login: deps.login, game: deps.game }, deps.schema, character, deps.now()));
  return settleConfirmedPayment(deps, {
    txnId,
    charName,
    character: character && { charId: character.charId, name: character.name },
    banned,
    cents,
    currency: settings.currency,
    coins: coinsForDonation(cents, deps.coinsPerEuro),
    payerEmail: fields.payer_email ?? '',
  });
};

const recordReversal = async (
  deps: IpnListenerDeps,
  fields: Fields,
  kind: ReversalKind,
): Promise<NotificationResult> => {
  const { repository, log } = deps;
  const txnId = fields.txn_id ?? '';
  const parentTxnId = fields.parent_txn_id ?? '';
  if (!txnId || !parentTxnId) return { outcome: 'malformed', detail: 'no txn_id or parent_txn_id' };
  const parent = await repository.find(parentTxnId);
  const cents = signedCents(fields.mc_gross);
  const recorded = await repository.insertOnce({
    provider: 'paypal',
    txn_id: txnId,
    kind,
    parent_txn_id: parentTxnId,
    char_name: parent?.char_name ?? fitText(fields.custom ?? '', 64),
    char_id: parent?.char_id ?? null,
    amount_cents: Number.isNaN(cents) ? 0 : cents,
    currency: (fields.mc_currency ?? '').slice(0, 3),
    coins: parent?.coins ?? 0,
    payer_email: fitText(fields.payer_email ?? '', 127),
    status: 'recorded',
  });
  if (!recorded.inserted) return { outcome: 'duplicate' };
  if (parent) await repository.update(parentTxnId, { status: PARENT_STATUS[kind] });
  log.warn(
    {
      donationFlag: DONATION_FLAGS[kind],
      txnId,
      parentTxnId,
      charName: parent?.char_name ?? fields.custom ?? '',
      coins: parent?.coins ?? 0,
      amount: fields.mc_gross,
      currency: fields.mc_currency,
      reasonCode: fields.reason_code,
      knownPayment: Boolean(parent),
    },
    REVERSAL_MESSAGES[kind],
  );
  return { outcome: 'reversal_recorded', detail: `${kind} of ${parentTxnId}` };
};

/** A verified notification: is it ours and as expected, and what does it record? */
const judge = async (deps: IpnListenerDeps, fields: Fields): Promise<NotificationResult> => {
  const { settings, log } = deps;
  if (!isOurs(fields, settings.paypal.business)) {
    log.warn(
      { txnId: fields.txn_id, receiver: fields.receiver_email ?? fields.business },
      'PayPal notification for another receiver',
    );
    return { outcome: 'wrong_receiver', detail: `receiver ${fields.receiver_email ?? fields.business ?? ''}` };
  }
  if ((fields.test_ipn === '1') !== settings.paypal.sandbox) {
    log.warn({ txnId: fields.txn_id }, 'PayPal sandbox notification on a live site, or the other way round');
    return { outcome: 'sandbox_mismatch' };
  }
  const status = fields.payment_status ?? '';
  if (status === 'Completed') return credit(deps, fields);
  if (status in REVERSAL_KINDS)
    return recordReversal(deps, fields, REVERSAL_KINDS[status as keyof typeof REVERSAL_KINDS]);
  // Pending, Denied, Failed, Expired...: a Pending payment notifies again once Completed.
  log.info({ txnId: fields.txn_id, status }, 'PayPal notification without a completed payment');
  return { outcome: 'not_completed', detail: status };
};

/** A stored notification is due for its first retry this long after it arrived, unless settled. */
export const FIRST_RETRY_MS = 60_000;
/** Retries back off from one minute to one hour... */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** ...for as long as PayPal itself resends a notification: then the owner resends it from PayPal. */
export const RETRY_FOR_MS = 4 * 24 * 60 * 60_000;

/** Stores a notification as it arrived (the fields kept of it and its raw bytes until settled). */
export const storeNotification = async (deps: IpnListenerDeps, raw: Buffer): Promise<number> =>
  deps.repository.recordNotification({ raw, fields: parseIpnBody(raw), retryAfterMs: FIRST_RETRY_MS });

/**
 * A stored notification: verify it with PayPal, and only then judge it. Its outcome is stored
 * with it; a failed verification or a fault is retried later from the stored bytes (PayPal was
 * told 200 and does not resend). Throws only when the outcome itself cannot be stored.
 */
export const settleNotification = async (
  deps: IpnListenerDeps,
  stored: { id: number; raw: Buffer; receivedAt: number; attempts: number },
  now: () => number,
): Promise<NotificationResult> => {
  const { repository, log } = deps;
  const fields = parseIpnBody(stored.raw);
  let verification = 'error';
  let result: NotificationResult;
  let transient = false;
  try {
    verification = await deps.verify(stored.raw);
    if (verification === 'INVALID') {
      log.warn({ txnId: fields.txn_id }, 'PayPal answered INVALID: notification ignored');
      result = { outcome: 'invalid' };
    } else {
      result = await judge(deps, fields);
    }
  } catch (error) {
    transient = true;
    const message = (error as Error).message;
    if (error instanceof VerificationError) {
      log.error({ txnId: fields.txn_id, err: error }, 'PayPal notification not verified; it is retried');
      result = { outcome: 'verify_failed', detail: message };
    } else {
      log.error({ txnId: fields.txn_id, err: error }, 'PayPal notification failed; it is retried');
      result = { outcome: 'failed', detail: message };
    }
  }
  const retryAt = now() + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(stored.attempts, 16));
  if (transient && retryAt - stored.receivedAt > RETRY_FOR_MS) {
    log.error(
      { txnId: fields.txn_id, attempts: stored.attempts + 1 },
      'PayPal notification given up after four days of retries: resend it from PayPal (IPN history)',
    );
  }
  const keep = transient && retryAt - stored.receivedAt <= RETRY_FOR_MS;
  await repository.settleNotification(stored.id, { verification, ...result, ...(keep ? { retryAt } : {}) });
  return result;
};

/** One notification at once: store it, verify and judge it (the owner's log tests). */
export const processNotification = async (deps: IpnListenerDeps, raw: Buffer): Promise<NotificationResult> => {
  const now = Date.now;
  const id = await storeNotification(deps, raw);
  return settleNotification(deps, { id, raw, receivedAt: now(), attempts: 0 }, now);
};
