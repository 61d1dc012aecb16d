import type { FastifyBaseLogger } from 'fastify';
import { fitText } from '../../infra/fit-text';
import type { RewardDelivery } from '../rewards/reward-delivery';
import type { WalletReason } from '@gatekeeper/contract';
import type { Donation, DonationRepository } from './donation-repository';
import type { ProviderName } from './providers/payment-provider';

/**
 * The flag of a log line that needs the owner: money came back, or money came without a
 * character to credit. Search the logs for `donationFlag`; `npm run donations -- --flagged` lists them.
 */
export const DONATION_FLAGS = {
  refund: 'DONATION_REFUNDED',
  reversal: 'DONATION_REVERSED',
  canceled_reversal: 'DONATION_REVERSAL_CANCELED',
  walletShortfall: 'DONATION_WALLET_SHORTFALL',
  unknownCharacter: 'DONATION_UNKNOWN_CHARACTER',
  bannedCharacter: 'DONATION_BANNED_CHARACTER',
} as const;

/**
 * The coins a refund (or reversal) of `cents` takes back of a payment of `paidCents` that
 * credited `coins`, after refunds of `earlierCents`: its share of the coins, rounded in the
 * player's favour (down). Counted on the running total, so partial refunds add up to what one
 * refund of their sum would take, and never to more than the coins credited.
 */
export const coinsOfRefund = (
  payment: { coins: number; paidCents: number },
  earlierCents: number,
  cents: number,
): number => {
  if (payment.paidCents <= 0 || payment.coins <= 0) return 0;
  const upTo = (refunded: number) => {
    const capped = BigInt(Math.min(Math.max(refunded, 0), payment.paidCents));
    return Number((BigInt(payment.coins) * capped) / BigInt(payment.paidCents));
  };
  return upTo(earlierCents + Math.max(cents, 0)) - upTo(earlierCents);
};

/**
 * The grant of a payment: once per provider transaction (PayPal: the IPN's txn_id, the Orders
 * capture id; Stripe: the PaymentIntent; Mercado Pago: the payment id).
 */
export const donationRequestId = (txnId: string, provider: ProviderName = 'paypal'): string => `${provider}:${txnId}`;

/**
 * The wallet entry of a donation to the wallet: keyed by the provider's payment id, so that a
 * repeated or concurrent notification credits once (decision 050's key space: `donation:`).
 */
export const donationWalletKey = (txnId: string, provider: ProviderName): string => `donation:${provider}:${txnId}`;

/** The wallet entry taking back a refund's or dispute's share: keyed by the provider's id of the return. */
export const donationReturnWalletKey = (returnId: string, provider: ProviderName): string =>
  `donation-return:${provider}:${returnId}`;

/** What a donation's wallet entry shows as its reference: the provider and its payment id. */
export const donationWalletReference = (txnId: string, provider: ProviderName): string => `${provider} ${txnId}`;

/** A movement of an account's wallet, in minor units of the site's coin, once per key. */
interface DonationWalletMove {
  login: string;
  amountMinor: number;
  idempotencyKey: string;
  reason: WalletReason;
  reference: string;
}

/**
 * What donations ask of the wallet (features/wallet/wallet.ts), handed in by app.ts: credit a
 * donation, and take a refund's share back up to what the balance holds (taken: what it took).
 */
export interface DonationWallet {
  credit(move: DonationWalletMove): Promise<{ status: 'done' | 'duplicate' | 'refused'; balance: number }>;
  debitUpTo(
    move: DonationWalletMove,
  ): Promise<{ status: 'done' | 'duplicate' | 'refused'; balance: number; taken: number }>;
}

export interface PaymentToCredit {
  /** Whose transaction it is; PayPal when not said. */
  provider?: ProviderName;
  /** PayPal's transaction: the IPN's txn_id, or the capture id of an order (the same id). */
  txnId: string;
  charName: string;
  /** The character found for charName; undefined records the payment without coins. */
  character: { charId: number; name: string } | undefined;
  /** The character or its account is banned: the payment is recorded without coins. */
  banned?: boolean;
  cents: number;
  currency: string;
  coins: number;
  payerEmail: string;
  /**
   * The account whose wallet receives the coins (a donation started with donations.target
   * wallet); the character is then not asked for. Empty or absent: the character's coins.
   */
  walletLogin?: string;
  /** Our donation id (the provider layer's): a supporter code remembered under it gets its share. */
  reference?: string;
}

