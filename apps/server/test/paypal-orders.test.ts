import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCharacterByName } from '../src/game/characters';
import { PAYPAL_WEBHOOK_PATH } from '../src/features/donations/checkout';
import { type AppUnderTest, sharedInstanceKeys, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type FakePaypalIpn, startFakePaypalIpn } from './support/fakes/fake-paypal-ipn';
import { type FakePaypalRest, type WebhookDelivery, startFakePaypalRest } from './support/fakes/fake-paypal-rest';
import { postCall } from './support/account-calls';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * Donations on PayPal Orders v2, against a local server speaking PayPal's REST protocol
 * (fake-paypal-rest.ts): one credit per capture whichever of the capture answer and the webhook
 * comes first, twice, or on two instances at once; unverified webhooks credit nothing; refunds
 * take back coins not delivered yet and flag the others; PayPal down at the capture leaves an
 * approved order that a retry completes.
 */
const COINS_PER_EURO = 100;
const COIN_ITEM = 4037;

/** The account's IPN address is set too (an owner who had buttons): PayPal also sends IPN for orders. */
let ipn: FakePaypalIpn;
const ordersSettings = (paypal: FakePaypalRest, extra: Record<string, unknown> = {}) => ({
  coins: { perEuro: COINS_PER_EURO },
  accounts: { requestsPerMinute: 1_000 },
  donations: {
    checkoutsPerMinute: 1_000,
    paypal: {
      checkout: 'orders',
      apiBaseUrl: paypal.origin,
      captureRetrySeconds: 1,
      notificationsPerMinute: 1_000,
      verifyUrl: ipn.url,
    },
  },
  ...extra,
});

const paypalEnv = (paypal: FakePaypalRest) => ({
  PUBLIC_URL: 'https://l2.example.test',
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
});

/** Log lines at warn and above, to find the owner's flags in. */
const logLines = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
};

