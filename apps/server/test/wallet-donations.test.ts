import { beforeAll, describe, expect, it } from 'vitest';
import { readLedger } from '../src/features/donations/ledger';
import { resolveDonation } from '../src/features/donations/console-section';
import { STRIPE_WEBHOOK_PATH } from '../src/features/donations/providers/stripe-provider';
import { type Wallet, createWallet } from '../src/features/wallet/wallet';
import { type AppUnderTest, csrfHeaders } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import type { WebhookDelivery } from './support/fakes/stripe-stand-in';
import type { Notification } from './support/fakes/mercadopago-stand-in';
import { COINS_PER_EURO, COINS_PER_REAL, useProviderSites } from './support/provider-sites';
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
const PASSWORD = 'Wallet.Pass1';

describe.each(DATABASE_KINDS)('donations to the wallet on %s', (kind: DatabaseKind) => {
  const sites = useProviderSites(kind, {
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

  const start = (provider: 'stripe' | 'mercadopago', amount: string, session?: string) =>
    postCall(
      sites.site.url,
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

  it('tells the page the coins go to the wallet, without PayPal, and asks no character', async () => {
    const metadata = (await (await fetch(`${sites.site.url}/sdk/getmetadata`)).json()) as {
      donation: { open: boolean; target: string; providers: { id: string }[] };
    };
    expect([metadata.donation.open, metadata.donation.target]).toEqual([true, 'wallet']);
    expect(metadata.donation.providers.map((provider) => provider.id)).toEqual(['stripe', 'mercadopago']);
    // Not signed in: no payment is started, and nothing is recorded.
    const before = await sites.databases.connections.site.db
      .selectFrom('site_provider_payments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const anonymous = await start('stripe', '10.00');
    expect([anonymous.status, anonymous.body]).toEqual([401, ['notSignedIn']]);
    const after = await sites.databases.connections.site.db
      .selectFrom('site_provider_payments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
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