export interface CreditDeps {
  repository: DonationRepository;
  rewards: Pick<RewardDelivery, 'grant'>;
  /** The wallet, for donations to an account's wallet. */
  wallet?: Pick<DonationWallet, 'credit'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The partner's share of a donation made with a supporter code (supporter-codes.ts). */
  supporter?: {
    onPaid(paid: { provider: ProviderName; reference: string; paymentId: string; coins: number }): Promise<void>;
  };
}

/**
 * Records a completed payment once per transaction and grants its coins: the site_donations row
 * is inserted first, so of two notices of one payment (IPN and webhook, the capture answer and
 * the webhook, two instances) however close, only one inserts; the grant's request id makes the
 * delivery once too, should the first attempt have stopped between the two.
 */
export const creditPayment = async (
  deps: CreditDeps,
  payment: PaymentToCredit,
): Promise<{ outcome: 'credited' | 'duplicate' | 'unknown_character' | 'banned_character'; detail?: string }> => {
  const { repository, log } = deps;
  const { txnId, character } = payment;
  const recorded = await repository.insertOnce({
    provider: payment.provider ?? 'paypal',
    txn_id: txnId,
    kind: 'payment',
    char_name: fitText(payment.charName, 64),
    char_id: character?.charId ?? null,
    amount_cents: payment.cents,
    currency: payment.currency,
    coins: payment.coins,
    payer_email: fitText(payment.payerEmail, 127),
    status: !character ? 'unknown_character' : payment.banned ? 'banned_character' : 'crediting',
  });
  // A repeat is done with, unless the first attempt stopped between recording and delivering.
  if (!recorded.inserted && recorded.existing.status !== 'crediting') return { outcome: 'duplicate' };
  if (!character) {
    log.warn(
      { donationFlag: DONATION_FLAGS.unknownCharacter, txnId, charName: payment.charName, coins: payment.coins },
      'PayPal payment for a character that does not exist: recorded, no coins credited; credit them by hand',
    );
    return { outcome: 'unknown_character', detail: payment.charName };
  }
  if (payment.banned) {
    log.warn(
      { donationFlag: DONATION_FLAGS.bannedCharacter, txnId, charName: character.name, coins: payment.coins },
      'PayPal payment for a banned character or account: recorded, no coins credited; refund it or credit it by hand',
    );
    return { outcome: 'banned_character', detail: character.name };
  }
  const granted = await deps.rewards.grant({
    requestId: donationRequestId(txnId, payment.provider),
    charId: character.charId,
    count: payment.coins,
    reason: 'donation',
  });
  if (granted.status === 'duplicate') {
    await repository.update(txnId, { status: 'credited' });
    return { outcome: 'duplicate' };
  }
  await repository.update(txnId, { status: 'credited', reward_status: granted.status });
  log.info({ txnId, charName: character.name, coins: payment.coins, reward: granted.status }, 'donation credited');
  return { outcome: 'credited', detail: `${payment.coins} coins to ${character.name}, reward ${granted.status}` };
};

/**
 * Records a payment to an account's wallet once per transaction and credits its coins there, in
 * minor units of the site's coin: the site_donations row first (as for a character), then the
 * wallet entry, whose key (the provider's payment id) makes the credit once even if the first
 * attempt stopped between the two.
 */
