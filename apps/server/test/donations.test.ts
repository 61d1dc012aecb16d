import { Writable } from 'node:stream';
import { api } from '@gatekeeper/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDonationRepository } from '../src/features/donations/donation-repository';
import { openConnections } from '../src/db/connections';
import { DONATION_FLAGS, processNotification } from '../src/features/donations/ipn-listener';
import { PAYPAL_IPN_PATH, verifyWithPaypal } from '../src/features/donations/paypal';
import { MAX_NOTIFICATION_BYTES } from '../src/features/donations/routes';
import { createRewardDelivery } from '../src/features/rewards/reward-delivery';
import { findCharacterByName } from '../src/game/characters';
import { checkGameSchema } from '../src/game/schema-check';
import { parseSettings } from '../src/settings';
import { startApp } from './app-under-test';
import type { FlavorName } from '../src/game/flavors';
import { type DatabaseKind } from './databases';
import { useSite } from './support/use-site';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { type FakePaypalIpn, startFakePaypalIpn } from './support/fakes/fake-paypal-ipn';
import { closedPort } from './support/closed-port';
import { L2J_SCHEMA } from './support/game-schema';

const PUBLIC_URL = 'https://l2.example.test';
const BUSINESS = 'donations@l2.example.test';
const COINS_PER_EURO = 100;

/** Percent-encodes as a form does, in the charset PayPal writes the notification in. */
const encodeForm = (fields: Record<string, string>, charset: 'utf-8' | 'windows-1252') =>
  Object.entries(fields)
    .map(([name, value]) => {
      const bytes = charset === 'utf-8' ? Buffer.from(value, 'utf8') : Buffer.from(value, 'latin1');
      const encoded = [...bytes]
        .map((byte) => {
          const char = String.fromCharCode(byte);
          if (/[A-Za-z0-9_.\-*]/.test(char)) return char;
          if (char === ' ') return '+';
          return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        })
        .join('');
      return `${name}=${encoded}`;
    })
    .join('&');

let txnCounter = 0;
const newTxnId = () => `9TX${String(Date.now()).slice(-8)}${String((txnCounter += 1)).padStart(5, '0')}`;

/** A web_accept notification as PayPal writes it for a completed payment of the donate form. */
const paymentFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  mc_gross: '10.00',
  protection_eligibility: 'Eligible',
  payer_id: 'LPLWNMTBWMFAY',
  payment_date: '20:12:59 Nov 22, 2026 PST',
  payment_status: 'Completed',
  charset: 'windows-1252',
  first_name: 'Test',
  mc_fee: '0.64',
  notify_version: '3.9',
  custom: 'DemoKnight',
  payer_status: 'verified',
  business: BUSINESS,
  quantity: '1',
  verify_sign: 'AtkOfCXbDm2hu0ZELryHFjY-Vb7PAUvS6nMXgysbElEn9v-1XcmSoGtf',
  payer_email: 'buyer@example.com',
  txn_id: newTxnId(),
  payment_type: 'instant',
  last_name: 'Buyer',
  receiver_email: BUSINESS,
  receiver_id: 'S8XGHLYDW9T3S',
  txn_type: 'web_accept',
  item_name: 'Donation Coins',
  mc_currency: 'EUR',
  residence_country: 'DE',
  ipn_track_id: 'b4f7a0c1e2d3',
  ...overrides,
});

