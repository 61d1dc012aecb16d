/**
 * One payment provider behind one interface (docs/decisions/052-payment-provider-layer.md): it
 * creates a payment for an amount and our reference and says where the donor goes; it reads its
 * own signed notifications into provider events. What the site does with an event (credit once,
 * take back refunds and disputes in proportion) is the same for every provider:
 * provider-payments.ts.
 */

export const PROVIDER_NAMES = ['paypal', 'stripe', 'mercadopago'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface PaymentRequest {
  /** Our donation id: the provider carries it back in its notifications. */
  reference: string;
  /** Integer minor units (cents, centavos). */
  cents: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the donor sees at the provider. */
  description: string;
  /** Where the provider sends the donor after paying, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
  /** Where the provider posts its notifications (Mercado Pago takes it per payment). */
  notifyUrl: string;
}

export interface CreatedPayment {
  /** The provider's page the donor pays at. */
  redirectUrl: string;
  /** The provider's id of what was created (a Checkout Session, a preference, an order). */
  providerRef: string;
}

/**
 * What a verified notification says. Every event has the provider's own id, under which it is
 * applied once; `paymentId` is the provider's id of the money that moved (a PaymentIntent, a
 * Mercado Pago payment), the key the coins are granted under.
 */
export type ProviderEvent =
  | {
      kind: 'paid';
      eventId: string;
      paymentId: string;
      reference: string;
      cents: number;
      currency: string;
    }
  | {
      /** Money went back to the donor: a refund (partial ones add up) or a dispute / chargeback. */
      kind: 'refund' | 'dispute';
      eventId: string;
      paymentId: string;
      /** The refund's or dispute's own id: recorded once. */
      returnId: string;
      cents: number;
      currency: string;
    }
  | { kind: 'ignored'; eventId: string; detail: string };

/** A notification as it arrived: the exact body, the headers (lower case) and the query. */
export interface ReceivedNotification {
  raw: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/** The provider could not be reached or answered what is not its protocol: try again later. */
export class ProviderUnavailable extends Error {}

/** A notification whose signature does not hold: nothing is applied. */
export class ForgedNotification extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The currency the provider takes the site's donations in (BRL for Mercado Pago). */
  readonly currency: string;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Verifies a notification (ForgedNotification when it does not hold) and reads what it says,
   * asking the provider for the payment where the notification only names it.
   */
  readNotification(notification: ReceivedNotification): Promise<ProviderEvent[]>;
}

/** Currencies written without minor units at the providers: the site's cents do not fit them. */
export const ZERO_DECIMAL_CURRENCIES = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'HUF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'TWD',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export const headerOf = (notification: ReceivedNotification, name: string): string => {
  const value = notification.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};