export const creditPaymentToWallet = async (
  deps: CreditDeps,
  payment: PaymentToCredit & { walletLogin: string },
): Promise<{ outcome: 'credited' | 'duplicate'; detail?: string }> => {
  const { repository, log, wallet } = deps;
  if (!wallet) throw new Error('a donation to a wallet without the wallet');
  const provider = payment.provider ?? 'paypal';
  const recorded = await repository.insertOnce({
    provider,
    txn_id: payment.txnId,
    kind: 'payment',
    login: payment.walletLogin,
    char_name: '',
    char_id: null,
    amount_cents: payment.cents,
    currency: payment.currency,
    coins: payment.coins,
    payer_email: fitText(payment.payerEmail, 127),
    status: 'crediting',
    reward_status: 'wallet',
  });
  if (!recorded.inserted && recorded.existing.status !== 'crediting') return { outcome: 'duplicate' };
  const credited =
    payment.coins > 0
      ? await wallet.credit({
          login: payment.walletLogin,
          amountMinor: payment.coins,
          idempotencyKey: donationWalletKey(payment.txnId, provider),
          reason: 'donation',
          reference: donationWalletReference(payment.txnId, provider),
        })
      : { status: 'done' as const };
  await repository.update(payment.txnId, { status: 'credited' });
  if (credited.status === 'duplicate') return { outcome: 'duplicate' };
  log.info({ txnId: payment.txnId, provider, login: payment.walletLogin, coins: payment.coins }, 'donation to wallet');
  return { outcome: 'credited', detail: `${payment.coins} coins to the wallet of ${payment.walletLogin}` };
};

/**
 * Where a confirmed payment goes, for every provider (PayPal's IPN and Orders, Stripe, Mercado
 * Pago): to the account's wallet when the donation was started for it (donations.target wallet),
 * else coins to the character it was made for; once either way.
 */
export const settleConfirmedPayment = async (
  deps: CreditDeps,
  payment: PaymentToCredit,
): Promise<{ outcome: 'credited' | 'duplicate' | 'unknown_character' | 'banned_character'; detail?: string }> => {
  const settled = payment.walletLogin
    ? await creditPaymentToWallet(deps, { ...payment, walletLogin: payment.walletLogin })
    : await creditPayment(deps, payment);
  // A supporter code's share, also on a repeat (its own key makes it once): decision 052, third part.
  if (payment.reference && deps.supporter) {
    const { provider = 'paypal', reference, txnId, coins } = payment;
    await deps.supporter.onPaid({ provider, reference, paymentId: txnId, coins });
  }
  return settled;
};

/**
 * A refund or dispute of a donation to a wallet, for every provider (PayPal's Orders webhooks and
 * the provider layer's events alike): its share of the coins (`coins`, coinsOfRefund's) taken
 * back from the wallet with debitUpTo, keyed by the provider's id of the return, which never
 * takes the balance below zero; what it could not take (spent in the shop meanwhile) is the
 * refund row's shortfall, flagged for the owner in the ledger. The refund row (`txnId`) was
 * recorded once before; the payment is marked refunded or reversed. The caller marks its own
 * order or payment row.
 */
export const takeBackFromWallet = async (
  deps: {
    repository: DonationRepository;
    wallet?: Pick<DonationWallet, 'debitUpTo'>;
    log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  },
  input: {
    provider: ProviderName;
    kind: 'refund' | 'reversal';
    /** The provider's id of the refund or dispute: the wallet entry's key. */
    returnId: string;
    /** The payment's id (its site_donations txn_id). */
    paymentId: string;
    parent: Donation;
    /** The refund's site_donations row. */
    txnId: string;
    coins: number;
  },
): Promise<'taken_back' | 'shortfall'> => {
  const { repository, log, wallet } = deps;
  if (!wallet) throw new Error('a refund of a wallet donation without the wallet');
  const { provider, kind, returnId, paymentId, parent, txnId, coins } = input;
  const taken =
    coins > 0
      ? (
          await wallet.debitUpTo({
            login: parent.login,
            amountMinor: coins,
            idempotencyKey: donationReturnWalletKey(returnId, provider),
            reason: kind === 'refund' ? 'refund' : 'chargeback',
            reference: donationWalletReference(paymentId, provider),
          })
        ).taken
      : 0;
  const shortfall = coins - taken;
  await repository.update(txnId, { coins, shortfall, status: shortfall > 0 ? 'shortfall' : 'taken_back' });
  await repository.update(paymentId, { status: kind === 'refund' ? 'refunded' : 'reversed' });
  const context = { provider, paymentId, returnId, login: parent.login, coins, taken };
  if (shortfall === 0) {
    log.info(context, `${provider} ${kind} of a wallet donation: its share taken back from the wallet`);
    return 'taken_back';
  }
  log.warn(
    { ...context, shortfall, donationFlag: DONATION_FLAGS.walletShortfall },
    `${provider} ${kind} of a wallet donation whose coins were spent: ${shortfall} not taken back; flagged for you`,
  );
  return 'shortfall';
};
