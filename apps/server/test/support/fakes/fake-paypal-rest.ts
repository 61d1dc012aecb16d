import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../http-server';

/**
 * A local server speaking PayPal's REST protocol as the donations call it, with answers shaped on
 * PayPal's published examples: OAuth2 client credentials (POST /v1/oauth2/token), Orders v2
 * (create with PayPal-Request-Id, capture, show), the approval page the donor is sent to
 * (/checkoutnow?token=), and webhook signature verification (POST
 * /v1/notifications/verify-webhook-signature). Webhooks it "sends" are signed with a secret of its
 * own, so only events it made verify. The end-to-end tests run it as a process (paypal-stand-in.ts).
 */
export type PaypalBehaviour = 'ok' | 'down' | 'captureDown' | 'pending';

export interface WebhookDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface FakePaypalRest {
  origin: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  behaviour: PaypalBehaviour;
  /** The donor approves the order on PayPal's page: where PayPal sends them back. */
  approve(orderId: string): string;
  /** PayPal captures an approved order by itself (another instance's call whose answer was lost). */
  captureNow(orderId: string): void;
  /** Orders as PayPal holds them. */
  orders: Map<string, FakeOrder>;
  /** A webhook PayPal would send now, signed: the capture's completion, pending, a refund... */
  webhook(
    eventType: string,
    resource: Record<string, unknown>,
    resourceType?: string,
    /** The event's id; PayPal's shape (WH-…) unless given. */
    eventId?: string,
  ): WebhookDelivery;
  /** The capture resource of an order, as PAYMENT.CAPTURE.* webhooks carry it. */
  captureResource(orderId: string, status?: string): Record<string, unknown>;
  /** A refund of a capture, as PAYMENT.CAPTURE.REFUNDED carries it. */
  refundResource(captureId: string, value?: string): Record<string, unknown>;
  /** Calls received, by "METHOD path". */
  calls: string[];
  close(): Promise<void>;
}

export interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  customId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  cancelUrl: string;
  capture?: { id: string; status: string; requestId: string; createTime: string };
}

const newId = (length = 17) =>
  randomBytes(length)
    .toString('base64')
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .padEnd(length, '7')
    .slice(0, length);

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** PayPal's error shape (debug_id, details[].issue). */
const refusal = (response: ServerResponse, status: number, name: string, issue: string) =>
  json(response, status, {
    name,
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: newId(13).toLowerCase(),
    details: [{ issue, description: issue.toLowerCase().replaceAll('_', ' ') }],
  });

