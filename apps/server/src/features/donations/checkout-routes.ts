import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import type { RewardDelivery } from '../rewards/reward-delivery';
import type { DonationWallet } from './crediting';
import {
  type CheckoutDeps,
  PAYPAL_RETURN_PATH,
  PAYPAL_WEBHOOK_PATH,
  handleWebhookEvent,
  retryDueCaptures,
  returnFromPaypal,
  startCheckout,
} from './checkout';
import { createDonationRepository } from './donation-repository';
import { WEBHOOK_EVENT_ID, createOrderRepository } from './order-repository';
import { PAYPAL_API_URLS, PaypalUnavailable, type WebhookHeaders, createPaypalRest } from './paypal-rest';
import { donatePage } from './paypal';
import type { DonationSettings } from './settings-schema';
import type { ProviderLayer } from './providers/provider-routes';

export interface CheckoutRoutesOptions {
  /** Stripe and Mercado Pago: createdonationorder with their name starts their payment. */
  layer?: Pick<ProviderLayer, 'start'>;
  connections: Connections;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  settings: DonationSettings;
  coinsPerEuro: number;
  rewards: Pick<RewardDelivery, 'grant'>;
  /** Where an order started with donations.target wallet credits, and its refunds take back from. */
  wallet?: DonationWallet;
  publicUrl: string;
  credentials: { clientId: string; clientSecret: string; webhookId: string };
  requestsPerMinute: number;
  /** The signed-in account of a request, if any: a donation to the wallet is that account's. */
  signedInLogin?: (request: FastifyRequest) => Promise<{ login: string; restricted: boolean } | undefined>;
  now: () => number;
  redis?: Redis;
}

/** A webhook is a few KB; anything much larger is not one. */
const MAX_WEBHOOK_BYTES = 64 * 1024;
const RETRY_LEASE_MS = 2 * 60_000;

export const paypalApiBase = (settings: DonationSettings): string =>
  settings.paypal.apiBaseUrl || PAYPAL_API_URLS[settings.paypal.sandbox ? 'sandbox' : 'live'];

const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const satisfies Record<keyof WebhookHeaders, string>;

/**
 * PayPal Orders v2 (docs/integrations.md#orders-v2-rest-and-webhooks): createdonationorder starts a payment, the donor's return captures
 * it, and PayPal's webhooks (verified with PayPal) settle captures, refunds and reversals; whichever
 * comes first credits, once per capture.
 */
