import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { startHttpServer } from '../http-server';

/**
 * A local server speaking Stripe's REST API as the donations call it through the official SDK:
 * form-encoded bodies, a Bearer secret key, JSON answers and Stripe's error shape. It holds
 * Checkout Sessions (POST /v1/checkout/sessions), the Checkout page the donor pays at
 * (/c/pay/:id), refunds (GET /v1/refunds?charge=), and sends webhook events signed with the
 * endpoint secret the way Stripe does (Stripe-Signature, made with the SDK's
 * generateTestHeaderString). With `webhookUrl` the page's payment posts its event there, as Stripe
 * does to a configured endpoint (the end-to-end tests run it as a process: node --import tsx
 * stripe-stand-in.ts PORT SECRET_KEY WEBHOOK_SECRET WEBHOOK_URL).
 */
export interface WebhookDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface FakeSession {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  successUrl: string;
  cancelUrl: string;
  paymentIntent: string | null;
  charge: string | null;
  refunds: { id: string; amount: number }[];
}

export interface StripeStandIn {
  origin: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** The donor pays on the Checkout page: checkout.session.completed, signed. */
  pay(sessionId: string): WebhookDelivery;
  /** A refund of `cents` of the session's charge: charge.refunded, signed. */
  refund(sessionId: string, cents: number): WebhookDelivery;
  /** A dispute opened on the session's charge: charge.dispute.created, signed. */
  dispute(sessionId: string, cents?: number): WebhookDelivery;
  /** An event signed with `secret` (the endpoint secret unless given): forged ones use another. */
  event(type: string, object: Record<string, unknown>, secret?: string): WebhookDelivery;
  /** Calls received, by "METHOD path". */
  calls: string[];
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
};

const stripeError = (response: ServerResponse, status: number, type: string, message: string) =>
  json(response, status, { error: { type, message } });

export const startStripeStandIn = async (
  options: { port?: number; secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeStandIn> => {
  const secretKey = options.secretKey ?? newId('sk');
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const calls: string[] = [];
  let origin = '';

  const sessionObject = (session: FakeSession) => ({
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: session.amount,
    amount_subtotal: session.amount,
    currency: session.currency,
    client_reference_id: session.reference,
    metadata: { donation_id: session.reference },
    payment_intent: session.paymentIntent,
    payment_status: session.paymentIntent ? 'paid' : 'unpaid',
    status: session.paymentIntent ? 'complete' : 'open',
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.paymentIntent ? null : `${origin}/c/pay/${session.id}`,
    livemode: false,
  });

  const refundObject = (session: FakeSession, refund: { id: string; amount: number }) => ({
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: session.currency,
    charge: session.charge,
    payment_intent: session.paymentIntent,
    status: 'succeeded',
  });

  const chargeObject = (session: FakeSession) => {
    const refunded = session.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    return {
      id: session.charge,
      object: 'charge',
      amount: session.amount,
      amount_captured: session.amount,
      amount_refunded: refunded,
      currency: session.currency,
      payment_intent: session.paymentIntent,
      paid: true,
      refunded: refunded >= session.amount,
      status: 'succeeded',
    };
  };

  const event = (type: string, object: Record<string, unknown>, secret = webhookSecret): WebhookDelivery => {
    const body = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    return { headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body };
  };

  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  };

  const pay = (sessionId: string) => {
    const session = sessionOf(sessionId);
    if (!session.paymentIntent) {
      session.paymentIntent = newId('pi');
      session.charge = newId('ch');
    }
    return event('checkout.session.completed', sessionObject(session));
  };

  const send = async (delivery: WebhookDelivery) => {
    if (!options.webhookUrl) return;
    await fetch(options.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
  };

  const server = await startHttpServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const body = await readBody(request);
      calls.push(`${request.method} ${url.pathname}`);
      // The donor's side: Stripe's Checkout page and its button.
      const page = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
      if (page && request.method === 'GET') {
        const session = sessions.get(page[1] ?? '');
        if (!session) return json(response, 404, {});
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(
          `<!doctype html><html lang="en"><head><title>Stripe Checkout</title></head><body><main><h1>Pay with card</h1>` +
            `<p>${(session.amount / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>` +
            `<form method="post" action="/c/pay/${session.id}"><button>Pay</button></form>` +
            `<a href="${session.cancelUrl}">Back</a></main></body></html>`,
        );
      }
      if (page && request.method === 'POST') {
        const session = sessions.get(page[1] ?? '');
        if (!session) return json(response, 404, {});
        await send(pay(session.id));
        response.writeHead(303, { location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return response.end();
      }
      // The API: a Bearer secret key, form-encoded bodies.
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      const form = new URLSearchParams(body);
      if (url.pathname === '/v1/checkout/sessions' && request.method === 'POST') {
        const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
        const currency = form.get('line_items[0][price_data][currency]') ?? '';
        if (
          form.get('mode') !== 'payment' ||
          !Number.isInteger(amount) ||
          amount <= 0 ||
          !/^[a-z]{3}$/.test(currency)
        ) {
          return stripeError(response, 400, 'invalid_request_error', 'Missing required param: line_items.');
        }
        const session: FakeSession = {
          id: newId('cs'),
          amount,
          currency,
          reference: form.get('client_reference_id') ?? '',
          successUrl: form.get('success_url') ?? '',
          cancelUrl: form.get('cancel_url') ?? '',
          paymentIntent: null,
          charge: null,
          refunds: [],
        };
        sessions.set(session.id, session);
        return json(response, 200, sessionObject(session));
      }
      if (url.pathname === '/v1/refunds' && request.method === 'GET') {
        const charge = url.searchParams.get('charge');
        const data = [...sessions.values()]
          .filter((session) => session.charge === charge)
          .flatMap((session) => session.refunds.map((refund) => refundObject(session, refund)));
        return json(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      return stripeError(
        response,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${url.pathname}).`,
      );
    })().catch((error: unknown) => json(response, 500, { error: { type: 'api_error', message: String(error) } }));
  }, options.port ?? 0);
  origin = server.origin;

  return {
    origin,
    secretKey,
    webhookSecret,
    sessions,
    calls,
    pay,
    refund(sessionId, cents) {
      const session = sessionOf(sessionId);
      session.refunds.push({ id: newId('re'), amount: cents });
      return event('charge.refunded', chargeObject(session));
    },
    dispute(sessionId, cents) {
      const session = sessionOf(sessionId);
      return event('charge.dispute.created', {
        id: newId('dp'),
        object: 'dispute',
        amount: cents ?? session.amount,
        currency: session.currency,
        charge: session.charge,
        payment_intent: session.paymentIntent,
        reason: 'fraudulent',
        status: 'needs_response',
      });
    },
    event,
    close: server.close,
  };
};

// Run as a process by the end-to-end tests.
if (process.argv[1]?.endsWith('stripe-stand-in.ts')) {
  const [port = '0', secretKey, webhookSecret, webhookUrl] = process.argv.slice(2);
  const stripe = await startStripeStandIn({ port: Number(port), secretKey, webhookSecret, webhookUrl });
  console.log(`Stripe stand-in on ${stripe.origin}`);
  const stop = () => void stripe.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