export const startFakePaypalRest = async (
  options: { clientId?: string; clientSecret?: string; webhookId?: string; port?: number } = {},
): Promise<FakePaypalRest> => {
  const clientId = options.clientId ?? 'AYSq3RDGsmBLJE-otTkBtM-jBRd1TCQwFf9RGfwddNXWz0uFU9ztymylOhRS';
  const clientSecret = options.clientSecret ?? 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL';
  const webhookId = options.webhookId ?? '1JE4291016473214C';
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, string>();
  const state = { behaviour: 'ok' as PaypalBehaviour, calls: [] as string[] };
  let origin = '';

  const selfLink = (path: string) => ({ href: `${origin}${path}`, rel: 'self', method: 'GET' });

  const captureOf = (order: FakeOrder) =>
    order.capture && {
      id: order.capture.id,
      status: order.capture.status,
      ...(order.capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: order.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      seller_receivable_breakdown: {
        gross_amount: order.amount,
        paypal_fee: { currency_code: order.amount.currency_code, value: '0.64' },
        net_amount: order.amount,
      },
      custom_id: order.customId,
      links: [
        selfLink(`/v2/payments/captures/${order.capture.id}`),
        { href: `${origin}/v2/payments/captures/${order.capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${origin}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
      create_time: order.capture.createTime,
      update_time: order.capture.createTime,
    };

  const orderBody = (order: FakeOrder) => ({
    id: order.id,
    status: order.status,
    payment_source: { paypal: { email_address: 'customer@example.com', account_id: 'QYR5Z8XDVJNXQ' } },
    purchase_units: [
      {
        reference_id: 'default',
        custom_id: order.customId,
        amount: order.amount,
        ...(order.capture ? { payments: { captures: [captureOf(order)] } } : {}),
      },
    ],
    payer: {
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'customer@example.com',
      payer_id: 'QYR5Z8XDVJNXQ',
    },
    links: [
      selfLink(`/v2/checkout/orders/${order.id}`),
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [{ href: `${origin}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
    ],
  });

  const approve = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', 'QYR5Z8XDVJNXQ');
    return back.toString();
  };

  const authorized = (request: IncomingMessage) =>
    tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''));

  const server = await startHttpServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const body = await readBody(request);
      state.calls.push(`${request.method} ${url.pathname}`);
      // The donor's pages: PayPal's approval page and its buttons.
      if (url.pathname === '/checkoutnow' && request.method === 'GET') {
        const order = orders.get(url.searchParams.get('token') ?? '');
        if (!order) return json(response, 404, { name: 'RESOURCE_NOT_FOUND' });
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(
          `<!doctype html><html lang="en"><head><title>PayPal Checkout</title></head><body><main><h1>Pay with PayPal</h1>` +
            `<p>${order.amount.value} ${order.amount.currency_code}</p>` +
            `<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${order.id}"><button>Complete Purchase</button></form>` +
            `<a href="${order.cancelUrl}">Cancel and return to the merchant</a></main></body></html>`,
        );
      }
      if (url.pathname === '/checkoutnow/approve' && request.method === 'POST') {
        const token = new URLSearchParams(body).get('token') ?? '';
        if (!orders.has(token)) return json(response, 404, { name: 'RESOURCE_NOT_FOUND' });
        response.writeHead(303, { location: approve(token) });
        return response.end();
      }
      if (state.behaviour === 'down') return json(response, 503, { name: 'SERVICE_UNAVAILABLE' });
      if (url.pathname === '/v1/oauth2/token' && request.method === 'POST') {
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
        if (request.headers.authorization !== `Basic ${basic}` || body !== 'grant_type=client_credentials') {
          return json(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        const token = `A21AA${newId(40)}`;
        tokens.add(token);
        return json(response, 200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: `${new Date().toISOString()}${newId(8)}`,
        });
      }
      if (!authorized(request)) {
        return json(response, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
      }
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      if (url.pathname === '/v2/checkout/orders' && request.method === 'POST') {
        const input = JSON.parse(body) as {
          intent: string;
          purchase_units: { custom_id: string; amount: { currency_code: string; value: string } }[];
          payment_source: { paypal: { experience_context: { return_url: string; cancel_url: string } } };
        };
        const repeated = requestId ? byRequestId.get(requestId) : undefined;
        if (repeated) return json(response, 200, orderBody(orders.get(repeated) as FakeOrder));
        const unit = input.purchase_units[0];
        if (input.intent !== 'CAPTURE' || !unit || !/^\d+(\.\d{2})?$/.test(unit.amount.value)) {
          return refusal(response, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE');
        }
        const context = input.payment_source.paypal.experience_context;
        const order: FakeOrder = {
          id: newId(),
          status: 'PAYER_ACTION_REQUIRED',
          customId: unit.custom_id,
          amount: unit.amount,
          returnUrl: context.return_url,
          cancelUrl: context.cancel_url,
        };
        orders.set(order.id, order);
        if (requestId) byRequestId.set(requestId, order.id);
        return json(response, 200, orderBody(order));
      }
      const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(url.pathname);
      if (orderMatch) {
        const order = orders.get(orderMatch[1] ?? '');
        if (!order) return refusal(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (!orderMatch[2]) return json(response, 200, orderBody(order));
        if (state.behaviour === 'captureDown') return json(response, 503, { name: 'SERVICE_UNAVAILABLE' });
        if (order.capture) {
          // The same PayPal-Request-Id answers as the first time; another is told it is done.
          if (requestId && requestId === order.capture.requestId) return json(response, 201, orderBody(order));
          return refusal(response, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        }
        if (order.status !== 'APPROVED') return refusal(response, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        order.capture = {
          id: newId(),
          status: state.behaviour === 'pending' ? 'PENDING' : 'COMPLETED',
          requestId,
          createTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        };
        order.status = 'COMPLETED';
        return json(response, 201, orderBody(order));
      }
      if (url.pathname === '/v1/notifications/verify-webhook-signature' && request.method === 'POST') {
        const input = JSON.parse(body) as Record<string, unknown>;
        const event = JSON.stringify(input.webhook_event);
        const expected = sign(String(input.transmission_id), String(input.transmission_time), event);
        const verified = input.webhook_id === webhookId && input.transmission_sig === expected;
        return json(response, 200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
      }
      return refusal(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    })();
  }, options.port);
  origin = server.origin;

  /** Our stand-in for PayPal's certificate signature: an HMAC over what PayPal signs. */
  const sign = (transmissionId: string, time: string, event: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${event}`).digest('base64');

  return {
    origin,
    clientId,
    clientSecret,
    webhookId,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value) {
      state.behaviour = value;
    },
    approve,
    captureNow(orderId) {
      const order = orders.get(orderId);
      if (!order || order.status !== 'APPROVED') throw new Error(`order ${orderId} is not approved`);
      order.capture = {
        id: newId(),
        status: 'COMPLETED',
        requestId: 'elsewhere',
        createTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      };
      order.status = 'COMPLETED';
    },
    orders,
    calls: state.calls,
    webhook(eventType, resource, resourceType = 'capture', eventId = `WH-${newId(8)}-${newId(17)}`) {
      const event = {
        id: eventId,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        resource_version: '2.0',
        event_type: eventType,
        summary: `${eventType} for ${String(resource.id ?? '')}`,
        resource,
        links: [selfLink(`/v1/notifications/webhooks-events/WH-${newId(8)}`)],
      };
      const body = JSON.stringify(event);
      const transmissionId = randomBytes(16).toString('hex');
      const time = new Date().toISOString();
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${origin}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sign(transmissionId, time, body),
          'paypal-transmission-time': time,
        },
      };
    },
    captureResource(orderId, status) {
      const order = orders.get(orderId);
      const capture = order && captureOf(order);
      if (!order || !capture) throw new Error(`order ${orderId} has no capture`);
      return {
        ...capture,
        ...(status ? { status } : {}),
        supplementary_data: { related_ids: { order_id: order.id } },
      };
    },
    refundResource(captureId, value) {
      const order = [...orders.values()].find((candidate) => candidate.capture?.id === captureId);
      const amount = {
        currency_code: order?.amount.currency_code ?? 'EUR',
        value: value ?? order?.amount.value ?? '1.00',
      };
      const refundId = newId();
      return {
        id: refundId,
        amount,
        status: 'COMPLETED',
        custom_id: order?.customId,
        seller_payable_breakdown: { gross_amount: amount, net_amount: amount },
        create_time: new Date().toISOString(),
        links: [
          selfLink(`/v2/payments/refunds/${refundId}`),
          { href: `${origin}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      };
    },
    close: server.close,
  };
};