describe.each(FLAVOR_KINDS)('PayPal donations on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const flavored = flavoredWorld(flavor);
  /** Delivered to the game on L2J; recorded on the site, waiting for the game mod, on aCis. */
  const rewardStatus = flavored.schema.hasPremiumItems ? 'delivered' : 'pending';
  let paypal: FakePaypalIpn;
  let demoKnightId: number;

  const settingsWith = (extra: Record<string, unknown> = {}, notificationsPerMinute = 10_000) => ({
    coins: { perEuro: COINS_PER_EURO },
    donations: {
      currency: 'EUR',
      minAmount: 2,
      maxAmount: 200,
      // An owner who keeps the Payments Standard form (and its IPN).
      paypal: { checkout: 'standard', business: BUSINESS, verifyUrl: paypal.url, notificationsPerMinute },
    },
    ...extra,
  });

  beforeAll(async () => {
    paypal = await startFakePaypalIpn();
  });
  afterAll(async () => {
    await paypal?.close();
  });
  const site = useSite(kind, { databases: { flavor }, app: () => ({ env: { PUBLIC_URL }, settings: settingsWith() }) });
  beforeAll(async () => {
    demoKnightId = (await findCharacterByName(site.databases.connections.game.db, flavored.schema, 'DemoKnight'))!
      .charId;
  });
  afterEach(() => {
    paypal.failure = undefined;
    paypal.hold = undefined;
  });

  const site_ = () => site.databases.connections.site.db;

  const settledCount = async () =>
    Number(
      (
        await site_()
          .selectFrom('site_donation_notifications')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('outcome', '!=', 'received')
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** Posts raw bodies to the listener as PayPal does, all at once, and waits until each is settled. */
  const deliver = async (bodies: Buffer[], contentType = 'application/x-www-form-urlencoded') => {
    const before = await settledCount();
    const answers = await Promise.all(
      bodies.map((body) =>
        fetch(`${site.url}${PAYPAL_IPN_PATH}`, { method: 'POST', headers: { 'content-type': contentType }, body }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('');
    }
    await expect.poll(settledCount, { timeout: 15_000 }).toBe(before + bodies.length);
  };

  /** PayPal sends a notification (and may resend it `times` at once). */
  const notify = async (fields: Record<string, string>, options: { times?: number; known?: boolean } = {}) => {
    const body = Buffer.from(encodeForm(fields, fields.charset === 'UTF-8' ? 'utf-8' : 'windows-1252'), 'latin1');
    if (options.known !== false) paypal.send(body);
    await deliver(Array.from({ length: options.times ?? 1 }, () => body));
    return body;
  };

  const notificationsOf = (txnId: string) =>
    site_()
      .selectFrom('site_donation_notifications')
      .select(['outcome', 'verification', 'payment_status', 'detail', 'body'])
      .where('txn_id', '=', txnId)
      .orderBy('id')
      .execute();

  const donationsOf = (txnId: string) =>
    site_().selectFrom('site_donations').selectAll().where('txn_id', '=', txnId).execute();

  const rewardsOf = (txnId: string) =>
    site_()
      .selectFrom('site_reward_queue')
      .select(['char_id', 'item_id', 'item_count', 'reason', 'delivery', 'status'])
      .where('request_id', '=', `paypal:${txnId}`)
      .execute();

  /**
   * DemoKnight's coins: waiting at the Dimensional Merchant (L2J Server's character_premium_items),
   * or on aCis, which has no table for items, recorded pending in the site queue for the game mod.
   */
  const premiumItems = async (): Promise<{ itemId: number; itemCount: number }[]> =>
    flavored.schema.hasPremiumItems
      ? (
          await site.databases.connections.game.db
            .selectFrom('character_premium_items')
            .select(['itemId', 'itemCount'])
            .where('charId', '=', demoKnightId)
            .orderBy('itemNum')
            .execute()
        ).map((item) => ({ itemId: Number(item.itemId), itemCount: Number(item.itemCount) }))
      : (
          await site_()
            .selectFrom('site_reward_queue')
            .select(['item_id', 'item_count'])
            .where('char_id', '=', demoKnightId)
            .where('delivery', '=', 'queue')
            .where('status', '=', 'pending')
            .orderBy('id')
            .execute()
        ).map((row) => ({ itemId: Number(row.item_id), itemCount: Number(row.item_count) }));

  describe('a verified completed payment', () => {
    it('is verified with the exact bytes received, recorded once and credited coinsPerEuro x amount', async () => {
      const fields = paymentFields({ mc_gross: '12.50' });
      const itemsBefore = (await premiumItems()).length;
      const body = await notify(fields);
      const postback = paypal.postbacks.at(-1)!;
      expect(postback.body.equals(Buffer.concat([Buffer.from('cmd=_notify-validate&'), body]))).toBe(true);
      expect(postback.headers['user-agent']).toBeTruthy();

      const [donation] = await donationsOf(fields.txn_id!);
      expect(donation).toMatchObject({
        provider: 'paypal',
        kind: 'payment',
        char_name: 'DemoKnight',
        char_id: demoKnightId,
        currency: 'EUR',
        status: 'credited',
        payer_email: 'buyer@example.com',
      });
      expect(Number(donation!.amount_cents)).toBe(1250);
      expect(Number(donation!.coins)).toBe(1250);
      expect(donation!.reward_status).toBe(rewardStatus);
      expect(await rewardsOf(fields.txn_id!)).toEqual([
        expect.objectContaining({ char_id: demoKnightId, item_id: 4037, reason: 'donation', status: rewardStatus }),
      ]);
      // L2J Server's tables have character_premium_items: the coins wait at the Dimensional Merchant.
      // aCis's have no table for items: the coins wait in the site queue, never lost.
      const items = await premiumItems();
      expect(items).toHaveLength(itemsBefore + 1);
      expect(items.at(-1)).toEqual({ itemId: 4037, itemCount: 1250 });
      expect(await notificationsOf(fields.txn_id!)).toEqual([
        expect.objectContaining({ outcome: 'credited', verification: 'VERIFIED', payment_status: 'Completed' }),
      ]);
    });

    it('credits once when PayPal sends the same notification again', async () => {
      const fields = paymentFields();
      const itemsBefore = (await premiumItems()).length;
      await notify(fields);
      await notify(fields);
      expect(await donationsOf(fields.txn_id!)).toHaveLength(1);
      expect(await rewardsOf(fields.txn_id!)).toHaveLength(1);
      expect(await premiumItems()).toHaveLength(itemsBefore + 1);
      expect((await notificationsOf(fields.txn_id!)).map((n) => n.outcome)).toEqual(['credited', 'duplicate']);
    });

    it('credits once when the same notification arrives five times at once', async () => {
      const fields = paymentFields();
      const itemsBefore = (await premiumItems()).length;
      await notify(fields, { times: 5 });
      expect(await donationsOf(fields.txn_id!)).toHaveLength(1);
      expect(await rewardsOf(fields.txn_id!)).toHaveLength(1);
      expect(await premiumItems()).toHaveLength(itemsBefore + 1);
      const outcomes = (await notificationsOf(fields.txn_id!)).map((n) => n.outcome).sort();
      expect(outcomes).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    });

    it('finds the character whatever the case of the name', async () => {
      const fields = paymentFields({ custom: 'demoknight' });
      await notify(fields);
      expect(await donationsOf(fields.txn_id!)).toEqual([
        expect.objectContaining({ char_id: demoKnightId, status: 'credited' }),
      ]);
    });

    it('reads a UTF-8 notification and its non-ASCII fields, and still posts back the exact bytes', async () => {
      const fields = paymentFields({ charset: 'UTF-8', first_name: 'Žydrūnas', last_name: 'Ąžuolas' });
      await notify(fields);
      expect((await notificationsOf(fields.txn_id!))[0]?.outcome).toBe('credited');
    });

    it('accepts the form content type with a charset parameter', async () => {
      const fields = paymentFields();
      const body = paypal.send(encodeForm(fields, 'windows-1252'));
      await deliver([body], 'application/x-www-form-urlencoded; charset=windows-1252');
      expect((await notificationsOf(fields.txn_id!))[0]?.outcome).toBe('credited');
    });

    it('answers PayPal 200 before the verification has answered', async () => {
      let release: () => void = () => undefined;
      paypal.hold = new Promise<void>((done) => (release = done));
      const fields = paymentFields();
      const body = paypal.send(encodeForm(fields, 'windows-1252'));
      const before = await settledCount();
      const answer = await fetch(`${site.url}${PAYPAL_IPN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(answer.status).toBe(200);
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
      release();
      await expect.poll(settledCount, { timeout: 15_000 }).toBe(before + 1);
      expect((await donationsOf(fields.txn_id!))[0]?.status).toBe('credited');
    });
  });

  describe('a notification that is not credited', () => {
    it('is ignored when PayPal answers INVALID (it never sent it)', async () => {
      const fields = paymentFields();
      await notify(fields, { known: false });
      expect(await notificationsOf(fields.txn_id!)).toEqual([
        expect.objectContaining({ outcome: 'invalid', verification: 'INVALID' }),
      ]);
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
      expect(await rewardsOf(fields.txn_id!)).toEqual([]);
    });

    it('is ignored when one byte differs from what PayPal sent', async () => {
      const fields = paymentFields();
      paypal.send(encodeForm(fields, 'windows-1252'));
      const forged = Buffer.from(encodeForm({ ...fields, mc_gross: '100.00' }, 'windows-1252'), 'latin1');
      await deliver([forged]);
      expect((await notificationsOf(fields.txn_id!))[0]?.outcome).toBe('invalid');
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
    });

    it.each(['httpError', 'garbage'] as const)(
      'is not credited when the verification fails (%s), and is credited when PayPal resends it',
      async (failure) => {
        const fields = paymentFields();
        paypal.failure = failure;
        await notify(fields);
        expect((await notificationsOf(fields.txn_id!))[0]).toMatchObject({
          outcome: 'verify_failed',
          verification: 'error',
        });
        expect(await donationsOf(fields.txn_id!)).toEqual([]);
        paypal.failure = undefined;
        await notify(fields);
        expect((await donationsOf(fields.txn_id!))[0]?.status).toBe('credited');
      },
    );

    it.each([
      [
        'another receiver',
        { receiver_email: 'someone@else.test', business: 'someone@else.test', receiver_id: 'X1' },
        'wrong_receiver',
      ],
      ['another currency', { mc_currency: 'USD' }, 'wrong_currency'],
      ['an amount under the minimum', { mc_gross: '1.99' }, 'wrong_amount'],
      ['an amount over the maximum', { mc_gross: '200.01' }, 'wrong_amount'],
      ['an unreadable amount', { mc_gross: '1,000.00' }, 'wrong_amount'],
      ['a sandbox notification on a live site', { test_ipn: '1' }, 'sandbox_mismatch'],
    ])('refuses %s', async (_what, overrides, outcome) => {
      const fields = paymentFields(overrides);
      await notify(fields);
      expect((await notificationsOf(fields.txn_id!))[0]).toMatchObject({ outcome, verification: 'VERIFIED' });
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
      expect(await rewardsOf(fields.txn_id!)).toEqual([]);
    });

    it('accepts the receiver by its merchant id', async () => {
      const fields = paymentFields({ receiver_email: 'other@l2.example.test', business: 'S8XGHLYDW9T3S' });
      const custom = await startApp(site.databases, {
        env: { PUBLIC_URL },
        settings: settingsWith({ donations: { paypal: { business: 'S8XGHLYDW9T3S', verifyUrl: paypal.url } } }),
      });
      try {
        const body = paypal.send(encodeForm(fields, 'windows-1252'));
        const before = await settledCount();
        await fetch(`${custom.url}${PAYPAL_IPN_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        await expect.poll(settledCount, { timeout: 15_000 }).toBe(before + 1);
      } finally {
        await custom.close();
      }
      expect((await notificationsOf(fields.txn_id!))[0]?.outcome).toBe('credited');
    });

    it('records a pending payment without crediting it, and credits it once completed', async () => {
      const pending = paymentFields({ payment_status: 'Pending', pending_reason: 'echeck' });
      await notify(pending);
      expect((await notificationsOf(pending.txn_id!))[0]).toMatchObject({
        outcome: 'not_completed',
        detail: 'Pending',
      });
      expect(await donationsOf(pending.txn_id!)).toEqual([]);
      await notify({ ...pending, payment_status: 'Completed', pending_reason: '' });
      expect((await donationsOf(pending.txn_id!))[0]?.status).toBe('credited');
    });

    it.each(['Denied', 'Failed', 'Expired', 'Voided'])('does not credit a %s payment', async (status) => {
      const fields = paymentFields({ payment_status: status });
      await notify(fields);
      expect((await notificationsOf(fields.txn_id!))[0]?.outcome).toBe('not_completed');
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
    });

    it('records a payment for a banned character without crediting it, and says why', async () => {
      // BannedOne's account is banned (access level below 0), as every flavour marks it.
      const fields = paymentFields({ custom: 'BannedOne' });
      await notify(fields);
      await notify(fields);
      expect(await donationsOf(fields.txn_id!)).toEqual([
        expect.objectContaining({ char_name: 'BannedOne', status: 'banned_character' }),
      ]);
      expect((await notificationsOf(fields.txn_id!)).map((n) => [n.outcome, n.detail])).toEqual([
        ['banned_character', 'BannedOne'],
        ['duplicate', ''],
      ]);
      expect(await rewardsOf(fields.txn_id!)).toEqual([]);
    });

    it('records a payment for an unknown character without crediting it, once', async () => {
      const fields = paymentFields({ custom: 'NoSuchHeroAnywhere' });
      await notify(fields);
      await notify(fields);
      expect(await donationsOf(fields.txn_id!)).toEqual([
        expect.objectContaining({ char_name: 'NoSuchHeroAnywhere', char_id: null, status: 'unknown_character' }),
      ]);
      expect((await notificationsOf(fields.txn_id!)).map((n) => n.outcome)).toEqual(['unknown_character', 'duplicate']);
      expect(await rewardsOf(fields.txn_id!)).toEqual([]);
    });
  });

  if (flavored.everything)
    describe('refunds and reversals', () => {
      const refundOf = (payment: Record<string, string>, status: string, extra: Record<string, string> = {}) =>
        paymentFields({
          payment_status: status,
          txn_id: newTxnId(),
          parent_txn_id: payment.txn_id!,
          mc_gross: `-${payment.mc_gross}`,
          custom: payment.custom!,
          reason_code: status === 'Refunded' ? 'refund' : 'chargeback',
          ...extra,
        });

      it('records a refund once with its parent and marks the payment refunded', async () => {
        const payment = paymentFields({ mc_gross: '20.00' });
        await notify(payment);
        const refund = refundOf(payment, 'Refunded');
        await notify(refund, { times: 2 });
        expect(await donationsOf(refund.txn_id!)).toEqual([
          expect.objectContaining({
            kind: 'refund',
            parent_txn_id: payment.txn_id,
            char_id: demoKnightId,
            status: 'recorded',
          }),
        ]);
        expect(Number((await donationsOf(refund.txn_id!))[0]!.amount_cents)).toBe(-2000);
        expect((await donationsOf(payment.txn_id!))[0]?.status).toBe('refunded');
        // Both arrived at once: which one recorded the refund is a race, that only one did is not.
        expect((await notificationsOf(refund.txn_id!)).map((n) => n.outcome).sort()).toEqual([
          'duplicate',
          'reversal_recorded',
        ]);
      });

      it('records a reversal and its cancellation', async () => {
        const payment = paymentFields();
        await notify(payment);
        const reversal = refundOf(payment, 'Reversed');
        await notify(reversal);
        expect((await donationsOf(payment.txn_id!))[0]?.status).toBe('reversed');
        const cancellation = refundOf(payment, 'Canceled_Reversal', { mc_gross: payment.mc_gross! });
        await notify(cancellation);
        expect((await donationsOf(cancellation.txn_id!))[0]).toMatchObject({ kind: 'canceled_reversal' });
        expect((await donationsOf(payment.txn_id!))[0]?.status).toBe('credited');
      });

      it('records a refund of a payment the site never recorded', async () => {
        const refund = refundOf(paymentFields(), 'Refunded');
        await notify(refund);
        expect(await donationsOf(refund.txn_id!)).toEqual([
          expect.objectContaining({ kind: 'refund', char_id: null, status: 'recorded' }),
        ]);
      });

      it('does not let a completed notification of a refunded payment credit it again', async () => {
        const payment = paymentFields();
        await notify(payment);
        await notify(refundOf(payment, 'Refunded'));
        await notify(payment);
        expect((await donationsOf(payment.txn_id!))[0]?.status).toBe('refunded');
        expect((await notificationsOf(payment.txn_id!)).map((n) => n.outcome)).toEqual(['credited', 'duplicate']);
      });
    });

  if (flavored.everything)
    describe('reward delivery by the game flavour', () => {
      /** A second site on the same databases whose rewards go another way; notifications posted to it. */
      const withDelivery = async (delivery: 'customMail' | 'queue', fields: Record<string, string>) => {
        const other = await startApp(site.databases, {
          env: { PUBLIC_URL },
          settings: settingsWith({ rewards: { delivery, coinItemId: 57 } }),
        });
        try {
          const body = paypal.send(encodeForm(fields, 'windows-1252'));
          const before = await settledCount();
          for (let time = 0; time < 2; time += 1) {
            const answer = await fetch(`${other.url}${PAYPAL_IPN_PATH}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body,
            });
            expect(answer.status).toBe(200);
          }
          await expect.poll(settledCount, { timeout: 15_000 }).toBe(before + 2);
        } finally {
          await other.close();
        }
      };

      it('sends the coins once by custom_mail (L2J Mobius)', async () => {
        const fields = paymentFields({ mc_gross: '3.33' });
        await withDelivery('customMail', fields);
        const letters = await site.databases.connections.game.db
          .selectFrom('custom_mail')
          .select(['receiver', 'items'])
          .where('receiver', '=', demoKnightId)
          .where('items', '=', '57 333')
          .execute();
        expect(letters).toEqual([{ receiver: demoKnightId, items: '57 333' }]);
        expect(await rewardsOf(fields.txn_id!)).toEqual([
          expect.objectContaining({ delivery: 'customMail', status: 'delivered', item_id: 57 }),
        ]);
        expect((await donationsOf(fields.txn_id!))[0]).toMatchObject({
          status: 'credited',
          reward_status: 'delivered',
        });
      });

      it('leaves the coins once in the site queue for a game mod, pending', async () => {
        const fields = paymentFields({ mc_gross: '4.44' });
        const itemsBefore = (await premiumItems()).length;
        await withDelivery('queue', fields);
        expect(await rewardsOf(fields.txn_id!)).toEqual([
          {
            char_id: demoKnightId,
            item_id: 57,
            item_count: 444,
            reason: 'donation',
            delivery: 'queue',
            status: 'pending',
          },
        ]);
        expect((await donationsOf(fields.txn_id!))[0]).toMatchObject({ status: 'credited', reward_status: 'pending' });
        expect(await premiumItems()).toHaveLength(itemsBefore);
      });
    });

  /** Posts one body to a site's listener. */
  const post = (url: string, body: Buffer) =>
    fetch(`${url}${PAYPAL_IPN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  const storedRowsOf = (txnId: string) =>
    site_().selectFrom('site_donation_notifications').selectAll().where('txn_id', '=', txnId).execute();

  describe('a notification that cannot be stored at once', () => {
    it('is answered 503 while the site database is down, credits nothing, and is credited once when resent', async () => {
      const down = openConnections({
        login: site.databases.urls.login,
        game: site.databases.urls.game,
        site: `mysql://root@127.0.0.1:${await closedPort()}/gatekeeper`,
      });
      const offline = await startApp(
        { ...site.databases, connections: { ...site.databases.connections, site: down.site } },
        { env: { PUBLIC_URL }, settings: settingsWith() },
      );
      const fields = paymentFields();
      const body = paypal.send(encodeForm(fields, 'windows-1252'));
      const itemsBefore = (await premiumItems()).length;
      try {
        const answer = await post(offline.url, body);
        expect(answer.status).toBeGreaterThanOrEqual(500);
      } finally {
        await offline.close();
        await down.close();
      }
      expect(await storedRowsOf(fields.txn_id!)).toEqual([]);
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
      expect(await premiumItems()).toHaveLength(itemsBefore);

      // The database is back; PayPal resends what was not answered 200, and may resend it again.
      await deliver([body]);
      await deliver([body]);
      expect(await donationsOf(fields.txn_id!)).toEqual([expect.objectContaining({ status: 'credited' })]);
      expect(await rewardsOf(fields.txn_id!)).toHaveLength(1);
      expect(await premiumItems()).toHaveLength(itemsBefore + 1);
    });

    it('is settled at the next start when the site stopped between storing and verifying it', async () => {
      const fields = paymentFields({ mc_gross: '7.00' });
      const raw = paypal.send(encodeForm(fields, 'windows-1252'));
      // Stored as the listener stores it, then the process died: nobody verified it.
      await createDonationRepository(site_(), Date.now).recordNotification({ raw, fields, retryAfterMs: 0 });
      expect(await donationsOf(fields.txn_id!)).toEqual([]);
      const restarted = await startApp(site.databases, { env: { PUBLIC_URL }, settings: settingsWith() });
      try {
        await expect
          .poll(async () => (await notificationsOf(fields.txn_id!))[0]?.outcome, { timeout: 15_000 })
          .toBe('credited');
      } finally {
        await restarted.close();
      }
      expect(await donationsOf(fields.txn_id!)).toEqual([expect.objectContaining({ status: 'credited' })]);
      expect((await storedRowsOf(fields.txn_id!))[0]?.body).toBe('');
    });

    it('retries a notification whose verification failed from the stored bytes', async () => {
      const fields = paymentFields();
      paypal.failure = 'httpError';
      await notify(fields);
      paypal.failure = undefined;
      const [stored] = await storedRowsOf(fields.txn_id!);
      expect(stored).toMatchObject({ outcome: 'verify_failed', attempts: 1 });
      expect(stored!.body).not.toBe('');
      // Due now rather than in a minute; a site that starts sweeps at once.
      await site_()
        .updateTable('site_donation_notifications')
        .set({ next_attempt_at: 0 })
        .where('id', '=', stored!.id)
        .execute();
      const restarted = await startApp(site.databases, { env: { PUBLIC_URL }, settings: settingsWith() });
      try {
        await expect
          .poll(async () => (await notificationsOf(fields.txn_id!))[0]?.outcome, { timeout: 15_000 })
          .toBe('credited');
      } finally {
        await restarted.close();
      }
      expect(await donationsOf(fields.txn_id!)).toHaveLength(1);
    });
  });

  if (flavored.everything)
    describe('the listener under forged traffic', () => {
      it('refuses a body over the limit with 413 and stores nothing', async () => {
        const fields = paymentFields({ memo: 'x'.repeat(MAX_NOTIFICATION_BYTES) });
        const answer = await post(site.url, Buffer.from(encodeForm(fields, 'windows-1252'), 'latin1'));
        expect(answer.status).toBe(413);
        expect(await storedRowsOf(fields.txn_id!)).toEqual([]);
      });

      it('keeps only the needed fields of a notification once settled, not its body', async () => {
        const forged = paymentFields({ memo: 'y'.repeat(MAX_NOTIFICATION_BYTES - 1200) });
        const body = Buffer.from(encodeForm(forged, 'windows-1252'), 'latin1');
        expect(body.length).toBeLessThanOrEqual(MAX_NOTIFICATION_BYTES);
        await deliver([body]);
        const credited = paymentFields({ memo: 'z'.repeat(2000) });
        await notify(credited);
        for (const txnId of [forged.txn_id!, credited.txn_id!]) {
          const [row] = await storedRowsOf(txnId);
          expect(row).toMatchObject({
            txn_id: txnId,
            mc_gross: '10.00',
            mc_currency: 'EUR',
            custom: 'DemoKnight',
            body: '',
          });
          const size = Object.values(row!).reduce<number>((total, value) => total + String(value).length, 0);
          expect(size).toBeLessThan(1024);
        }
      });

      it('answers 429 to most of 300 posts from one address at once', async () => {
        const limited = await startApp(site.databases, { env: { PUBLIC_URL }, settings: settingsWith({}, 60) });
        try {
          const answers = await Promise.all(
            Array.from({ length: 300 }, () =>
              post(limited.url, Buffer.from(encodeForm(paymentFields(), 'windows-1252'))),
            ),
          );
          const statuses = answers.map((answer) => answer.status);
          expect(statuses.filter((status) => status === 200)).toHaveLength(60);
          expect(statuses.filter((status) => status === 429)).toHaveLength(240);
        } finally {
          await limited.close();
        }
      });
    });

  if (flavored.everything)
    describe('4-byte characters', () => {
      it('records a verified payment with an emoji in custom and in payer_email', async () => {
        const unknown = paymentFields({
          charset: 'UTF-8',
          custom: 'DemoKnight 🐉',
          payer_email: 'dragon🐉@example.com',
        });
        await notify(unknown);
        expect(await donationsOf(unknown.txn_id!)).toEqual([
          expect.objectContaining({
            char_name: 'DemoKnight 🐉',
            payer_email: 'dragon🐉@example.com',
            status: 'unknown_character',
          }),
        ]);
        expect((await storedRowsOf(unknown.txn_id!))[0]).toMatchObject({
          outcome: 'unknown_character',
          custom: 'DemoKnight 🐉',
          payer_email: 'dragon🐉@example.com',
        });

        const known = paymentFields({ charset: 'UTF-8', payer_email: '😀@example.com', first_name: '🐉' });
        await notify(known);
        expect(await donationsOf(known.txn_id!)).toEqual([
          expect.objectContaining({ char_id: demoKnightId, payer_email: '😀@example.com', status: 'credited' }),
        ]);
      });

      it.runIf(kind === 'mariadb')(
        'records a payment with the emoji replaced when a table is still utf8mb3',
        async () => {
          // Empty utf8mb3 copies stand in for the tables (which hold emoji rows of the tests above).
          const tables = ['site_donations', 'site_donation_notifications'];
          const run = (query: string) => sql.raw(query).execute(site_());
          const swapIn = async () => {
            for (const table of tables) {
              await run(`rename table ${table} to ${table}_kept`);
              await run(`create table ${table} like ${table}_kept`);
              await run(`alter table ${table} convert to character set utf8mb3`);
            }
          };
          const swapBack = async () => {
            for (const table of tables) {
              await run(`drop table ${table}`);
              await run(`rename table ${table}_kept to ${table}`);
            }
          };
          await swapIn();
          try {
            const fields = paymentFields({ charset: 'UTF-8', payer_email: 'dragon🐉@example.com' });
            await notify(fields);
            expect(await donationsOf(fields.txn_id!)).toEqual([
              expect.objectContaining({ payer_email: 'dragon\uFFFD@example.com', status: 'credited' }),
            ]);
          } finally {
            await swapBack();
          }
        },
      );

      it('keeps what fits of an over-long name without splitting a character', async () => {
        const fields = paymentFields({ charset: 'UTF-8', custom: `${'a'.repeat(63)}🐉🐉` });
        await notify(fields);
        expect((await donationsOf(fields.txn_id!))[0]?.char_name).toBe(`${'a'.repeat(63)}🐉`);
      });
    });

  if (flavored.everything)
    describe('the owner’s log', () => {
      /** processNotification with a logger whose lines the test reads. */
      const processLogged = async (fields: Record<string, string>) => {
        const lines: Record<string, unknown>[] = [];
        const stream = new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
            done();
          },
        });
        const { log } = Fastify({ logger: { level: 'info', stream } });
        const settings = parseSettings(settingsWith());
        const body = paypal.send(encodeForm(fields, 'windows-1252'));
        const result = await processNotification(
          {
            repository: createDonationRepository(site_(), Date.now),
            login: site.databases.connections.login.db,
            game: site.databases.connections.game.db,
            schema: L2J_SCHEMA,
            now: Date.now,
            settings: settings.donations,
            coinsPerEuro: settings.coins.perEuro,
            verify: (raw) => verifyWithPaypal(paypal.url, raw),
            rewards: createRewardDelivery({
              connections: site.databases.connections,
              schema: await checkGameSchema(site.databases.connections),
              settings: settings.rewards,
              now: Date.now,
              log,
            }),
            isOrderDonation: async () => false,
            log,
          },
          body,
        );
        return { result, lines };
      };

      it('flags a refund at warn level with the payment, the character and the coins', async () => {
        const payment = paymentFields({ mc_gross: '5.00' });
        await notify(payment);
        const refundTxn = newTxnId();
        const { result, lines } = await processLogged(
          paymentFields({
            payment_status: 'Refunded',
            txn_id: refundTxn,
            parent_txn_id: payment.txn_id!,
            mc_gross: '-5.00',
          }),
        );
        expect(result.outcome).toBe('reversal_recorded');
        expect(lines).toContainEqual(
          expect.objectContaining({
            level: 40,
            donationFlag: DONATION_FLAGS.refund,
            txnId: refundTxn,
            parentTxnId: payment.txn_id,
            charName: 'DemoKnight',
            coins: 500,
          }),
        );
      });

      it('flags a reversal and a payment for an unknown character at warn level', async () => {
        const payment = paymentFields();
        await notify(payment);
        const reversal = await processLogged(
          paymentFields({
            payment_status: 'Reversed',
            txn_id: newTxnId(),
            parent_txn_id: payment.txn_id!,
            mc_gross: '-10.00',
          }),
        );
        expect(reversal.lines).toContainEqual(
          expect.objectContaining({ level: 40, donationFlag: DONATION_FLAGS.reversal, parentTxnId: payment.txn_id }),
        );
        const unknown = await processLogged(paymentFields({ custom: 'Nobody' }));
        expect(unknown.lines).toContainEqual(
          expect.objectContaining({ level: 40, donationFlag: DONATION_FLAGS.unknownCharacter, charName: 'Nobody' }),
        );
      });
    });

  if (flavored.everything)
    describe('the payment form', () => {
      it('is in getmetadata with the settings and the notification address of PUBLIC_URL', async () => {
        const metadata = api.getMetadata.response.parse(await (await fetch(`${site.url}/sdk/getmetadata`)).json());
        expect(metadata.donation).toEqual({
          open: true,
          target: 'character',
          checkout: 'standard',
          action: 'https://www.paypal.com/cgi-bin/webscr',
          fields: {
            // The donate button's command, which PayPal keeps after retiring "Buy Now" (_xclick).
            cmd: '_donations',
            business: BUSINESS,
            item_name: 'Donation Coins',
            currency_code: 'EUR',
            notify_url: `${PUBLIC_URL}${PAYPAL_IPN_PATH}`,
            return: `${PUBLIC_URL}/donate?payment=complete`,
            cancel_return: `${PUBLIC_URL}/donate?payment=cancelled`,
            no_shipping: '1',
            rm: '1',
            charset: 'utf-8',
          },
          amountField: 'amount',
          characterField: 'custom',
          currency: 'EUR',
          minAmount: 2,
          maxAmount: 200,
          defaultAmount: 10,
          presets: [5, 10, 20, 50],
          contact: '',
          providers: [{ id: 'paypal', currency: 'EUR', coinsPerUnit: null }],
        });
        expect(metadata.downloads.updater64.url).toMatch(/^https:\/\//);
      });
    });
});
