import Stripe from 'stripe';
import {
  ForgedNotification,
  type PaymentProvider,
  type ProviderEvent,
  ProviderUnavailable,
  headerOf,
} from './payment-provider';

/** Where Stripe posts its webhook events (subscribe to the three of payments.md). */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

/** How long one call to Stripe may take. */
const STRIPE_TIMEOUT_MS = 15_000;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  currency: string;
  /** Empty: Stripe's own API. The tests point it at a local stand-in (http://127.0.0.1:PORT). */
  apiBaseUrl: string;
}

const idOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string') return value.id;
  return '';
};

/** The SDK's host, port and protocol options from one base URL. */
const sdkTarget = (apiBaseUrl: string): Stripe.StripeConfig => {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port) || (protocol === 'http' ? 80 : 443),
    protocol,
  };
};

/**
 * Stripe Checkout through Stripe's own SDK (docs/integrations.md#stripe-checkout): a Checkout
 * Session per donation, the donor pays on Stripe's page; the webhook, verified with the endpoint
 * secret (Stripe-Signature), says it was paid, refunded or disputed.
 */
export const createStripeProvider = (options: StripeOptions): PaymentProvider => {
  const stripe = new Stripe(options.secretKey, {
    ...sdkTarget(options.apiBaseUrl),
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    appInfo: { name: 'Gatekeeper' },
  });

  const unavailable = (error: unknown) =>
    error instanceof Stripe.errors.StripeError &&
    error.type !== 'StripeConnectionError' &&
    (error.statusCode ?? 500) < 500
      ? error
      : new ProviderUnavailable(`Stripe did not answer: ${(error as Error).message}`);

  const refundsOfCharge = async (charge: Stripe.Charge): Promise<Stripe.Refund[]> => {
    // Newer API versions leave the charge's refunds out of the event: ask for them.
    if (charge.refunds?.data && !charge.refunds.has_more) return charge.refunds.data;
    try {
      const refunds: Stripe.Refund[] = [];
      for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) refunds.push(refund);
      return refunds;
    } catch (error) {
      throw unavailable(error);
    }
  };

  const eventsOf = async (event: Stripe.Event): Promise<ProviderEvent[]> => {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A bank debit completes the session unpaid; its async_payment_succeeded says paid.
        if (session.payment_status !== 'paid') {
          return [{ kind: 'ignored', eventId: event.id, detail: `session ${session.payment_status}` }];
        }
        return [
          {
            kind: 'paid',
            eventId: event.id,
            paymentId: idOf(session.payment_intent) || session.id,
            reference: session.client_reference_id ?? '',
            cents: session.amount_total ?? 0,
            currency: (session.currency ?? '').toUpperCase(),
          },
        ];
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentId = idOf(charge.payment_intent) || charge.id;
        return (await refundsOfCharge(charge))
          .filter((refund) => refund.status === 'succeeded' || refund.status === 'pending')
          .map((refund) => ({
            kind: 'refund' as const,
            eventId: `${event.id}/${refund.id}`,
            paymentId,
            returnId: refund.id,
            cents: refund.amount,
            currency: refund.currency.toUpperCase(),
          }));
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        return [
          {
            kind: 'dispute',
            eventId: event.id,
            paymentId: idOf(dispute.payment_intent) || idOf(dispute.charge),
            returnId: dispute.id,
            cents: dispute.amount,
            currency: dispute.currency.toUpperCase(),
          },
        ];
      }
      default:
        return [{ kind: 'ignored', eventId: event.id, detail: event.type }];
    }
  };

  return {
    name: 'stripe',
    currency: options.currency,
    async createPayment(request) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: request.reference,
            metadata: { donation_id: request.reference },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.cents,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
          },
          // A retried call is the same call to Stripe.
          { idempotencyKey: `session-${request.reference}` },
        );
      } catch (error) {
        throw unavailable(error);
      }
      if (!session.url?.startsWith('http')) throw new ProviderUnavailable('Stripe gave no Checkout page');
      return { redirectUrl: session.url, providerRef: session.id };
    },
    async readNotification(notification) {
      const signature = headerOf(notification, 'stripe-signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(notification.raw, signature, options.webhookSecret);
      } catch (error) {
        throw new ForgedNotification(`Stripe-Signature does not hold: ${(error as Error).message}`);
      }
      return eventsOf(event);
    },
  };
};