export const checkoutRoutes = async (app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> => {
  const { credentials, now } = options;
  const configured = credentials.clientId !== '' && credentials.clientSecret !== '';
  const deps: CheckoutDeps = {
    orders: createOrderRepository(options.connections.site.db, now),
    donations: createDonationRepository(options.connections.site.db, now),
    rewards: options.rewards,
    ...(options.wallet ? { wallet: options.wallet } : {}),
    site: options.connections.site.db,
    login: options.connections.login.db,
    game: options.connections.game.db,
    schema: options.schema,
    paypal: configured ? createPaypalRest({ baseUrl: paypalApiBase(options.settings), ...credentials }) : undefined,
    settings: options.settings,
    coinsPerEuro: options.coinsPerEuro,
    publicUrl: options.publicUrl,
    now,
    log: app.log,
  };
  if (options.settings.paypal.checkout === 'orders' && !configured) {
    app.log.warn(
      'donations: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set, so the donate page cannot start a payment (payments.md)',
    );
  }
  await registerRateLimit(app, options.redis, { skipOnError: true });

  sdkRoute(
    app,
    'createDonationOrder',
    async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const { provider = 'paypal', charName, amount, supporterCode } = body;
      if (provider === 'paypal' && options.settings.paypal.checkout !== 'orders') {
        return reply.code(404).send(['formInvalid']);
      }
      const toWallet = options.settings.target === 'wallet';
      if (provider === 'paypal' && !toWallet && !charName?.trim()) return reply.code(400).send(['CharNameEmpty']);
      // Supporter codes go through the provider layer only (docs/owner/payments.md#supporter-codes).
      if (provider === 'paypal' && supporterCode) return reply.code(400).send(['supporterCodePaypal']);
      const signedIn = toWallet || supporterCode ? await options.signedInLogin?.(request) : undefined;
      if (toWallet && !signedIn) return reply.code(401).send(['notSignedIn']);
      // A banned account gets no coins, as a banned character does not.
      if (toWallet && signedIn?.restricted) return reply.code(403).send(['accountBanned']);
      const login = toWallet ? signedIn?.login : undefined;
      const started =
        provider === 'paypal'
          ? await startCheckout(deps, { charName, amount, login })
          : ((await options.layer?.start(provider, {
              charName,
              amount,
              login,
              supporterCode,
              donorLogin: signedIn?.login,
            })) ?? {
              error: 'donationsClosed' as const,
            });
      if ('error' in started)
        return reply
          .code(started.error === 'paymentsUnavailable' || started.error === 'donationsClosed' ? 503 : 400)
          .send([started.error]);
      return reply.send(started);
    },
    limitPerMinute(options.requestsPerMinute),
  );

  app.get<{ Querystring: { token?: string } }>(
    PAYPAL_RETURN_PATH,
    limitPerMinute(options.requestsPerMinute),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const orderId = typeof request.query.token === 'string' ? request.query.token.slice(0, 64) : '';
      let outcome;
      try {
        outcome = orderId ? await returnFromPaypal(deps, orderId) : 'failed';
      } catch (error) {
        // The site database failed mid-way: the retry and the webhook finish the job.
        app.log.error({ err: error, orderId }, 'the return from PayPal could not be settled now');
        outcome = 'processing' as const;
      }
      return reply.redirect(donatePage(options.publicUrl, outcome), 303);
    },
  );

  await app.register(async (scope) => {
    // The event is verified as PayPal sent it: read raw, for this route only.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: MAX_WEBHOOK_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      PAYPAL_WEBHOOK_PATH,
      limitPerMinute(options.settings.paypal.notificationsPerMinute),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const raw = typeof request.body === 'string' ? request.body : '';
        let event: { id?: unknown; event_type?: unknown; resource?: unknown };
        try {
          event = JSON.parse(raw) as typeof event;
        } catch {
          return reply.code(400).send();
        }
        const headers = Object.fromEntries(
          Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, String(request.headers[header] ?? '')]),
        ) as unknown as WebhookHeaders;
        if (Object.values(headers).some((value) => value === '') || typeof event.id !== 'string') {
          app.log.warn({ ip: request.ip }, 'a PayPal webhook without its signature headers: ignored');
          return reply.code(400).send();
        }
        if (!WEBHOOK_EVENT_ID.test(event.id)) {
          // Not PayPal's: its ids are short. One the events table would cut could never be found again.
          app.log.warn({ ip: request.ip }, 'a PayPal webhook whose event id is too long or not plain text: ignored');
          return reply.code(400).send();
        }
        if (!deps.paypal || !credentials.webhookId) {
          app.log.error(
            'a PayPal webhook arrived but PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET or PAYPAL_WEBHOOK_ID is not set: PayPal sends it again',
          );
          return reply.code(503).send();
        }
        let verified: boolean;
        try {
          verified = await deps.paypal.verifyWebhook(headers, credentials.webhookId, raw);
        } catch (error) {
          app.log.error({ err: error, eventId: event.id }, 'PayPal webhook not verified now: PayPal sends it again');
          return reply.code(error instanceof PaypalUnavailable ? 503 : 500).send();
        }
        if (!verified) {
          app.log.warn(
            { eventId: event.id, ip: request.ip },
            'a PayPal webhook PayPal does not vouch for: nothing credited',
          );
          return reply.code(400).send();
        }
        const resource =
          typeof event.resource === 'object' && event.resource !== null
            ? (event.resource as Record<string, unknown>)
            : {};
        const type = typeof event.event_type === 'string' ? event.event_type : '';
        if (!(await deps.orders.firstDelivery({ id: event.id, type, resourceId: String(resource.id ?? '') }))) {
          return reply.code(200).send();
        }
        try {
          const outcome = await handleWebhookEvent(deps, { event_type: type, resource });
          await deps.orders.settleEvent(event.id, outcome);
          app.log.info({ eventId: event.id, type, outcome }, 'PayPal webhook');
          return reply.code(200).send();
        } catch (error) {
          await deps.orders.forgetEvent(event.id).catch(() => undefined);
          app.log.error({ err: error, eventId: event.id }, 'PayPal webhook not settled: PayPal sends it again');
          return reply.code(500).send();
        }
      },
    );
  });

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (sweeping) return;
      sweeping = retryDueCaptures(deps, RETRY_LEASE_MS)
        .catch((error: unknown) => app.log.error({ err: error }, 'PayPal capture retries failed'))
        .finally(() => {
          sweeping = undefined;
        });
    }, options.settings.paypal.captureRetrySeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
};
