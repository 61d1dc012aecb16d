import { beforeAll, describe, expect, it } from 'vitest';
import { findCharacterByName } from '../src/game/characters';
import { readLedger } from '../src/features/donations/ledger';
import { STRIPE_WEBHOOK_PATH } from '../src/features/donations/providers/stripe-provider';
import type { AppUnderTest } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import type { WebhookDelivery } from './support/fakes/stripe-stand-in';
import type { Notification } from './support/fakes/mercadopago-stand-in';
import { COINS_PER_EURO, COINS_PER_REAL, useProviderSites } from './support/provider-sites';
import { postCall } from './support/account-calls';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * Donations through the provider layer, each provider against a local stand-in speaking its
 * protocol: Stripe Checkout through its SDK (signed webhooks) and Mercado Pago's REST API
 * (x-signature notifications). A payment credits once however often and wherever its event
 * arrives; a forged notification credits nothing; refunds and disputes take their share of the
 * coins in proportion, once each.
 */
const COIN_ITEM = 4037;

describe.each(DATABASE_KINDS)('Stripe and Mercado Pago donations on %s', (kind: DatabaseKind) => {
  const sites = useProviderSites(kind);
  let knightId: number;

  beforeAll(async () => {
    knightId = (await findCharacterByName(sites.databases.connections.game.db, L2J_SCHEMA, 'DemoKnight'))
      ?.charId as number;
  });

  const coinsOf = async (charId: number) =>
    (
      await sites.databases.connections.game.db
        .selectFrom('character_premium_items')
        .select('itemCount')
        .where('charId', '=', charId)
        .where('itemId', '=', COIN_ITEM)
        .execute()
    ).reduce((sum, row) => sum + Number(row.itemCount), 0);
  const returnsOf = (provider: string, paymentId: string) =>
    sites.databases.connections.site.db
      .selectFrom('site_donations')
      .select(['kind', 'amount_cents', 'coins', 'status'])
      .where('provider', '=', provider as 'stripe')
      .where('parent_txn_id', '=', paymentId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => [row.kind, Number(row.amount_cents), Number(row.coins), row.status]));
  const paymentOf = (provider: string, paymentId: string) =>
    sites.databases.connections.site.db
      .selectFrom('site_donations')
      .selectAll()
      .where('provider', '=', provider as 'stripe')
      .where('txn_id', '=', paymentId)
      .execute();

  const start = async (provider: 'stripe' | 'mercadopago', amount = '10.00', charName = 'DemoKnight') => {
    const answer = await postCall(sites.site.url, 'createDonationOrder', { provider, charName, amount });
    expect(answer.status).toBe(200);
    return (answer.body as { approveUrl: string }).approveUrl;
  };

  it('offers the configured providers, each in its currency, and donations are open without PayPal', async () => {
    const metadata = (await (await fetch(`${sites.site.url}/sdk/getmetadata`)).json()) as {
      donation: { open: boolean; providers: unknown };
    };
    expect(metadata.donation.open).toBe(true);
    expect(metadata.donation.providers).toEqual([
      { id: 'stripe', currency: 'EUR', coinsPerUnit: null },
      { id: 'mercadopago', currency: 'BRL', coinsPerUnit: COINS_PER_REAL },
    ]);
    // PayPal has no keys here: it is not offered and cannot be asked for.
    const paypal = await postCall(sites.site.url, 'createDonationOrder', { charName: 'DemoKnight', amount: '10' });
    expect(paypal.status).toBe(503);
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

    it('creates a Checkout Session for the amount and the character, checked first', async () => {
      const approveUrl = await start('stripe', '12.50');
      expect(approveUrl.startsWith(`${sites.stripe.origin}/c/pay/cs_test_`)).toBe(true);
      const session = sessionOf(approveUrl);
      expect([session.amount, session.currency, session.successUrl]).toEqual([
        1250,
        'eur',
        'https://l2.example.test/donate?payment=complete&provider=stripe',
      ]);
      const unknown = await postCall(sites.site.url, 'createDonationOrder', {
        provider: 'stripe',
        charName: 'NoSuchHero',
        amount: '10',
      });
      expect([unknown.status, unknown.body]).toEqual([400, ['charDoesntExist']]);
    });

    it('credits a paid session once, however often and wherever its event arrives', async () => {
      const before = await coinsOf(knightId);
      const session = sessionOf(await start('stripe'));
      const paid = sites.stripe.pay(session.id);
      const answers = await Promise.all([deliver(paid), deliver(paid, sites.other), deliver(paid)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await coinsOf(knightId)).toBe(before + 10 * COINS_PER_EURO);
      // The same payment in another event (Stripe's retry with a new id): still once.
      expect((await deliver(sites.stripe.pay(session.id))).status).toBe(200);
      expect(await coinsOf(knightId)).toBe(before + 10 * COINS_PER_EURO);
      const [payment] = await paymentOf('stripe', session.paymentIntent ?? '');
      expect([payment?.kind, payment?.status, Number(payment?.coins)]).toEqual(['payment', 'credited', 1000]);
      // The owner's ledger (console, npm run donations) names the provider and the Session.
      const [entry] = await readLedger(
        { site: sites.databases.connections.site.db, game: sites.databases.connections.game.db, schema: L2J_SCHEMA },
        { find: session.paymentIntent ?? '', limit: 5 },
      );
      expect([entry?.provider, entry?.orderId, entry?.state, entry?.coins]).toEqual([
        'stripe',
        session.id,
        'delivered',
        1000,
      ]);
    });

    it('refuses an event whose signature does not hold: nothing credited', async () => {
      const before = await coinsOf(knightId);
      const session = sessionOf(await start('stripe'));
      sites.stripe.pay(session.id);
      const forged = sites.stripe.event(
        'checkout.session.completed',
        {
          id: session.id,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: session.paymentIntent,
          client_reference_id: session.reference,
          amount_total: session.amount,
          currency: session.currency,
        },
        'whsec_not_the_endpoint_secret',
      );
      expect((await deliver(forged)).status).toBe(400);
      const tampered = sites.stripe.pay(session.id);
      expect(
        (await deliver({ ...tampered, body: tampered.body.replace('"amount_total":1000', '"amount_total":9000') }))
          .status,
      ).toBe(400);
      expect(await coinsOf(knightId)).toBe(before);
    });

    it('takes back refunds and a dispute in proportion, once each', async () => {
      const session = sessionOf(await start('stripe', '20.00'));
      expect((await deliver(sites.stripe.pay(session.id))).status).toBe(200);
      const paymentId = session.paymentIntent ?? '';
      const refunded = sites.stripe.refund(session.id, 500);
      expect((await deliver(refunded)).status).toBe(200);
      expect((await deliver(refunded, sites.other)).status).toBe(200);
      // The coins are in the game already: the share is flagged for the owner.
      expect(await returnsOf('stripe', paymentId)).toEqual([['refund', -500, 500, 'flagged']]);
      expect((await deliver(sites.stripe.dispute(session.id, 1500))).status).toBe(200);
      expect(await returnsOf('stripe', paymentId)).toEqual([
        ['refund', -500, 500, 'flagged'],
        ['reversal', -1500, 1500, 'flagged'],
      ]);
      const [payment] = await paymentOf('stripe', paymentId);
      expect(payment?.status).toBe('reversed');
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

    it('creates a preference in reais, with our reference and the notification address', async () => {
      const preference = preferenceOf(await start('mercadopago', '25.00'));
      expect([preference.amount, preference.currency, preference.notificationUrl]).toEqual([
        25,
        'BRL',
        'https://l2.example.test/payments/mercadopago/webhook',
      ]);
    });

    it('credits a PIX payment once, at the coins per real of its settings', async () => {
      const before = await coinsOf(knightId);
      const preference = preferenceOf(await start('mercadopago'));
      const { paymentId, notification } = sites.mercadoPago.pay(preference.id);
      const answers = await Promise.all([deliver(notification), deliver(notification, sites.other)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect((await deliver(sites.mercadoPago.notification(paymentId))).status).toBe(200);
      expect(await coinsOf(knightId)).toBe(before + 10 * COINS_PER_REAL);
      const [payment] = await paymentOf('mercadopago', paymentId);
      expect([payment?.amount_cents, payment?.currency, payment?.status]).toEqual([1000, 'BRL', 'credited']);
    });

    it('refuses a notification whose x-signature does not hold', async () => {
      const before = await coinsOf(knightId);
      const preference = preferenceOf(await start('mercadopago'));
      const { paymentId } = sites.mercadoPago.pay(preference.id, 'credit_card');
      expect((await deliver(sites.mercadoPago.notification(paymentId, 'not-the-secret'))).status).toBe(400);
      const signed = sites.mercadoPago.notification(paymentId);
      // A valid signature over another payment's id does not carry over to this one.
      const moved = { ...signed, path: signed.path.replace(paymentId, String(Number(paymentId) + 1)) };
      expect((await deliver(moved)).status).toBe(400);
      const unsigned = { ...signed, headers: { 'content-type': 'application/json' } };
      expect((await deliver(unsigned)).status).toBe(400);
      expect(await coinsOf(knightId)).toBe(before);
    });

    it('takes back a refund and a chargeback in proportion, once each', async () => {
      const preference = preferenceOf(await start('mercadopago', '40.00'));
      const { paymentId, notification } = sites.mercadoPago.pay(preference.id);
      expect((await deliver(notification)).status).toBe(200);
      const refunded = sites.mercadoPago.refund(paymentId, 1000);
      expect((await deliver(refunded)).status).toBe(200);
      expect((await deliver(refunded, sites.other)).status).toBe(200);
      expect(await returnsOf('mercadopago', paymentId)).toEqual([['refund', -1000, 200, 'flagged']]);
      expect((await deliver(sites.mercadoPago.chargeback(paymentId))).status).toBe(200);
      expect(await returnsOf('mercadopago', paymentId)).toEqual([
        ['refund', -1000, 200, 'flagged'],
        ['reversal', -3000, 600, 'flagged'],
      ]);
    });
  });
});
