import { beforeAll, describe, expect, it } from 'vitest';
import { readLedger } from '../src/features/donations/ledger';
import { resolveDonation } from '../src/features/donations/console-section';
import { STRIPE_WEBHOOK_PATH } from '../src/features/donations/providers/stripe-provider';
import { PAYPAL_WEBHOOK_PATH } from '../src/features/donations/checkout';
import { type Wallet, createWallet } from '../src/features/wallet/wallet';
import { type AppUnderTest, csrfHeaders } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import type { WebhookDelivery } from './support/fakes/stripe-stand-in';
import type { Notification } from './support/fakes/mercadopago-stand-in';
import type { WebhookDelivery as PaypalWebhook } from './support/fakes/fake-paypal-rest';
import { COINS_PER_EURO, COINS_PER_REAL, useProviderSites } from './support/provider-sites';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { postCall } from './support/account-calls';
import { newGameAccount } from './support/game-account';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * Donations to the donor's wallet (donations.target wallet, decision 052's second part): a paid
 * event credits the signed-in donor's wallet once, however often and wherever it arrives; a
 * refund or dispute takes its share back with debitUpTo, never below zero, and what was spent
 * is a shortfall the owner's ledger flags. PayPal Orders v2, Stripe and Mercado Pago against their
 * stand-ins.
 */
const PASSWORD = 'Wallet.Pass1';

