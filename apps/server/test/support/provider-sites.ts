import { afterAll, beforeAll } from 'vitest';
import { type AppUnderTest, sharedInstanceKeys, startApp } from '../app-under-test';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from '../databases';
import { type StripeStandIn, startStripeStandIn } from './fakes/stripe-stand-in';
import { type MercadoPagoStandIn, startMercadoPagoStandIn } from './fakes/mercadopago-stand-in';
import { type FakePaypalRest, startFakePaypalRest } from './fakes/fake-paypal-rest';

export const COINS_PER_EURO = 100;
export const COINS_PER_REAL = 20;

export interface ProviderSites {
  readonly databases: TestDatabases;
  readonly stripe: StripeStandIn;
  readonly mercadoPago: MercadoPagoStandIn;
  /** PayPal's REST API (Orders v2, webhooks), when the suite asked for it (`paypal: true`). */
  readonly paypal: FakePaypalRest;
  /** Two instances on the same databases: a notification may arrive at either. */
  readonly site: AppUnderTest;
  readonly other: AppUnderTest;
}

/**
 * A suite's two instances with donations through Stripe Checkout and Mercado Pago, each at a local
 * stand-in of its API (100 coins a euro, 20 a real); with `paypal`, PayPal Orders beside them at
 * its stand-in too (its keys set), else PayPal has no keys. `donations` and `settings` add to the
 * site's settings (e.g. donations.target wallet); `now` is both instances' clock (a console
 * suite's test clock). Started before the suite's tests, everything closed and dropped after.
 */
export const useProviderSites = (
  kind: DatabaseKind,
  extra: {
    donations?: Record<string, unknown>;
    settings?: Record<string, unknown>;
    paypal?: boolean;
    now?: () => number;
  } = {},
): ProviderSites => {
  let started: (Omit<ProviderSites, 'paypal'> & { paypal: FakePaypalRest | undefined }) | undefined;
  beforeAll(async () => {
    const databases = await createTestDatabases(kind);
    const stripe = await startStripeStandIn();
    const mercadoPago = await startMercadoPagoStandIn();
    const paypal = extra.paypal ? await startFakePaypalRest() : undefined;
    const env = {
      ...sharedInstanceKeys(),
      PUBLIC_URL: 'https://l2.example.test',
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
      ...(paypal
        ? {
            PAYPAL_CLIENT_ID: paypal.clientId,
            PAYPAL_CLIENT_SECRET: paypal.clientSecret,
            PAYPAL_WEBHOOK_ID: paypal.webhookId,
          }
        : {}),
    };
    const settings = {
      coins: { perEuro: COINS_PER_EURO },
      accounts: { requestsPerMinute: 1_000 },
      ...extra.settings,
      donations: {
        checkoutsPerMinute: 1_000,
        paypal: {
          checkout: 'orders',
          notificationsPerMinute: 1_000,
          ...(paypal ? { apiBaseUrl: paypal.origin, captureRetrySeconds: 1 } : {}),
        },
        stripe: { apiBaseUrl: stripe.origin },
        mercadopago: { apiBaseUrl: mercadoPago.origin, coinsPerUnit: COINS_PER_REAL },
        ...extra.donations,
      },
    };
    const clock = extra.now ? { now: extra.now } : {};
    const site = await startApp(databases, { env, settings, ...clock });
    const other = await startApp(databases, { env, settings, ...clock });
    started = { databases, stripe, mercadoPago, paypal, site, other };
  });
  afterAll(async () => {
    await started?.site.close();
    await started?.other.close();
    await started?.stripe.close();
    await started?.mercadoPago.close();
    await started?.paypal?.close();
    await started?.databases.drop();
  });
  const get = () => {
    if (!started) throw new Error('the provider sites are read in a test, after they started');
    return started;
  };
  return {
    get databases() {
      return get().databases;
    },
    get stripe() {
      return get().stripe;
    },
    get mercadoPago() {
      return get().mercadoPago;
    },
    get paypal() {
      const { paypal } = get();
      if (!paypal) throw new Error('PayPal is read in a suite that asked for it (paypal: true)');
      return paypal;
    },
    get site() {
      return get().site;
    },
    get other() {
      return get().other;
    },
  };
};