describe.each(DATABASE_KINDS)('PayPal Orders v2 donations on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let paypal: FakePaypalRest;
  let site: AppUnderTest;
  let other: AppUnderTest;
  let knightId: number;
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  const log = logLines();

  beforeAll(async () => {
    databases = await createTestDatabases(kind);
    paypal = await startFakePaypalRest();
    ipn = await startFakePaypalIpn();
    const keys = sharedInstanceKeys();
    const env = { ...paypalEnv(paypal), ...keys, LOG_LEVEL: 'warn' };
    site = await startApp(databases, { env, settings: ordersSettings(paypal), now, logStream: log.stream });
    other = await startApp(databases, { env, settings: ordersSettings(paypal), now });
    knightId = (await findCharacterByName(databases.connections.game.db, L2J_SCHEMA, 'DemoKnight'))?.charId as number;
  });
  afterAll(async () => {
    await site?.close();
    await other?.close();
    await paypal?.close();
    await ipn?.close();
    await databases?.drop();
  });

  const coinsOf = async (charId: number) =>
    (
      await databases.connections.game.db
        .selectFrom('character_premium_items')
        .select('itemCount')
        .where('charId', '=', charId)
        .where('itemId', '=', COIN_ITEM)
        .execute()
    ).reduce((sum, row) => sum + Number(row.itemCount), 0);
  const orderRow = (orderId: string) =>
    databases.connections.site.db
      .selectFrom('site_paypal_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  const donationsOf = (captureId: string) =>
    databases.connections.site.db.selectFrom('site_donations').selectAll().where('txn_id', '=', captureId).execute();

  /** The donor asks for a payment: the order PayPal created, and where the page sends them. */
  const startDonation = async (amount = '10.00', charName = 'DemoKnight', at: AppUnderTest = site) => {
    const answer = await postCall(at.url, 'createDonationOrder', { charName, amount });
    expect(answer.status).toBe(200);
    const { approveUrl } = answer.body as { approveUrl: string };
    const orderId = new URL(approveUrl).searchParams.get('token') ?? '';
    return { approveUrl, orderId };
  };
  /** PayPal sends the donor back to our return address; where the site sends them then. */
  const comeBack = async (returnUrl: string, at: AppUnderTest = site) => {
    const back = new URL(returnUrl);
    const response = await fetch(`${at.url}${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location') ?? '').searchParams.get('payment');
  };
  const deliver = (delivery: WebhookDelivery, at: AppUnderTest = site) =>
    fetch(`${at.url}${PAYPAL_WEBHOOK_PATH}`, { method: 'POST', headers: delivery.headers, body: delivery.body });

  it('tells the page to start payments through the site, with the amounts of the settings', async () => {
    const metadata = (await (await fetch(`${site.url}/sdk/getmetadata`)).json()) as { donation: unknown };
    expect(metadata.donation).toEqual({
      open: true,
      // By default a donation's coins go to the character named (donations.target).
      target: 'character',
      checkout: 'orders',
      action: '',
      fields: {},
      amountField: 'amount',
      characterField: 'custom',
      currency: 'EUR',
      minAmount: 1,
      maxAmount: 500,
      defaultAmount: 10,
      presets: [5, 10, 20, 50],
      contact: '',
      providers: [{ id: 'paypal', currency: 'EUR', coinsPerUnit: null }],
    });
  });

  it("sends the donor to PayPal's own approval link, captures on return and credits the coins once", async () => {
    const before = await coinsOf(knightId);
    const { approveUrl, orderId } = await startDonation('12.50');
    expect(approveUrl.startsWith(`${paypal.origin}/checkoutnow?token=`)).toBe(true);
    const created = paypal.orders.get(orderId);
    expect(created?.amount).toEqual({ currency_code: 'EUR', value: '12.50' });
    expect(created?.returnUrl).toBe('https://l2.example.test/payments/paypal/return');
    const row = await orderRow(orderId);
    expect([row.status, row.char_name, Number(row.coins), created?.customId]).toEqual([
      'created',
      'DemoKnight',
      1250,
      row.donation_id,
    ]);

    expect(await comeBack(paypal.approve(orderId))).toBe('complete');
    const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
    expect(await coinsOf(knightId)).toBe(before + 1250);
    expect((await orderRow(orderId)).status).toBe('credited');
    expect((await donationsOf(captureId)).map((d) => [d.kind, d.status, Number(d.coins)])).toEqual([
      ['payment', 'credited', 1250],
    ]);

    // The webhook afterwards, twice, and the donor reloading the return page: nothing more.
    const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId));
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(completed)).status).toBe(200);
    expect(await comeBack(paypal.approve(orderId))).toBe('complete');
    expect(await coinsOf(knightId)).toBe(before + 1250);
  });

  it('credits from the webhook when it comes before the capture answer, and the late return finds it done', async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('3.00');
    const returnUrl = paypal.approve(orderId);
    // Captured at PayPal (another instance's call whose answer was lost); the webhook arrives first.
    paypal.captureNow(orderId);
    expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId)))).status).toBe(
      200,
    );
    expect(await coinsOf(knightId)).toBe(before + 300);
    expect(await comeBack(returnUrl)).toBe('complete');
    expect(await coinsOf(knightId)).toBe(before + 300);
  });

  it("lets the order's capture credit when PayPal's IPN of the same payment comes first", async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('9.00');
    const returnUrl = paypal.approve(orderId);
    paypal.captureNow(orderId);
    const order = paypal.orders.get(orderId);
    // The IPN PayPal sends for an order: the capture id as txn_id, our donation id as custom.
    const body = ipn.send(
      new URLSearchParams({
        txn_id: order?.capture?.id ?? '',
        custom: order?.customId ?? '',
        payment_status: 'Completed',
        mc_gross: '9.00',
        mc_currency: 'EUR',
        receiver_email: 'donations@example.com',
        txn_type: 'express_checkout',
      }).toString(),
    );
    const notified = await fetch(`${site.url}/payments/paypal/ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(notified.status).toBe(200);
    const outcome = async () =>
      (
        await databases.connections.site.db
          .selectFrom('site_donation_notifications')
          .select('outcome')
          .where('txn_id', '=', order?.capture?.id ?? '')
          .executeTakeFirst()
      )?.outcome;
    const deadline = Date.now() + 5_000;
    while ((await outcome()) === 'received' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await outcome()).toBe('orders_payment');
    expect(await donationsOf(order?.capture?.id ?? '')).toEqual([]);
    expect(await comeBack(returnUrl)).toBe('complete');
    expect(await coinsOf(knightId)).toBe(before + 900);
  });

  it('credits once when the return and the webhook reach two instances at the same time', async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('7.00', 'DemoKnight', other);
    const returnUrl = paypal.approve(orderId);
    paypal.captureNow(orderId);
    const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId));
    const answers = await Promise.all([
      comeBack(returnUrl, site),
      comeBack(returnUrl, other),
      deliver(completed, site).then((response) => response.status),
      deliver(completed, other).then((response) => response.status),
    ]);
    expect(answers).toEqual(['complete', 'complete', 200, 200]);
    expect(await coinsOf(knightId)).toBe(before + 700);
    const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
    expect(await donationsOf(captureId)).toHaveLength(1);
  });

  it('credits nothing for a webhook PayPal does not vouch for: forged, altered, unsigned or for another id', async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('5.00');
    paypal.approve(orderId);
    paypal.captureNow(orderId);
    const genuine = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId));
    const altered = { ...genuine, body: genuine.body.replace('"5.00"', '"500.00"') };
    expect(altered.body).not.toBe(genuine.body);
    expect((await deliver(altered)).status).toBe(400);
    const forgedSignature = { ...genuine, headers: { ...genuine.headers, 'paypal-transmission-sig': 'c2lnbmF0dXJl' } };
    expect((await deliver(forgedSignature)).status).toBe(400);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = genuine.headers;
    expect((await deliver({ ...genuine, headers: unsigned })).status).toBe(400);
    expect((await deliver({ ...genuine, body: '{not json' })).status).toBe(400);
    expect(await coinsOf(knightId)).toBe(before);
    expect((await orderRow(orderId)).status).toBe('created');
    // The genuine one still counts once it comes.
    expect((await deliver(genuine)).status).toBe(200);
    expect(await coinsOf(knightId)).toBe(before + 500);
  });

  it('keeps an order waiting for approval when its return address is called before the donor approved', async () => {
    const before = await coinsOf(knightId);
    // Someone calls the return address with the order id before the donor approved at PayPal.
    const early = async (orderId: string) => {
      const response = await fetch(`${site.url}/payments/paypal/return?token=${orderId}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect((await orderRow(orderId)).status).toBe('created');
      expect(paypal.orders.get(orderId)?.capture).toBeUndefined();
    };
    // The donor then comes back: the capture credits.
    const byReturn = await startDonation('1.50');
    await early(byReturn.orderId);
    expect(await comeBack(paypal.approve(byReturn.orderId))).toBe('complete');
    expect((await orderRow(byReturn.orderId)).status).toBe('credited');
    expect(await coinsOf(knightId)).toBe(before + 150);
    // The donor closes the tab instead: the approval webhook captures it.
    const byWebhook = await startDonation('2.50');
    await early(byWebhook.orderId);
    paypal.approve(byWebhook.orderId);
    const approved = paypal.webhook(
      'CHECKOUT.ORDER.APPROVED',
      { id: byWebhook.orderId, status: 'APPROVED' },
      'checkout-order',
    );
    expect((await deliver(approved)).status).toBe(200);
    expect((await orderRow(byWebhook.orderId)).status).toBe('credited');
    expect(await coinsOf(knightId)).toBe(before + 400);
  });

  it('refuses a webhook whose event id is longer than the events table keeps, before writing anything', async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('1.25');
    paypal.approve(orderId);
    paypal.captureNow(orderId);
    const events = () =>
      databases.connections.site.db.selectFrom('site_paypal_webhook_events').select(['event_id', 'outcome']).execute();
    const stored = (await events()).length;
    const base = `WH-${'7'.repeat(61)}`;
    expect(base).toHaveLength(64);
    const overLong = paypal.webhook(
      'PAYMENT.CAPTURE.COMPLETED',
      paypal.captureResource(orderId),
      'capture',
      `${base}-LONGER`,
    );
    expect((await deliver(overLong)).status).toBe(400);
    expect((await events()).length).toBe(stored);
    expect(await coinsOf(knightId)).toBe(before);
    // An id of the column's length is kept whole: handled, and its outcome found again by it.
    const fits = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId), 'capture', base);
    expect((await deliver(fits)).status).toBe(200);
    expect((await events()).filter((event) => event.event_id === base)).toEqual([
      { event_id: base, outcome: 'credited' },
    ]);
    expect(await coinsOf(knightId)).toBe(before + 125);
  });

  it('waits on a pending capture and credits when PayPal completes it', async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('2.00');
    paypal.behaviour = 'pending';
    try {
      expect(await comeBack(paypal.approve(orderId))).toBe('processing');
    } finally {
      paypal.behaviour = 'ok';
    }
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await coinsOf(knightId)).toBe(before);
    const capture = paypal.orders.get(orderId)?.capture;
    if (capture) capture.status = 'COMPLETED';
    await deliver(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(orderId)));
    expect(await coinsOf(knightId)).toBe(before + 200);
    expect((await orderRow(orderId)).status).toBe('credited');
  });

  it('keeps an approved order when PayPal is down at the capture, shows why, and the retry completes it', async () => {
    const before = await coinsOf(knightId);
    const { orderId } = await startDonation('4.00');
    paypal.behaviour = 'captureDown';
    try {
      expect(await comeBack(paypal.approve(orderId))).toBe('processing');
    } finally {
      paypal.behaviour = 'ok';
    }
    const waiting = await orderRow(orderId);
    expect([waiting.status, waiting.detail]).toEqual(['approved', expect.stringContaining('HTTP 503')]);
    expect(await coinsOf(knightId)).toBe(before);
    // A minute later by the site's clock, the retry (every captureRetrySeconds) captures it.
    clock.offset += 61_000;
    const deadline = Date.now() + 10_000;
    while ((await orderRow(orderId)).status !== 'credited' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await orderRow(orderId)).status).toBe('credited');
    expect(await coinsOf(knightId)).toBe(before + 400);
  });

  it('flags a refund after delivery: the coins stay in the game and the owner is told', async () => {
    const { orderId } = await startDonation('6.00');
    await comeBack(paypal.approve(orderId));
    const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
    const coins = await coinsOf(knightId);
    const refund = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId), 'refund');
    expect((await deliver(refund)).status).toBe(200);
    expect((await deliver(refund)).status).toBe(200);
    expect(await coinsOf(knightId)).toBe(coins);
    const rows = await donationsOf(captureId);
    expect(rows.map((row) => [row.kind, row.status, row.reward_status])).toEqual([
      ['payment', 'refunded', 'delivered'],
    ]);
    const refunds = await databases.connections.site.db
      .selectFrom('site_donations')
      .select(['kind', 'amount_cents'])
      .where('parent_txn_id', '=', captureId)
      .execute();
    expect(refunds.map((row) => [row.kind, Number(row.amount_cents)])).toEqual([['refund', -600]]);
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(log.lines.some((line) => line.donationFlag === 'DONATION_REFUNDED' && line.captureId === captureId)).toBe(
      true,
    );
  });

  it('takes back the coins of a refund that comes before their delivery', async () => {
    // The game mod's queue: the coins wait in site_reward_queue until the game hands them out.
    const queued = await startApp(databases, {
      env: { ...paypalEnv(paypal), ...sharedInstanceKeys() },
      settings: ordersSettings(paypal, { rewards: { delivery: 'queue' } }),
      now,
    });
    try {
      const { orderId } = await startDonation('8.00', 'DemoKnight', queued);
      expect(await comeBack(paypal.approve(orderId), queued)).toBe('complete');
      const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
      const reward = () =>
        databases.connections.site.db
          .selectFrom('site_reward_queue')
          .select(['status', 'item_count'])
          .where('request_id', '=', `paypal:${captureId}`)
          .executeTakeFirstOrThrow();
      expect((await reward()).status).toBe('pending');
      const refund = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId), 'refund');
      expect((await deliver(refund, queued)).status).toBe(200);
      expect((await reward()).status).toBe('cancelled');
      const [payment] = await donationsOf(captureId);
      expect([payment?.status, payment?.reward_status]).toEqual(['refunded', 'cancelled']);
    } finally {
      await queued.close();
    }
  });

  it('flags only the share of a partial refund after delivery, once per refund, and the shares add up', async () => {
    const { orderId } = await startDonation('20.00');
    await comeBack(paypal.approve(orderId));
    const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
    const coins = await coinsOf(knightId);
    const refunds = () =>
      databases.connections.site.db
        .selectFrom('site_donations')
        .select(['amount_cents', 'coins', 'status'])
        .where('parent_txn_id', '=', captureId)
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((row) => [Number(row.amount_cents), Number(row.coins), row.status]));
    const first = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId, '5.00'), 'refund');
    expect((await deliver(first)).status).toBe(200);
    // The same refund again, as a new delivery of PayPal's: nothing more.
    const again = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', JSON.parse(first.body).resource, 'refund');
    expect((await deliver(again)).status).toBe(200);
    expect(await refunds()).toEqual([[-500, 500, 'flagged']]);
    const flags = () =>
      log.lines.filter((line) => line.donationFlag === 'DONATION_REFUNDED' && line.captureId === captureId);
    expect(flags().map((line) => line.coins)).toEqual([500]);
    // Another partial refund adds its share; one past the amount paid takes nothing more.
    await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId, '15.00'), 'refund'));
    await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId, '1.00'), 'refund'));
    expect(await refunds()).toEqual([
      [-500, 500, 'flagged'],
      [-1500, 1500, 'flagged'],
      [-100, 0, 'taken_back'],
    ]);
    expect(await coinsOf(knightId)).toBe(coins);
  });

  it('takes back from the queue only the share of each partial refund, rounded in the player’s favour', async () => {
    // 7 coins a euro: 10.00 EUR is 70 coins, and a third of it is not a whole number of coins.
    const queued = await startApp(databases, {
      env: { ...paypalEnv(paypal), ...sharedInstanceKeys() },
      settings: ordersSettings(paypal, { rewards: { delivery: 'queue' }, coins: { perEuro: 7 } }),
      now,
    });
    try {
      const { orderId } = await startDonation('10.00', 'DemoKnight', queued);
      expect(await comeBack(paypal.approve(orderId), queued)).toBe('complete');
      const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
      const reward = async () => {
        const row = await databases.connections.site.db
          .selectFrom('site_reward_queue')
          .select(['status', 'item_count'])
          .where('request_id', '=', `paypal:${captureId}`)
          .executeTakeFirstOrThrow();
        return [row.status, Number(row.item_count)];
      };
      expect(await reward()).toEqual(['pending', 70]);
      const refund = (value: string) =>
        paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.refundResource(captureId, value), 'refund');
      const first = refund('3.33');
      expect((await deliver(first, queued)).status).toBe(200);
      expect((await deliver(first, queued)).status).toBe(200);
      // 70 x 3.33 / 10 = 23.31: 23 coins back.
      expect(await reward()).toEqual(['pending', 47]);
      await deliver(refund('3.33'), queued);
      // 70 x 6.66 / 10 = 46.62: 46 in all, 23 more.
      expect(await reward()).toEqual(['pending', 24]);
      await deliver(refund('3.34'), queued);
      expect(await reward()).toEqual(['cancelled', 24]);
      const refunds = await databases.connections.site.db
        .selectFrom('site_donations')
        .select(['coins', 'status'])
        .where('parent_txn_id', '=', captureId)
        .orderBy('id')
        .execute();
      expect(refunds.map((row) => [Number(row.coins), row.status])).toEqual([
        [23, 'taken_back'],
        [23, 'taken_back'],
        [24, 'taken_back'],
      ]);
      const [payment] = await donationsOf(captureId);
      expect([payment?.status, payment?.reward_status]).toEqual(['refunded', 'cancelled']);
    } finally {
      await queued.close();
    }
  });

  it('refuses an unknown character, amounts outside the limits, and says when PayPal cannot be reached', async () => {
    const unknown = await postCall(site.url, 'createDonationOrder', { charName: 'NoSuchHero', amount: '10' });
    expect([unknown.status, unknown.body]).toEqual([400, ['charDoesntExist']]);
    for (const amount of ['0.50', '500.01', 'ten', '']) {
      const refused = await postCall(site.url, 'createDonationOrder', { charName: 'DemoKnight', amount });
      expect([refused.status, refused.body], amount).toEqual([400, expect.any(Array)]);
    }
    const empty = await postCall(site.url, 'createDonationOrder', { charName: '', amount: '10' });
    expect(empty.body).toEqual(['CharNameEmpty']);
    const orders = () => databases.connections.site.db.selectFrom('site_paypal_orders').select('id').execute();
    const count = (await orders()).length;
    paypal.behaviour = 'down';
    try {
      const down = await postCall(site.url, 'createDonationOrder', { charName: 'DemoKnight', amount: '10' });
      expect([down.status, down.body]).toEqual([503, ['paymentsUnavailable']]);
    } finally {
      paypal.behaviour = 'ok';
    }
    // The attempt is in the ledger, failed, with PayPal's reason.
    const failed = await databases.connections.site.db
      .selectFrom('site_paypal_orders')
      .select(['status', 'detail'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await orders()).length).toBe(count + 1);
    expect([failed.status, failed.detail]).toEqual(['failed', expect.stringContaining('503')]);
  });

  it('refuses a banned character before PayPal is asked, as votes do', async () => {
    const orders = () => databases.connections.site.db.selectFrom('site_paypal_orders').select('id').execute();
    const count = (await orders()).length;
    const calls = paypal.calls.length;
    const banned = await postCall(site.url, 'createDonationOrder', { charName: 'BannedOne', amount: '10' });
    expect([banned.status, banned.body]).toEqual([400, ['characterBanned']]);
    expect((await orders()).length).toBe(count);
    expect(paypal.calls.slice(calls)).toEqual([]);
  });

  it('says donations are closed without the app credentials, and 404 on a site that keeps the form', async () => {
    const unconfigured = await startApp(databases, { settings: ordersSettings(paypal) });
    const standard = await startApp(databases, {
      settings: { donations: { paypal: { checkout: 'standard' } } },
    });
    try {
      const noKeys = await postCall(unconfigured.url, 'createDonationOrder', { charName: 'DemoKnight', amount: '10' });
      expect([noKeys.status, noKeys.body]).toEqual([503, ['donationsClosed']]);
      const form = await postCall(standard.url, 'createDonationOrder', { charName: 'DemoKnight', amount: '10' });
      expect(form.status).toBe(404);
      const webhook = await fetch(`${unconfigured.url}${PAYPAL_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: paypal.webhook('PAYMENT.CAPTURE.COMPLETED', { id: 'X' }).headers,
        body: paypal.webhook('PAYMENT.CAPTURE.COMPLETED', { id: 'X' }).body,
      });
      expect(webhook.status).toBe(503);
    } finally {
      await unconfigured.close();
      await standard.close();
    }
  });
});
