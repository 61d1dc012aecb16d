import type { DonationProvider, ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Connections } from '../../../db/connections';
import type { GameSchema } from '../../../game/schema-check';
import { limitPerMinute, registerRateLimit } from '../../../infra/rate-limit';
import type { RewardDelivery } from '../../rewards/reward-delivery';
import type { DonationWallet } from '../crediting';
import { donatePage } from '../paypal';
import type { DonationSettings } from '../settings-schema';
import { MERCADOPAGO_WEBHOOK_PATH, createMercadoPagoProvider } from './mercadopago-provider';
import { ForgedNotification, type PaymentProvider, type ProviderName, ProviderUnavailable } from './payment-provider';
import {
  type ProviderPaymentDeps,
  applyProviderEvent,
  createProviderPaymentRepository,
  startProviderPayment,
} from './provider-payments';
import { STRIPE_WEBHOOK_PATH, createStripeProvider } from './stripe-provider';

/** The keys of the providers of the layer, from the environment (docs/owner/environment.md). */
export interface ProviderKeys {
  stripe: { secretKey: string; webhookSecret: string };
  mercadopago: { accessToken: string; webhookSecret: string };
}

/** Where each provider of the layer posts its notifications. */
export const WEBHOOK_PATHS = { stripe: STRIPE_WEBHOOK_PATH, mercadopago: MERCADOPAGO_WEBHOOK_PATH } as const;
type LayerName = keyof typeof WEBHOOK_PATHS;

/** A notification is a few KB; anything much larger is not one. */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** The providers of the layer the owner configured: keys set and not switched off. */
export const configuredProviders = (settings: DonationSettings, keys: ProviderKeys): PaymentProvider[] => {
  const providers: PaymentProvider[] = [];
  if (settings.stripe.enabled && keys.stripe.secretKey && keys.stripe.webhookSecret) {
    providers.push(
      createStripeProvider({
        ...keys.stripe,
        currency: settings.stripe.currency,
        apiBaseUrl: settings.stripe.apiBaseUrl,
      }),
    );
  }
  if (settings.mercadopago.enabled && keys.mercadopago.accessToken && keys.mercadopago.webhookSecret) {
    providers.push(
      createMercadoPagoProvider({
        ...keys.mercadopago,
        currency: settings.mercadopago.currency,
        apiBaseUrl: settings.mercadopago.apiBaseUrl,
      }),
    );
  }
  return providers;
};

/** What the donate page is told of them (getmetadata). */
export const offeredProviders = (settings: DonationSettings, keys: ProviderKeys): DonationProvider[] =>
  configuredProviders(settings, keys).map((provider) => ({
    id: provider.name,
    currency: provider.currency,
    coinsPerUnit: provider.name === 'paypal' ? null : settings[provider.name].coinsPerUnit,
  }));

export interface ProviderLayerOptions {
  connections: Connections;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  settings: DonationSettings;
  coinsPerEuro: number;
  rewards: Pick<RewardDelivery, 'grant'>;
  /** Where donations go with donations.target wallet, and their refunds are taken back from. */
  wallet: DonationWallet;
  /** Supporter codes (supporter-codes.ts): checked and kept at the start, the partner's share once paid. */
  supporter?: ProviderPaymentDeps['supporter'];
  publicUrl: string;
  keys: ProviderKeys;
  now: () => number;
  redis?: Redis;
}

export interface ProviderLayer {
  deps: ProviderPaymentDeps;
  providers: PaymentProvider[];
  /**
   * createdonationorder for Stripe or Mercado Pago; login: the signed-in donor's, for a wallet
   * donation; supporterCode and donorLogin: a partner's code and the signed-in donor, if any.
   */
  start(
    name: ProviderName,
    input: Parameters<typeof startProviderPayment>[2],
  ): Promise<{ approveUrl: string } | { error: ErrorCode }>;
}

export const createProviderLayer = (app: FastifyInstance, options: ProviderLayerOptions): ProviderLayer => {
  const { settings, now } = options;
  const providers = configuredProviders(settings, options.keys);
  const deps: ProviderPaymentDeps = {
    payments: createProviderPaymentRepository(options.connections.site.db, now),
    rewards: options.rewards,
    wallet: options.wallet,
    ...(options.supporter ? { supporter: options.supporter } : {}),
    site: options.connections.site.db,
    login: options.connections.login.db,
    game: options.connections.game.db,
    schema: options.schema,
    settings,
    coinsPerUnit: (name) =>
      name === 'stripe' || name === 'mercadopago'
        ? (settings[name].coinsPerUnit ?? options.coinsPerEuro)
        : options.coinsPerEuro,
    publicUrl: options.publicUrl,
    now,
    log: app.log,
    onReplaced: (table) => app.log.warn({ table }, `${table} refused a 4-byte character (emoji): stored with U+FFFD`),
  };
  return {
    deps,
    providers,
    async start(name, input) {
      const provider = providers.find((candidate) => candidate.name === name);
      if (!provider || name === 'paypal') return { error: 'donationsClosed' };
      // The donate page names the provider in its notice.
      const back = (outcome: 'complete' | 'cancelled') => `${donatePage(options.publicUrl, outcome)}&provider=${name}`;
      return startProviderPayment(deps, provider, input, {
        returnUrl: back('complete'),
        cancelUrl: settings.cancelUrl || back('cancelled'),
        notifyUrl: new URL(WEBHOOK_PATHS[name], options.publicUrl).toString(),
      });
    },
  };
};

/**
 * The notifications of the layer's providers (docs/integrations.md#stripe-checkout,
 * #mercado-pago): read raw (the signature is over the exact bytes), verified by the provider's
 * module, each event applied once. Answers 200 once applied (or a repeat), 400 to what does not
 * verify, 503 when the provider or the database could not be reached: the provider sends it again.
 */
export const providerWebhookRoutes = async (
  app: FastifyInstance,
  options: { layer: ProviderLayer; notificationsPerMinute: number; redis?: Redis },
): Promise<void> => {
  const { layer } = options;
  await registerRateLimit(app, options.redis, { skipOnError: true });
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: MAX_NOTIFICATION_BYTES },
    (_request, body, done) => done(null, body),
  );
  for (const name of Object.keys(WEBHOOK_PATHS) as LayerName[]) {
    app.post(WEBHOOK_PATHS[name], limitPerMinute(options.notificationsPerMinute), async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const provider = layer.providers.find((candidate) => candidate.name === name);
      if (!provider) {
        app.log.warn({ provider: name }, 'a payment notification for a provider that is not configured: ignored');
        return reply.code(404).send();
      }
      let events;
      try {
        events = await provider.readNotification({
          raw: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
          query: (request.query ?? {}) as Record<string, unknown>,
        });
      } catch (error) {
        if (error instanceof ForgedNotification) {
          app.log.warn(
            { provider: name, ip: request.ip, why: error.message },
            'a forged payment notification: nothing applied',
          );
          return reply.code(400).send();
        }
        app.log.error(
          { err: error, provider: name },
          'a payment notification not read now: the provider sends it again',
        );
        return reply.code(error instanceof ProviderUnavailable ? 503 : 500).send();
      }
      try {
        for (const event of events) {
          const outcome = await applyProviderEvent(layer.deps, name, event);
          app.log.info({ provider: name, eventId: event.eventId, kind: event.kind, outcome }, 'payment notification');
        }
      } catch (error) {
        app.log.error(
          { err: error, provider: name },
          'a payment notification not applied: the provider sends it again',
        );
        return reply.code(503).send();
      }
      return reply.code(200).send();
    });
  }
};
