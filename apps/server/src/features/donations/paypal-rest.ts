/**
 * PayPal's REST API as the donations use it (Orders v2, webhook verification): an OAuth2 token from
 * the app's client credentials, kept until shortly before it expires; orders created and captured
 * with PayPal-Request-Id, so a retried call is the same call to PayPal.
 */

export const PAYPAL_API_URLS = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' };

/** How long one call to PayPal may take before it counts as PayPal being unreachable. */
export const PAYPAL_TIMEOUT_MS = 15_000;

/** PayPal could not be reached, or answered 5xx / 429 / what is not its JSON: try again later. */
export class PaypalUnavailable extends Error {}

/** PayPal refused the call (4xx): `issue` is its reason, e.g. ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED. */
export class PaypalRefused extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal refused (HTTP ${status}): ${issue}`);
  }
}

/** A capture as the capture answer, the order and the webhook show it. */
export interface Capture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  /** Why a capture is PENDING or DENIED (status_details.reason). */
  reason?: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  /** The link the donor approves the payment at (rel payer-action, or approve). */
  approveUrl?: string;
  captures: Capture[];
}

export interface WebhookHeaders {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
}

export interface PaypalRest {
  createOrder(input: {
    requestId: string;
    customId: string;
    amount: { currency: string; value: string };
    description: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PaypalOrder>;
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder>;
  getOrder(orderId: string): Promise<PaypalOrder>;
  /** PayPal's verdict on a webhook's signature: true for SUCCESS. `rawEvent` is the body as received. */
  verifyWebhook(headers: WebhookHeaders, webhookId: string, rawEvent: string): Promise<boolean>;
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

export const readCapture = (value: unknown): Capture | undefined => {
  const capture = asObject(value);
  const amount = asObject(capture.amount);
  if (!asText(capture.id) || !asText(amount.currency_code) || !asText(amount.value)) return undefined;
  return {
    id: asText(capture.id),
    status: asText(capture.status),
    amount: { currency_code: asText(amount.currency_code), value: asText(amount.value) },
    ...(asText(capture.custom_id) ? { custom_id: asText(capture.custom_id) } : {}),
    ...(asText(asObject(capture.status_details).reason)
      ? { reason: asText(asObject(capture.status_details).reason) }
      : {}),
  };
};

const readOrder = (body: Json): PaypalOrder => {
  const id = asText(body.id);
  if (!id) throw new PaypalUnavailable('PayPal answered an order without an id');
  const links = asArray(body.links).map(asObject);
  const approve = links.find((link) => link.rel === 'payer-action') ?? links.find((link) => link.rel === 'approve');
  const captures = asArray(body.purchase_units).flatMap((unit) =>
    asArray(asObject(asObject(unit).payments).captures).flatMap((capture) => readCapture(capture) ?? []),
  );
  return { id, status: asText(body.status), ...(approve ? { approveUrl: asText(approve.href) } : {}), captures };
};

export const createPaypalRest = (options: { baseUrl: string; clientId: string; clientSecret: string }): PaypalRest => {
  const base = options.baseUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | undefined;

  const send = async (path: string, init: RequestInit): Promise<{ status: number; body: Json }> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS) });
    } catch (error) {
      throw new PaypalUnavailable(`PayPal did not answer ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429) {
      throw new PaypalUnavailable(`PayPal answered HTTP ${response.status} to ${path}`);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new PaypalUnavailable(`PayPal answered ${path} with what is not JSON`);
    }
    return { status: response.status, body: asObject(body) };
  };

  const refusal = (status: number, body: Json) => {
    const issue = asText(asObject(asArray(body.details)[0]).issue) || asText(body.name) || asText(body.error);
    return new PaypalRefused(status, issue || 'UNKNOWN');
  };

  const bearer = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { status, body } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200 || !asText(body.access_token)) throw refusal(status, body);
    const lifetimeMs = (Number(body.expires_in) || 300) * 1000;
    // Renewed a minute early, so a token never expires on its way to PayPal.
    token = { value: asText(body.access_token), until: Date.now() + Math.max(0, lifetimeMs - 60_000) };
    return token.value;
  };

  const call = async (path: string, init: { method: string; body?: unknown; rawBody?: string; requestId?: string }) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await bearer()}`,
      'content-type': 'application/json',
      ...(init.requestId ? { 'paypal-request-id': init.requestId } : {}),
    };
    const answer = await send(path, {
      method: init.method,
      headers,
      ...(init.rawBody !== undefined
        ? { body: init.rawBody }
        : init.body === undefined
          ? {}
          : { body: JSON.stringify(init.body) }),
    });
    // A token PayPal no longer takes: fetch a new one next time.
    if (answer.status === 401) token = undefined;
    if (answer.status >= 400) throw refusal(answer.status, answer.body);
    return answer.body;
  };

  return {
    async createOrder(input) {
      const body = await call('/v2/checkout/orders', {
        method: 'POST',
        requestId: input.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: input.customId,
              description: input.description,
              amount: { currency_code: input.amount.currency, value: input.amount.value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
              },
            },
          },
        },
      });
      return readOrder(body);
    },
    async captureOrder(orderId, requestId) {
      return readOrder(
        await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          method: 'POST',
          requestId,
          body: {},
        }),
      );
    },
    async getOrder(orderId) {
      return readOrder(await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: 'GET' }));
    },
    async verifyWebhook(headers, webhookId, rawEvent) {
      // The event goes back byte for byte: PayPal checks the signature over what it sent.
      const fields = JSON.stringify({ ...headers, webhook_id: webhookId });
      const body = await call('/v1/notifications/verify-webhook-signature', {
        method: 'POST',
        rawBody: `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`,
      });
      return body.verification_status === 'SUCCESS';
    },
  };
};
