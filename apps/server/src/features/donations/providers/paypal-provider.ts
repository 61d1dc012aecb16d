import { toCents } from '@gatekeeper/contract';
import { type PaypalRest, PaypalUnavailable, type WebhookHeaders, readCapture } from '../paypal-rest';
import {
  ForgedNotification,
  type PaymentProvider,
  type ProviderEvent,
  ProviderUnavailable,
  headerOf,
} from './payment-provider';

/** Currencies PayPal takes without decimals. */
export const PAYPAL_WHOLE_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

/** An amount as PayPal writes it: 12.50, or 12 in a currency without decimals. */
export const paypalAmount = (cents: number, currency: string): string =>
  PAYPAL_WHOLE_CURRENCIES.has(currency) ? String(cents / 100) : (cents / 100).toFixed(2);

const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const satisfies Record<keyof WebhookHeaders, string>;

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** The capture a refund or reversal points at: its link rel "up" (…/v2/payments/captures/ID). */
const capturePointedAt = (resource: Json): string => {
  const links = Array.isArray(resource.links) ? resource.links.map(asObject) : [];
  const up = links.find((link) => link.rel === 'up' && String(link.href ?? '').includes('/captures/'));
  return up ? (String(up.href).split('/captures/')[1]?.split(/[/?]/)[0] ?? '') : '';
};

/**
 * PayPal Orders v2 as a provider of the layer: an order per donation (the approval link is where
 * the donor goes), and webhooks verified by PayPal read into the layer's events. Its settlement
 * keeps PayPal's own steps (capture on the donor's return, pending captures, the approval webhook:
 * checkout.ts), which the layer's events do not express; the create step goes through here.
 */
export const createPaypalProvider = (
  rest: PaypalRest,
  options: { currency: string; webhookId: string },
): PaymentProvider => ({
  name: 'paypal',
  currency: options.currency,
  async createPayment(request) {
    const order = await rest.createOrder({
      requestId: `order-${request.reference}`,
      customId: request.reference,
      amount: { currency: request.currency, value: paypalAmount(request.cents, request.currency) },
      description: request.description,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
    });
    if (!order.approveUrl?.startsWith('http')) throw new PaypalUnavailable('PayPal gave no approval link');
    return { redirectUrl: order.approveUrl, providerRef: order.id };
  },
  async readNotification(notification) {
    const headers = Object.fromEntries(
      Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, headerOf(notification, header)]),
    ) as unknown as WebhookHeaders;
    if (Object.values(headers).some((value) => value === '')) throw new ForgedNotification('PayPal headers missing');
    let verified: boolean;
    try {
      verified = await rest.verifyWebhook(headers, options.webhookId, notification.raw);
    } catch (error) {
      throw new ProviderUnavailable(`PayPal did not verify the webhook: ${(error as Error).message}`);
    }
    if (!verified) throw new ForgedNotification('PayPal does not vouch for the webhook');
    const event = asObject(JSON.parse(notification.raw) as unknown);
    const eventId = String(event.id ?? '');
    const resource = asObject(event.resource);
    const amount = asObject(resource.amount);
    const cents = toCents(String(amount.value ?? ''));
    const currency = String(amount.currency_code ?? '');
    const events: ProviderEvent[] = [];
    switch (event.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED': {
        const capture = readCapture(resource);
        if (capture) {
          events.push({
            kind: 'paid',
            eventId,
            paymentId: capture.id,
            reference: capture.custom_id ?? '',
            cents,
            currency,
          });
        }
        break;
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const paymentId = capturePointedAt(resource) || String(resource.id ?? '');
        const kind = event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'dispute';
        events.push({ kind, eventId, paymentId, returnId: String(resource.id ?? ''), cents, currency });
        break;
      }
      default:
        events.push({ kind: 'ignored', eventId, detail: String(event.event_type ?? '') });
    }
    return events;
  },
});
