import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ForgedNotification,
  type PaymentProvider,
  type ProviderEvent,
  ProviderUnavailable,
  headerOf,
} from './payment-provider';

/** Where Mercado Pago posts its notifications (sent with each preference as notification_url). */
export const MERCADOPAGO_WEBHOOK_PATH = '/payments/mercadopago/webhook';

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

const MERCADOPAGO_TIMEOUT_MS = 15_000;

export interface MercadoPagoOptions {
  accessToken: string;
  webhookSecret: string;
  currency: string;
  /** Empty: Mercado Pago's API. The tests point it at a local stand-in. */
  apiBaseUrl: string;
}

/** Mercado Pago refused a call (4xx). */
export class MercadoPagoRefused extends Error {}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
/** Mercado Pago writes money as decimal numbers (10.5): whole cents of it. */
const centsOf = (value: unknown): number => Math.round(Number(value) * 100);

/**
 * The manifest Mercado Pago signs (docs/integrations.md#mercado-pago): the notified id (lower
 * case when it is alphanumeric), the request id and the timestamp of x-signature.
 */
export const mercadoPagoManifest = (dataId: string, requestId: string, ts: string): string =>
  `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};request-id:${requestId};ts:${ts};`;

/** x-signature is `ts=<seconds>,v1=<hex HMAC-SHA256>`. */
const readSignature = (header: string): { ts: string; v1: string } => {
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  return { ts: parts.ts ?? '', v1: parts.v1 ?? '' };
};

/**
 * Mercado Pago Checkout Pro (PIX and cards) through its REST API with plain fetch
 * (docs/decisions/052-payment-provider-layer.md: its SDK cannot be pointed at a stand-in): a
 * preference per donation, the donor pays on Mercado Pago's page; a notification names a payment,
 * verified by x-signature, and the payment is then read from the API.
 */
export const createMercadoPagoProvider = (options: MercadoPagoOptions): PaymentProvider => {
  const base = (options.apiBaseUrl || MERCADOPAGO_API_URL).replace(/\/+$/, '');

  const call = async (path: string, init: { method: string; body?: unknown; idempotencyKey?: string }) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(MERCADOPAGO_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailable(`Mercado Pago did not answer ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailable(`Mercado Pago answered HTTP ${response.status} to ${path}`);
    }
    let body: Json;
    try {
      body = asObject(text ? JSON.parse(text) : {});
    } catch {
      throw new ProviderUnavailable(`Mercado Pago answered ${path} with what is not JSON`);
    }
    if (response.status >= 400) {
      throw new MercadoPagoRefused(`Mercado Pago refused ${path} (HTTP ${response.status}): ${asText(body.message)}`);
    }
    return body;
  };

  /** What a payment's state says: paid once approved, then each refund, and a chargeback. */
  const eventsOfPayment = (payment: Json): ProviderEvent[] => {
    const paymentId = asText(payment.id);
    const status = asText(payment.status);
    const currency = asText(payment.currency_id).toUpperCase();
    const cents = centsOf(payment.transaction_amount);
    const wasPaid = ['approved', 'refunded', 'charged_back', 'in_mediation'].includes(status);
    if (!paymentId || !wasPaid) {
      return [{ kind: 'ignored', eventId: `payment-${paymentId}-${status}`, detail: `payment ${status}` }];
    }
    const events: ProviderEvent[] = [
      {
        kind: 'paid',
        eventId: `payment-${paymentId}-approved`,
        paymentId,
        reference: asText(payment.external_reference),
        cents,
        currency,
      },
    ];
    const refunds = Array.isArray(payment.refunds) ? payment.refunds.map(asObject) : [];
    for (const refund of refunds) {
      const refundId = asText(refund.id);
      if (!refundId || (refund.status !== undefined && asText(refund.status) !== 'approved')) continue;
      events.push({
        kind: 'refund',
        eventId: `refund-${refundId}`,
        paymentId,
        returnId: refundId,
        cents: centsOf(refund.amount),
        currency,
      });
    }
    if (status === 'charged_back' || status === 'in_mediation') {
      // A chargeback or a dispute opened: what was not refunded goes back.
      events.push({
        kind: 'dispute',
        eventId: `chargeback-${paymentId}`,
        paymentId,
        returnId: `chargeback-${paymentId}`,
        cents: Math.max(0, cents - centsOf(payment.transaction_amount_refunded ?? 0)),
        currency,
      });
    }
    return events;
  };

  return {
    name: 'mercadopago',
    currency: options.currency,
    async createPayment(request) {
      const body = await call('/checkout/preferences', {
        method: 'POST',
        idempotencyKey: `preference-${request.reference}`,
        body: {
          items: [
            {
              id: 'donation',
              title: request.description,
              quantity: 1,
              currency_id: request.currency,
              unit_price: request.cents / 100,
            },
          ],
          external_reference: request.reference,
          back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.cancelUrl },
          auto_return: 'approved',
          notification_url: request.notifyUrl,
        },
      });
      const redirectUrl = asText(body.init_point);
      if (!asText(body.id) || !redirectUrl.startsWith('http')) {
        throw new ProviderUnavailable('Mercado Pago gave no checkout page');
      }
      return { redirectUrl, providerRef: asText(body.id) };
    },
    async readNotification(notification) {
      const body = asObject(
        (() => {
          try {
            return JSON.parse(notification.raw) as unknown;
          } catch {
            return {};
          }
        })(),
      );
      const dataId = asText(notification.query['data.id']) || asText(asObject(body.data).id);
      const requestId = headerOf(notification, 'x-request-id');
      const { ts, v1 } = readSignature(headerOf(notification, 'x-signature'));
      if (!dataId || !ts || !/^[0-9a-f]{64}$/i.test(v1))
        throw new ForgedNotification('x-signature missing or malformed');
      const expected = createHmac('sha256', options.webhookSecret)
        .update(mercadoPagoManifest(dataId, requestId, ts))
        .digest();
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new ForgedNotification('x-signature does not hold');
      const type = asText(notification.query.type) || asText(body.type);
      if (type !== 'payment') return [{ kind: 'ignored', eventId: `${type}-${dataId}`, detail: type }];
      if (!/^\d{1,20}$/.test(dataId)) return [{ kind: 'ignored', eventId: `payment-${dataId}`, detail: 'not an id' }];
      return eventsOfPayment(await call(`/v1/payments/${dataId}`, { method: 'GET' }));
    },
  };
};