describe.each(DATABASE_KINDS)('donations to the wallet on %s', (kind: DatabaseKind) => {
  const sites = useProviderSites(kind, {
    paypal: true,
    donations: { target: 'wallet' },
    settings: { captcha: FAST_ALTCHA_SETTINGS },
  });
  let wallet: Wallet;

  beforeAll(() => {
    wallet = createWallet({
      db: sites.databases.connections.site.db,
      dialect: sites.databases.connections.site.dialect,
      now: Date.now,
    });
  });

  /** A new account, signed in: its login and its session cookie. */
  const donor = async () => {
    const login = await newGameAccount(sites.databases, PASSWORD, { prefix: 'w' });
    const answer = await postCall(sites.site.url, 'signIn', {
      username: login,
      password: PASSWORD,
      captcha: await altchaPayload(sites.site.url),
    });
    expect(answer.status).toBe(200);
    // PUBLIC_URL is https: the session cookie carries the __Host- prefix.
    const session = answer.setCookies.find((cookie) => cookie.includes('gk_session='))?.split(';')[0] ?? '';
    expect(session).not.toBe('');
    return { login, session };
  };

  type Via = 'paypal' | 'stripe' | 'mercadopago';
  /** createdonationorder as the page sends it: PayPal's without a provider, no character either way. */
  const start = (provider: Via, amount: string, session?: string, at: AppUnderTest = sites.site) =>
    postCall(
      at.url,
      'createDonationOrder',
      provider === 'paypal' ? { amount } : { provider, amount },
      session ? { headers: { cookie: `${csrfHeaders().cookie}; ${session}` } } : {},
    );
  const started = async (provider: Via, amount: string, session: string, at: AppUnderTest = sites.site) => {
    const answer = await start(provider, amount, session, at);
    expect(answer.status).toBe(200);
    return (answer.body as { approveUrl: string }).approveUrl;
  };

  /** The balance as the ledger's entries add up, beside the wallet's own answer, which must agree. */
  const recomputed = async (login: string) => {
    const rows = await sites.databases.connections.site.db
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
      { site: sites.databases.connections.site.db, game: sites.databases.connections.game.db, schema: L2J_SCHEMA },
      { find: txnId, limit: 5 },
    );
    return entries.find((entry) => entry.txnId === txnId);
  };

  const returnsOf = (provider: string, paymentId: string) =>
    sites.databases.connections.site.db
      .selectFrom('site_donations')
      .select(['kind', 'coins', 'shortfall', 'status'])
      .where('provider', '=', provider as 'stripe')
      .where('parent_txn_id', '=', paymentId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => [row.kind, Number(row.coins), Number(row.shortfall), row.status]));

  it('tells the page the coins go to the wallet, through PayPal too, and asks no character', async () => {
    const metadata = (await (await fetch(`${sites.site.url}/sdk/getmetadata`)).json()) as {
      donation: { open: boolean; target: string; checkout: string; providers: { id: string }[] };
    };
    expect([metadata.donation.open, metadata.donation.target, metadata.donation.checkout]).toEqual([
      true,
      'wallet',
      'orders',
    ]);
    expect(metadata.donation.providers.map((provider) => provider.id)).toEqual(['paypal', 'stripe', 'mercadopago']);
    // Not signed in: no payment is started, nothing is recorded, and no provider is asked.
    const count = async () => {
      const db = sites.databases.connections.site.db;
      const layer = await db
        .selectFrom('site_provider_payments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const orders = await db
        .selectFrom('site_paypal_orders')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return [Number(layer.n), Number(orders.n)];
    };
    const before = await count();
    const paypalCalls = sites.paypal.calls.length;
    for (const provider of ['paypal', 'stripe'] as const) {
      const anonymous = await start(provider, '10.00');
      expect([anonymous.status, anonymous.body], provider).toEqual([401, ['notSignedIn']]);
    }
    // A character named to PayPal changes nothing: the coins would go to the wallet of nobody.
    const named = await postCall(sites.site.url, 'createDonationOrder', { charName: 'DemoKnight', amount: '10.00' });
    expect([named.status, named.body]).toEqual([401, ['notSignedIn']]);
    expect(await count()).toEqual(before);
    expect(sites.paypal.calls.slice(paypalCalls)).toEqual([]);
  });

  describe('PayPal Orders v2', () => {
    const deliver = (delivery: PaypalWebhook, at: AppUnderTest = sites.site) =>
      fetch(`${at.url}${PAYPAL_WEBHOOK_PATH}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    /** PayPal sends the donor back to our return address at `at`; what the donate page is told. */
    const comeBack = async (returnUrl: string, at: AppUnderTest = sites.site) => {
      const back = new URL(returnUrl);
      const response = await fetch(`${at.url}${back.pathname}${back.search}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      return new URL(response.headers.get('location') ?? '').searchParams.get('payment');
    };
    const orderOf = (approveUrl: string) => new URL(approveUrl).searchParams.get('token') ?? '';
    const orderRow = (orderId: string) =>
      sites.databases.connections.site.db
        .selectFrom('site_paypal_orders')
        .select(['login', 'char_name', 'char_id', 'coins', 'status', 'donation_id'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    const captureOf = (orderId: string) => sites.paypal.orders.get(orderId)?.capture?.id ?? '';
    /** A donation captured on the donor's return: its order and capture ids. */
    const donated = async (session: string, amount: string) => {
      const orderId = orderOf(await started('paypal', amount, session));
      expect(await comeBack(sites.paypal.approve(orderId))).toBe('complete');
      return { orderId, captureId: captureOf(orderId) };
    };
    const refund = (captureId: string, value: string, type = 'PAYMENT.CAPTURE.REFUNDED') =>
      sites.paypal.webhook(type, sites.paypal.refundResource(captureId, value), 'refund');

    it('names the account in the order and credits its wallet once when the capture and the webhooks race on two instances', async () => {
      const { login, session } = await donor();
      const approveUrl = await started('paypal', '12.50', session, sites.other);
      expect(approveUrl.startsWith(`${sites.paypal.origin}/checkoutnow?token=`)).toBe(true);
      const orderId = orderOf(approveUrl);
      const order = await orderRow(orderId);
      expect([order.login, order.char_name, Number(order.char_id), Number(order.coins), order.status]).toEqual([
        login,
        '',
        0,
        1250,
        'created',
      ]);
      expect(sites.paypal.orders.get(orderId)?.customId).toBe(order.donation_id);
      // The donor comes back to one instance while PayPal's approval webhook reaches the other:
      // both capture (with the same PayPal-Request-Id) and settle the same capture at once.
      const returnUrl = sites.paypal.approve(orderId);
      const approved = sites.paypal.webhook(
        'CHECKOUT.ORDER.APPROVED',
        { id: orderId, status: 'APPROVED' },
        'checkout-order',
      );
      const raced = await Promise.all([
        comeBack(returnUrl, sites.site),
        deliver(approved, sites.other).then((answer) => answer.status),
        deliver(approved, sites.site).then((answer) => answer.status),
      ]);
      expect(raced).toEqual(['complete', 200, 200]);
      const captureId = captureOf(orderId);
      expect(captureId).not.toBe('');
      // Then the completion webhook on both instances, twice, and the donor reloading the return.
      const completed = sites.paypal.webhook('PAYMENT.CAPTURE.COMPLETED', sites.paypal.captureResource(orderId));
      const again = await Promise.all([
        deliver(completed, sites.site).then((answer) => answer.status),
        deliver(completed, sites.other).then((answer) => answer.status),
        comeBack(returnUrl, sites.other),
      ]);
      expect(again).toEqual([200, 200, 'complete']);
      expect(await recomputed(login)).toEqual({ sum: 1250, entries: [['donation', 1250]] });
      const history = await wallet.history(login, 1);
      expect(history.entries.map((entry) => [entry.reason, entry.amount, entry.reference])).toEqual([
        ['donation', 1250, `paypal ${captureId}`],
      ]);
      const [key] = await sites.databases.connections.site.db
        .selectFrom('site_wallet_entries')
        .select('idempotency_key')
        .where('login', '=', login)
        .execute();
      expect(key?.idempotency_key).toBe(`donation:paypal:${captureId}`);
      // No coins queued for a character, and the order is credited.
      const grants = await sites.databases.connections.site.db
        .selectFrom('site_reward_queue')
        .select('request_id')
        .where('request_id', '=', `paypal:${captureId}`)
        .execute();
      expect(grants).toEqual([]);
      expect((await orderRow(orderId)).status).toBe('credited');
      const entry = await ledgerOf(captureId);
      expect([entry?.provider, entry?.account, entry?.charName, entry?.charId, entry?.coins, entry?.flagged]).toEqual([
        'paypal',
        login,
        '',
        null,
        1250,
        false,
      ]);
      // The console's search by login finds it.
      const byLogin = await readLedger(
        { site: sites.databases.connections.site.db, game: sites.databases.connections.game.db, schema: L2J_SCHEMA },
        { find: login, limit: 5 },
      );
      expect(byLogin.map((found) => found.txnId)).toEqual([captureId]);
    });

    it('credits once when PayPal captured elsewhere and the returns and the webhook reach both instances together', async () => {
      const { login, session } = await donor();
      const orderId = orderOf(await started('paypal', '7.00', session));
      const returnUrl = sites.paypal.approve(orderId);
      // Captured at PayPal by a call whose answer was lost: the returns find it done, the webhook tells it.
      sites.paypal.captureNow(orderId);
      const completed = sites.paypal.webhook('PAYMENT.CAPTURE.COMPLETED', sites.paypal.captureResource(orderId));
      const answers = await Promise.all([
        comeBack(returnUrl, sites.site),
        comeBack(returnUrl, sites.other),
        deliver(completed, sites.site).then((answer) => answer.status),
        deliver(completed, sites.other).then((answer) => answer.status),
      ]);
      expect(answers).toEqual(['complete', 'complete', 200, 200]);
      expect(await recomputed(login)).toEqual({ sum: 700, entries: [['donation', 700]] });
      const rows = await sites.databases.connections.site.db
        .selectFrom('site_donations')
        .select(['kind', 'login', 'status'])
        .where('provider', '=', 'paypal')
        .where('txn_id', '=', captureOf(orderId))
        .execute();
      expect(rows).toEqual([{ kind: 'payment', login, status: 'credited' }]);
    });

    it('takes a refund in part and a reversal of the rest back from the wallet, each once', async () => {
      const { login, session } = await donor();
      const { orderId, captureId } = await donated(session, '20.00');
      expect((await recomputed(login)).sum).toBe(2000);
      const part = refund(captureId, '5.00');
      const answers = await Promise.all([deliver(part), deliver(part, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // The same refund in a new delivery of PayPal's (another event id): nothing more.
      const resent = sites.paypal.webhook('PAYMENT.CAPTURE.REFUNDED', JSON.parse(part.body).resource, 'refund');
      expect((await deliver(resent, sites.other)).status).toBe(200);
      expect(await returnsOf('paypal', captureId)).toEqual([['refund', 500, 0, 'taken_back']]);
      expect(await recomputed(login)).toEqual({
        sum: 1500,
        entries: [
          ['donation', 2000],
          ['refund', -500],
        ],
      });
      expect((await orderRow(orderId)).status).toBe('refunded');
      // The donor disputes the rest: a reversal, taken back as a chargeback.
      expect((await deliver(refund(captureId, '15.00', 'PAYMENT.CAPTURE.REVERSED'), sites.other)).status).toBe(200);
      expect(await returnsOf('paypal', captureId)).toEqual([
        ['refund', 500, 0, 'taken_back'],
        ['reversal', 1500, 0, 'taken_back'],
      ]);
      expect(await recomputed(login)).toEqual({
        sum: 0,
        entries: [
          ['donation', 2000],
          ['refund', -500],
          ['chargeback', -1500],
        ],
      });
      const entry = await ledgerOf(captureId);
      expect([entry?.state, entry?.coinsTakenBack, entry?.walletShortfall, entry?.flagged]).toEqual([
        'reversed',
        2000,
        0,
        false,
      ]);
    });

    it('refunds a donation in whole, and one partly spent only down to zero, flagging what was spent', async () => {
      const whole = await donor();
      const unspent = await donated(whole.session, '3.00');
      expect((await deliver(refund(unspent.captureId, '3.00'))).status).toBe(200);
      expect(await recomputed(whole.login)).toEqual({
        sum: 0,
        entries: [
          ['donation', 300],
          ['refund', -300],
        ],
      });
      expect((await ledgerOf(unspent.captureId))?.flagged).toBe(false);

      const { login, session } = await donor();
      const { captureId } = await donated(session, '10.00');
      const spent = await wallet.debit({
        login,
        amountMinor: 600,
        idempotencyKey: `shop:${login}:paypal`,
        reason: 'purchase',
        reference: 'order 3',
      });
      expect(spent).toEqual({ status: 'done', balance: 400 });
      const refunded = refund(captureId, '10.00');
      const answers = await Promise.all([deliver(refunded), deliver(refunded, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await recomputed(login)).toEqual({
        sum: 0,
        entries: [
          ['donation', 1000],
          ['purchase', -600],
          ['refund', -400],
        ],
      });
      expect(await returnsOf('paypal', captureId)).toEqual([['refund', 1000, 600, 'shortfall']]);
      const entry = await ledgerOf(captureId);
      expect([entry?.state, entry?.coinsTakenBack, entry?.walletShortfall, entry?.flagged]).toEqual([
        'refunded',
        400,
        600,
        true,
      ]);
      const flagged = await readLedger(
        { site: sites.databases.connections.site.db, game: sites.databases.connections.game.db, schema: L2J_SCHEMA },
        { flagged: true, limit: 100 },
      );
      expect(flagged.filter((found) => found.account === login).map((found) => found.txnId)).toEqual([captureId]);
    });
  });

  describe('Stripe Checkout', () => {
    const deliver = (delivery: WebhookDelivery, at: AppUnderTest = sites.site) =>
      fetch(`${at.url}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const sessionOf = (approveUrl: string) => {
      const id = new URL(approveUrl).pathname.split('/').pop() ?? '';
      const session = sites.stripe.sessions.get(id);
      if (!session) throw new Error(`no session behind ${approveUrl}`);
      return session;
    };

    it('credits the wallet once under repeated and concurrent notifications, named in its history', async () => {
      const { login, session } = await donor();
      const checkout = sessionOf(await started('stripe', '10.00', session));
      const paid = sites.stripe.pay(checkout.id);
      // The same event three times on two instances, and the same payment in events of new ids.
      const answers = await Promise.all([
        deliver(paid),
        deliver(paid, sites.other),
        deliver(sites.stripe.pay(checkout.id), sites.other),
        deliver(sites.stripe.pay(checkout.id)),
        deliver(paid),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const paymentId = checkout.paymentIntent ?? '';
      expect(await recomputed(login)).toEqual({ sum: 10 * COINS_PER_EURO, entries: [['donation', 1000]] });
      const history = await wallet.history(login, 1);
      expect(history.entries.map((entry) => [entry.reason, entry.amount, entry.reference])).toEqual([
        ['donation', 1000, `stripe ${paymentId}`],
      ]);
      const [key] = await sites.databases.connections.site.db
        .selectFrom('site_wallet_entries')
        .select('idempotency_key')
        .where('login', '=', login)
        .execute();
      expect(key?.idempotency_key).toBe(`donation:stripe:${paymentId}`);
      // No coins were queued for a character.
      const grants = await sites.databases.connections.site.db
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
      expect((await deliver(sites.stripe.pay(checkout.id))).status).toBe(200);
      const paymentId = checkout.paymentIntent ?? '';
      const refunded = sites.stripe.refund(checkout.id, 250);
      const answers = await Promise.all([deliver(refunded), deliver(refunded, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await returnsOf('stripe', paymentId)).toEqual([['refund', 250, 0, 'taken_back']]);
      expect(await recomputed(login)).toEqual({
        sum: 750,
        entries: [
          ['donation', 1000],
          ['refund', -250],
        ],
      });
      expect((await deliver(sites.stripe.refund(checkout.id, 750))).status).toBe(200);
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
      expect((await deliver(sites.stripe.pay(checkout.id))).status).toBe(200);
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
      expect((await deliver(sites.stripe.refund(checkout.id, 2000))).status).toBe(200);
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
      await resolveDonation(sites.databases.connections.site.db, {
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
    const deliver = (notification: Notification, at: AppUnderTest = sites.site) =>
      fetch(`${at.url}${notification.path}`, {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      });
    const preferenceOf = (approveUrl: string) => {
      const id = new URL(approveUrl).searchParams.get('pref_id') ?? '';
      const preference = sites.mercadoPago.preferences.get(id);
      if (!preference) throw new Error(`no preference behind ${approveUrl}`);
      return preference;
    };

    it('a chargeback of a half-spent donation takes what is left and flags the rest', async () => {
      const { login, session } = await donor();
      const preference = preferenceOf(await started('mercadopago', '40.00', session));
      const { paymentId, notification } = sites.mercadoPago.pay(preference.id);
      const answers = await Promise.all([deliver(notification), deliver(notification, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect((await recomputed(login)).sum).toBe(40 * COINS_PER_REAL);
      await wallet.debit({
        login,
        amountMinor: 300,
        idempotencyKey: `shop:${login}:mp`,
        reason: 'purchase',
        reference: 'order 2',
      });
      const chargeback = sites.mercadoPago.chargeback(paymentId);
      expect((await deliver(chargeback)).status).toBe(200);
      expect((await deliver(chargeback, sites.other)).status).toBe(200);
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
