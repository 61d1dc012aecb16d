import type { ProviderName } from './providers/payment-provider';
import type { Generated } from 'kysely';

/** Every payment notification received (features/donations), with what became of it. */
export interface SiteDonationNotificationsTable {
  id: Generated<number>;
  provider: 'paypal';
  /** Milliseconds since the epoch. */
  received_at: number;
  txn_id: Generated<string>;
  payment_status: Generated<string>;
  /** The provider's answer to the validation postback: VERIFIED, INVALID, or error. */
  verification: Generated<string>;
  outcome: Generated<string>;
  detail: Generated<string>;
  /**
   * The notification exactly as received (form-encoded, read as latin1), kept only until it is
   * settled: verification needs the exact bytes. Empty afterwards.
   */
  body: string;
  /** The fields kept of a notification (migration 042). */
  mc_gross: Generated<string>;
  mc_currency: Generated<string>;
  custom: Generated<string>;
  payer_email: Generated<string>;
  receiver_email: Generated<string>;
  /** Failed verification or processing attempts, and when the next one is due (ms since the epoch). */
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
}

/**
 * Donations recorded from verified notifications, one row per provider transaction (unique): a
 * payment, or a refund / reversal / cancelled reversal pointing at its payment by parent_txn_id.
 */
export interface SiteDonationsTable {
  id: Generated<number>;
  provider: ProviderName;
  txn_id: string;
  kind: 'payment' | 'refund' | 'reversal' | 'canceled_reversal';
  parent_txn_id: Generated<string>;
  char_name: Generated<string>;
  char_id: number | null;
  /** Negative for refunds and reversals. */
  amount_cents: number;
  currency: string;
  coins: Generated<number>;
  payer_email: Generated<string>;
  /** payment: crediting, credited, unknown_character, refunded, reversed; others: recorded. */
  status: string;
  /** What reward delivery answered: delivered, pending, failed (empty until asked); wallet: none asked. */
  reward_status: Generated<string>;
  /** The account whose wallet the payment credited (donations.target wallet); empty: a character's coins. */
  login: Generated<string>;
  /**
   * A refund or reversal of a wallet donation: the coins of its share it could not take back
   * because they were spent (status shortfall), flagged for the owner.
   */
  shortfall: Generated<number>;
  created_at: number;
  updated_at: number;
}

/**
 * PayPal orders of the donate page (Orders v2, features/donations/checkout.ts): one per donation
 * started, with its state; the capture's credit is the site_donations row of txn_id capture_id.
 */
export interface SitePaypalOrdersTable {
  id: Generated<number>;
  /** Our donation id, sent to PayPal as the purchase unit's custom_id. */
  donation_id: string;
  /** PayPal's order id (the token of the donor's return); empty until PayPal created it. */
  order_id: Generated<string>;
  /**
   * The account whose wallet the capture credits (an order started with donations.target
   * wallet, by the signed-in donor); empty: the character's coins (char_id 0 otherwise).
   */
  login: Generated<string>;
  char_name: string;
  char_id: number;
  amount_cents: number;
  currency: string;
  coins: number;
  /** created, approved, pending, credited, denied, failed, refunded, reversed (see checkout.ts). */
  status: string;
  capture_id: Generated<string>;
  /** Why the last step failed (PayPal's issue, an error). */
  detail: Generated<string>;
  /** Capture attempts after the donor's return, and when the next retry is due (ms since the epoch). */
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** PayPal webhook events received and verified, once each by PayPal's event id. */
export interface SitePaypalWebhookEventsTable {
  event_id: string;
  event_type: string;
  resource_id: string;
  outcome: string;
  received_at: number;
}

/** The owner's actions of npm run donations (a re-queued delivery...), with who and what came of it. */
export interface SiteDonationActionsTable {
  id: Generated<number>;
  at: number;
  /** The operating system user who ran the command. */
  actor: string;
  action: string;
  target: string;
  result: string;
}

/** A flagged donation the owner marked handled in the console (donations/console-section.ts). */
export interface SiteDonationResolutionsTable {
  txn_id: string;
  at: number;
  login: string;
  note: string;
}

/**
 * Donations through the provider layer (Stripe, Mercado Pago; providers/provider-payments.ts):
 * one per payment started, with its state; the credit is the site_donations row of payment_id.
 */
export interface SiteProviderPaymentsTable {
  id: Generated<number>;
  /** Our donation id, sent to the provider as the reference it carries back. */
  donation_id: string;
  provider: ProviderName;
  /** The provider's id of what was created (Checkout Session, preference). */
  provider_ref: Generated<string>;
  /** The provider's id of the money once paid (PaymentIntent, payment): the credit's txn_id. */
  payment_id: Generated<string>;
  /** The account whose wallet it credits (donations.target wallet); empty: the character's (char_id 0 otherwise). */
  login: Generated<string>;
  char_name: string;
  char_id: number;
  amount_cents: number;
  currency: string;
  coins: number;
  /** created, credited, failed, refunded, reversed (see provider-payments.ts). */
  status: string;
  detail: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** Provider events applied, once each by the provider's own event id. */
export interface SiteProviderEventsTable {
  provider: ProviderName;
  event_id: string;
  kind: string;
  outcome: string;
  received_at: number;
}

/** A partner's supporter code (supporter-codes.ts), as the owner keeps it in the console. */
export interface SiteSupporterCodesTable {
  /** Letters and digits, upper case. */
  code: string;
  /** The partner's game account (lower case), whose wallet receives the share. */
  partner_login: string;
  /** The share of a donation's coins, in basis points (1 to 5000). */
  share_bp: number;
  enabled: number;
  /** When the code stops being accepted (ms since the epoch); null: never. */
  ends_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A donation started with a supporter code, by our donation id: the code's terms as they were
 * then, and once paid the provider's payment id and the partner's share (status credited).
 */
export interface SiteSupporterPaymentsTable {
  donation_id: string;
  provider: ProviderName;
  code: string;
  partner_login: string;
  share_bp: number;
  /** The signed-in donor, if any. */
  donor_login: Generated<string>;
  payment_id: Generated<string>;
  amount_cents: number;
  currency: string;
  /** The partner's coins, floor(donation's coins x share), once paid. */
  share_coins: Generated<number>;
  /** started, credited. */
  status: string;
  created_at: number;
  updated_at: number;
}

/** A refund's or dispute's share taken back from the partner's wallet: taken, and what was spent already. */
export interface SiteSupporterReturnsTable {
  provider: ProviderName;
  return_id: string;
  payment_id: string;
  code: string;
  coins: number;
  taken: Generated<number>;
  /** Coins the partner's wallet could not give back (flagged in the ledger). */
  shortfall: Generated<number>;
  created_at: number;
}

/** The donations feature's site tables (migrations.ts): only this feature names them. */
export type DonationTables = {
  site_donation_notifications: SiteDonationNotificationsTable;
  site_donations: SiteDonationsTable;
  site_paypal_orders: SitePaypalOrdersTable;
  site_paypal_webhook_events: SitePaypalWebhookEventsTable;
  site_donation_actions: SiteDonationActionsTable;
  site_donation_resolutions: SiteDonationResolutionsTable;
  site_provider_payments: SiteProviderPaymentsTable;
  site_provider_events: SiteProviderEventsTable;
  site_supporter_codes: SiteSupporterCodesTable;
  site_supporter_payments: SiteSupporterPaymentsTable;
  site_supporter_returns: SiteSupporterReturnsTable;
};
