import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../http-server';

/**
 * A local server speaking Mercado Pago's REST API as the donations call it: a Bearer access
 * token, JSON bodies; preferences (POST /checkout/preferences, with init_point, the page the donor
 * pays at), payments read back (GET /v1/payments/:id) with their refunds; and webhook
 * notifications signed the way Mercado Pago signs them (x-signature `ts=…,v1=…`: HMAC-SHA256 with
 * the webhook secret of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`). The page's payment
 * (PIX or card) posts its notification to the preference's notification_url, as Mercado Pago
 * does. The end-to-end tests run it as a process: node --import tsx mercadopago-stand-in.ts PORT
 * ACCESS_TOKEN WEBHOOK_SECRET.
 */
export interface Notification {
  /** The notification URL's path and query (`?data.id=…&type=payment`). */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakePreference {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  backUrls: { success: string; failure: string; pending: string };
  notificationUrl: string;
}

export interface FakeMpPayment {
  id: string;
  preferenceId: string;
  status: 'approved' | 'refunded' | 'charged_back';
  method: 'pix' | 'credit_card';
  refunds: { id: string; amount: number }[];
}

export interface MercadoPagoStandIn {
  origin: string;
  accessToken: string;
  webhookSecret: string;
  preferences: Map<string, FakePreference>;
  payments: Map<string, FakeMpPayment>;
  /** The donor pays the preference (PIX by default): the payment's id and its notification, signed. */
  pay(preferenceId: string, method?: FakeMpPayment['method']): { paymentId: string; notification: Notification };
  /** A refund of `cents` of a payment (all refunded: the payment is `refunded`). */
  refund(paymentId: string, cents: number): Notification;
  /** A chargeback: the payment is `charged_back`. */
  chargeback(paymentId: string): Notification;
  /** A payment notification signed with `secret` (the webhook secret unless given). */
  notification(paymentId: string, secret?: string): Notification;
  calls: string[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

let nextId = 1_300_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const numericId = () => String((nextId += 1));

export const startMercadoPagoStandIn = async (
  options: { port?: number; accessToken?: string; webhookSecret?: string } = {},
): Promise<MercadoPagoStandIn> => {
  const accessToken = options.accessToken ?? `APP_USR-${randomBytes(16).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString('hex');
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<string, FakeMpPayment>();
  const calls: string[] = [];
  let origin = '';

  const paymentObject = (payment: FakeMpPayment) => {
    const preference = preferences.get(payment.preferenceId) as FakePreference;
    const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    return {
      id: Number(payment.id),
      status: payment.status,
      status_detail: payment.status === 'approved' ? 'accredited' : payment.status,
      payment_method_id: payment.method === 'pix' ? 'pix' : 'master',
      payment_type_id: payment.method === 'pix' ? 'bank_transfer' : 'credit_card',
      currency_id: preference.currency,
      transaction_amount: preference.amount,
      transaction_amount_refunded: refunded,
      external_reference: preference.reference,
      refunds: payment.refunds.map((refund) => ({
        id: Number(refund.id),
        payment_id: Number(payment.id),
        amount: refund.amount,
        status: 'approved',
      })),
      live_mode: false,
    };
  };

  const notification = (paymentId: string, secret = webhookSecret): Notification => {
    const requestId = randomUUID();
    const ts = String(Date.now());
    const v1 = createHmac('sha256', secret).update(`id:${paymentId};request-id:${requestId};ts:${ts};`).digest('hex');
    const payment = payments.get(paymentId);
    const preference = payment ? preferences.get(payment.preferenceId) : undefined;
    const path = new URL(preference?.notificationUrl ?? 'http://x/payments/mercadopago/webhook').pathname;
    return {
      path: `${path}?data.id=${paymentId}&type=payment`,
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      body: JSON.stringify({
        id: Number(numericId()),
        live_mode: false,
        type: 'payment',
        date_created: new Date().toISOString(),
        user_id: 44444,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: paymentId },
      }),
    };
  };

  const paymentOf = (paymentId: string) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    return payment;
  };

  const pay = (preferenceId: string, method: FakeMpPayment['method'] = 'pix') => {
    if (!preferences.has(preferenceId)) throw new Error(`no preference ${preferenceId}`);
    const payment: FakeMpPayment = { id: numericId(), preferenceId, status: 'approved', method, refunds: [] };
    payments.set(payment.id, payment);
    return { paymentId: payment.id, notification: notification(payment.id) };
  };

  const server = await startHttpServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const body = await readBody(request);
      calls.push(`${request.method} ${url.pathname}`);
      // The donor's side: the checkout page, PIX or card.
      if (url.pathname === '/checkout/v1/redirect' && request.method === 'GET') {
        const preference = preferences.get(url.searchParams.get('pref_id') ?? '');
        if (!preference) return json(response, 404, { message: 'preference not found' });
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const button = (method: string, label: string) =>
          `<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${preference.id}"><input type="hidden" name="method" value="${method}"><button>${label}</button></form>`;
        return response.end(
          `<!doctype html><html lang="pt-BR"><head><title>Mercado Pago</title></head><body><main><h1>Mercado Pago</h1>` +
            `<p>R$ ${preference.amount.toFixed(2)}</p>${button('pix', 'Pagar com Pix')}${button('credit_card', 'Pagar com cartão')}` +
            `<a href="${preference.backUrls.failure}">Voltar</a></main></body></html>`,
        );
      }
      if (url.pathname === '/checkout/v1/pay' && request.method === 'POST') {
        const form = new URLSearchParams(body);
        const preference = preferences.get(form.get('pref_id') ?? '');
        if (!preference) return json(response, 404, { message: 'preference not found' });
        const paid = pay(preference.id, form.get('method') === 'credit_card' ? 'credit_card' : 'pix');
        await fetch(new URL(paid.notification.path, preference.notificationUrl), {
          method: 'POST',
          headers: paid.notification.headers,
          body: paid.notification.body,
        });
        const back = new URL(preference.backUrls.success);
        back.searchParams.set('payment_id', paid.paymentId);
        back.searchParams.set('status', 'approved');
        back.searchParams.set('external_reference', preference.reference);
        response.writeHead(303, { location: back.toString() });
        return response.end();
      }
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return json(response, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
      }
      if (url.pathname === '/checkout/preferences' && request.method === 'POST') {
        const input = JSON.parse(body || '{}') as {
          items?: { unit_price?: number; currency_id?: string; quantity?: number }[];
          external_reference?: string;
          back_urls?: FakePreference['backUrls'];
          notification_url?: string;
        };
        const item = input.items?.[0];
        if (!item || typeof item.unit_price !== 'number' || item.unit_price <= 0 || !input.notification_url) {
          return json(response, 400, { message: 'invalid items', error: 'bad_request', status: 400 });
        }
        const preference: FakePreference = {
          id: `44444-${randomUUID()}`,
          amount: item.unit_price * (item.quantity ?? 1),
          currency: item.currency_id ?? 'BRL',
          reference: input.external_reference ?? '',
          backUrls: input.back_urls ?? { success: '', failure: '', pending: '' },
          notificationUrl: input.notification_url,
        };
        preferences.set(preference.id, preference);
        return json(response, 201, {
          id: preference.id,
          init_point: `${origin}/checkout/v1/redirect?pref_id=${preference.id}`,
          sandbox_init_point: `${origin}/checkout/v1/redirect?pref_id=${preference.id}`,
          external_reference: preference.reference,
          items: input.items,
        });
      }
      const read = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      if (read && request.method === 'GET') {
        const payment = payments.get(read[1] ?? '');
        if (!payment) return json(response, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
        return json(response, 200, paymentObject(payment));
      }
      return json(response, 404, { message: 'resource not found', error: 'not_found', status: 404 });
    })().catch((error: unknown) => json(response, 500, { message: String(error) }));
  }, options.port ?? 0);
  origin = server.origin;

  return {
    origin,
    accessToken,
    webhookSecret,
    preferences,
    payments,
    calls,
    pay,
    refund(paymentId, cents) {
      const payment = paymentOf(paymentId);
      payment.refunds.push({ id: numericId(), amount: cents / 100 });
      const preference = preferences.get(payment.preferenceId) as FakePreference;
      const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (Math.round(refunded * 100) >= Math.round(preference.amount * 100)) payment.status = 'refunded';
      return notification(paymentId);
    },
    chargeback(paymentId) {
      paymentOf(paymentId).status = 'charged_back';
      return notification(paymentId);
    },
    notification,
    close: server.close,
  };
};

if (process.argv[1]?.endsWith('mercadopago-stand-in.ts')) {
  const [port = '0', accessToken, webhookSecret] = process.argv.slice(2);
  const standIn = await startMercadoPagoStandIn({ port: Number(port), accessToken, webhookSecret });
  console.log(`Mercado Pago stand-in on ${standIn.origin}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
