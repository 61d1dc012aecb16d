import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLedger } from '../src/features/donations/ledger';
import { resolveDonation } from '../src/features/donations/console-section';
import { STRIPE_WEBHOOK_PATH } from '../src/features/donations/providers/stripe-provider';
import { type Wallet, createWallet } from '../src/features/wallet/wallet';
import { type AppUnderTest, csrfHeaders, sharedInstanceKeys, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type StripeStandIn, type WebhookDelivery, startStripeStandIn } from './support/fakes/stripe-stand-in';
import {
  type MercadoPagoStandIn,
  type Notification,
  startMercadoPagoStandIn,
} from './support/fakes/mercadopago-stand-in';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { postCall } from './support/account-calls';
import { newGameAccount } from './support/game-account';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * Donations to the donor's wallet (donations.target wallet, decision 052's second part): a paid
 * event credits the signed-in donor's wallet once, however often and wherever it arrives; a
 * refund or dispute takes its share back with debitUpTo, never below zero, and what was spent
 * is a shortfall the owner's ledger flags. Stripe and Mercado Pago against their stand-ins.
 */
const COINS_PER_EURO = 100;
const COINS_PER_REAL = 20;
const PASSWORD = 'Wallet.Pass1';

describe.each(DATABASE_KINDS)('donations to the wallet on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let stripe: StripeStandIn;
  let mercadoPago: MercadoPagoStandIn;
  let site: AppUnderTest;
  let other: AppUnderTest;
  let wallet: Wallet;

  beforeAll(async () => {
    databases = await createTestDatabases(kind);
    stripe = await startStripeStandIn();
    mercadoPago = await startMercadoPagoStandIn();
    const env = {
      ...sharedInstanceKeys(),
      PUBLIC_URL: 'https://l2.example.test',
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
    };
    const settings = {
      coins: { perEuro: COINS_PER_EURO },
      captcha: FAST_ALTCHA_SETTINGS,
      accounts: { requestsPerMinute: 1_000 },
      donations: {
        target: 'wallet',
        checkoutsPerMinute: 1_000,
        paypal: { checkout: 'orders', notificationsPerMinute: 1_000 },
        stripe: { apiBaseUrl: stripe.origin },
        mercadopago: { apiBaseUrl: mercadoPago.origin, coinsPerUnit: COINS_PER_REAL },
      },
    };
    site = await startApp(databases, { env, settings });
    other = await startApp(databases, { env, settings });
    wallet = createWallet({
      db: databases.connections.site.db,
      dialect: databases.connections.site.dialect,
      now: Date.now,
    });
  });
  afterAll(async () => {
    await site?.close();
    await other?.close();
    await stripe?.close();
    await mercadoPago?.close();
    await databases?.drop();
  });

  /** A new account, signed in: its login and its session cookie. */
  const donor = async () => {
    const login = await newGameAccount(databases, PASSWORD, { prefix: 'w' });
    const answer = await postCall(site.url, 'signIn', {
      username: login,
      password: PASSWORD,
      captcha: await altchaPayload(site.url),
    });
    expect(answer.status).toBe(200);
    // PUBLIC_URL is https: the session cookie carries the __Host- prefix.
    const session = answer.setCookies.find((cookie) => cookie.includes('gk_session='))?.split(';')[0] ?? '';
    expect(session).not.toBe('');
    return { login, session };
  };

  const start = (provider: 'stripe' | 'mercadopago', amount: string, session?: string) =>
    postCall(
      site.url,
      'createDonationOrder',
      { provider, amount },
      session ? { headers: { cookie: `${csrfHeaders().cookie}; ${session}` } } : {},
    );
  const started = async (provider: 'stripe' | 'mercadopago', amount: string, session: string) => {
    const answer = await start(provider, amount, session);
    expect(answer.status).toBe(200);
    return (answer.body as { approveUrl: string }).approveUrl;
  };

  /** The balance as the ledger's entries add up, beside the wallet's own answer, which must agree. */
  const recomputed = async (login: string) => {
    const rows = await databases.connections.site.db
      .selectFrom('site_wallet_entries')
      .select(['amount', 'reason', 'idempotency_key'])
      .where('login', '=', login)
      .orderBy('id')
      .execute();
    const sum = rows.reduce((total, row) => total + Number(row.amount), 0);
    expect(await wallet.balance(login)).toBe(sum);
    return { sum, entries: rows.map((row) => [row.reason, Number(row.amount)]) };
  };

  const ledgerOf = async (txnId: string) => {
    const entries = await readLedger(
      { site: databases.connections.site.db, game: databases.connections.game.db, schema: L2J_SCHEMA },
      { find: txnId, limit: 5 },
    );
    return entries.find((entry) => entry.txnId === txnId);
  };

  const returnsOf = (provider: string, paymentId: string) =>
    databases.connections.site.db
      .selectFrom('site_donations')
      .select(['kind', 'coins', 'shortfall', 'status'])
      .where('provider', '=', provider as 'stripe')
      .where('parent_txn_id', '=', paymentId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => [row.kind, Number(row.coins), Number(row.shortfall), row.status]));

  it('tells the page the coins go to the wallet, without PayPal, and asks no character', async () => {
    const metadata = (await (await fetch(`${site.url}/sdk/getmetadata`)).json()) as {
      donation: { open: boolean; target: string; providers: { id: string }[] };
    };
    expect([metadata.donation.open, metadata.donation.target]).toEqual([true, 'wallet']);
    expect(metadata.donation.providers.map((provider) => provider.id)).toEqual(['stripe', 'mercadopago']);
    // Not signed in: no payment is started, and nothing is recorded.
    const before = await databases.connections.site.db
      .selectFrom('site_provider_payments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const anonymous = await start('stripe', '10.00');
    expect([anonymous.status, anonymous.body]).toEqual([401, ['notSignedIn']]);
    const after = await databases.connections.site.db
      .selectFrom('site_provider_payments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  describe('Stripe Checkout', () => {
    const deliver = (delivery: WebhookDelivery, at: AppUnderTest = site) =>
      fetch(`${at.url}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const sessionOf = (approveUrl: string) => {
      const id = new URL(approveUrl).pathname.split('/').pop() ?? '';
      const session = stripe.sessions.get(id);
      if (!session) throw new Error(`no session behind ${approveUrl}`);
      return session;
    };

    it('credits the wallet once under repeated and concurrent notifications, named in its history', async () => {
      const { login, session } = await donor();
      const checkout = sessionOf(await started('stripe', '10.00', session));
      const paid = stripe.pay(checkout.id);
      // The same event three times on two instances, and the same payment in events of new ids.
      const answers = await Promise.all([
        deliver(paid),
        deliver(paid, other),
        deliver(stripe.pay(checkout.id), other),
        deliver(stripe.pay(checkout.id)),
        deliver(paid),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const paymentId = checkout.paymentIntent ?? '';
      expect(await recomputed(login)).toEqual({ sum: 10 * COINS_PER_EURO, entries: [['donation', 1000]] });
      const history = await wallet.history(login, 1);
      expect(history.entries.map((entry) => [entry.reason, entry.amount, entry.reference])).toEqual([
        ['donation', 1000, `stripe ${paymentId}`],
      ]);
      const [key] = await databases.connections.site.db
        .selectFrom('site_wallet_entries')
        .select('idempotency_key')
        .where('login', '=', login)
        .execute();
      expect(key?.idempotency_key).toBe(`donation:stripe:${paymentId}`);
      // No coins were queued for a character.
      const grants = await databases.connections.site.db
        .selectFrom('site_reward_queue')
        .select('request_id')
        .where('request_id', '=', `stripe:${paymentId}`)
        .execute();
      expect(grants).toEqual([]);
      const entry = await ledgerOf(paymentId);
      expect([entry?.account, entry?.charName, entry?.coins, entry?.flagged]).toEqual([login, '', 1000, false]);
    });

    it('takes an unspent donation back in proportion to its refunds, once each', async () => {
      const { login, session } = await donor();
      const checkout = sessionOf(await started('stripe', '10.00', session));
      expect((await deliver(stripe.pay(checkout.id))).status).toBe(200);
      const paymentId = checkout.paymentIntent ?? '';
      const refunded = stripe.refund(checkout.id, 250);
      const answers = await Promise.all([deliver(refunded), deliver(refunded, other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await returnsOf('stripe', paymentId)).toEqual([['refund', 250, 0, 'taken_back']]);
      expect(await recomputed(login)).toEqual({
        sum: 750,
        entries: [
          ['donation', 1000],
          ['refund', -250],
        ],
      });
      expect((await deliver(stripe.refund(checkout.id, 750))).status).toBe(200);
      expect((await recomputed(login)).sum).toBe(0);
      const entry = await ledgerOf(paymentId);
      expect([entry?.state, entry?.coinsTakenBack, entry?.walletShortfall, entry?.flagged]).toEqual([
        'refunded',
        1000,
        0,
        false,
      ]);
    });

    it('refunds a half-spent donation to a zero balance and flags what was spent for the owner', async () => {
      const { login, session } = await donor();
      const checkout = sessionOf(await started('stripe', '20.00', session));
      expect((await deliver(stripe.pay(checkout.id))).status).toBe(200);
      const paymentId = checkout.paymentIntent ?? '';
      // Half of it spent in the shop before the refund.
      const spent = await wallet.debit({
        login,
        amountMinor: 1000,
        idempotencyKey: `shop:${login}:test`,
        reason: 'purchase',
        reference: 'order 1',
      });
      expect(spent).toEqual({ status: 'done', balance: 1000 });
      expect((await deliver(stripe.refund(checkout.id, 2000))).status).toBe(200);
      expect(await recomputed(login)).toEqual({
        sum: 0,
        entries: [
          ['donation', 2000],
          ['purchase', -1000],
          ['refund', -1000],
        ],
      });
      expect(await returnsOf('stripe', paymentId)).toEqual([['refund', 2000, 1000, 'shortfall']]);
      const entry = await ledgerOf(paymentId);
      expect([entry?.coinsTakenBack, entry?.walletShortfall, entry?.flagged]).toEqual([1000, 1000, true]);
      // The owner settles it with the player and marks it resolved: no longer flagged.
      await resolveDonation(databases.connections.site.db, {
        txnId: paymentId,
        login: 'owner',
        note: 'the player paid the 10 euros back',
        now: Date.now() + 1,
      });
      const resolved = await ledgerOf(paymentId);
      expect([resolved?.flagged, resolved?.resolved?.by, resolved?.walletShortfall]).toEqual([false, 'owner', 1000]);
    });
  });

  describe('Mercado Pago', () => {
    const deliver = (notification: Notification, at: AppUnderTest = site) =>
      fetch(`${at.url}${notification.path}`, {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      });
    const preferenceOf = (approveUrl: string) => {
      const id = new URL(approveUrl).searchParams.get('pref_id') ?? '';
      const preference = mercadoPago.preferences.get(id);
      if (!preference) throw new Error(`no preference behind ${approveUrl}`);
      return preference;
    };

    it('a chargeback of a half-spent donation takes what is left and flags the rest', async () => {
      const { login, session } = await donor();
      const preference = preferenceOf(await started('mercadopago', '40.00', session));
      const { paymentId, notification } = mercadoPago.pay(preference.id);
      const answers = await Promise.all([deliver(notification), deliver(notification, other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect((await recomputed(login)).sum).toBe(40 * COINS_PER_REAL);
      await wallet.debit({
        login,
        amountMinor: 300,
        idempotencyKey: `shop:${login}:mp`,
        reason: 'purchase',
        reference: 'order 2',
      });
      const chargeback = mercadoPago.chargeback(paymentId);
      expect((await deliver(chargeback)).status).toBe(200);
      expect((await deliver(chargeback, other)).status).toBe(200);
      expect(await recomputed(login)).toEqual({
        sum: 0,
        entries: [
          ['donation', 800],
          ['purchase', -300],
          ['chargeback', -500],
        ],
      });
      expect(await returnsOf('mercadopago', paymentId)).toEqual([['reversal', 800, 300, 'shortfall']]);
      const entry = await ledgerOf(paymentId);
      expect([entry?.state, entry?.walletShortfall, entry?.flagged]).toEqual(['reversed', 300, true]);
    });
  });
});
