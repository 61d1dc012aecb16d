import { randomBytes } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSender } from '../src/features/shop/shop';
import { createWallet } from '../src/features/wallet/wallet';
import { findCharacterByName } from '../src/game/characters';
import { type AppUnderTest, csrfHeaders, sharedInstanceKeys, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type Answer, postCall } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { closedPort } from './support/closed-port';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { L2J_SCHEMA } from './support/game-schema';
import { accountToolSettings } from './support/mailed-site';

/**
 * The shop per realm (decision 051, realms): one wallet per account, a checkout that names the
 * realm and a character of it, delivery into that realm's game database and nowhere else, refusals
 * that take nothing, a realm that is down answered 503, two instances buying into both realms at
 * once, the console's realm of an offer and its orders ledger by realm. On SQLite and MariaDB.
 */

const PLAYER = 'demoplayer';
const PLAYER_PASSWORD = 'Demo.Pass1';

const settingsOf = () => ({
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
  realms: [
    { id: 1, slug: 'low', name: 'Bartz x5' },
    { id: 2, slug: 'high', name: 'Sieghardt x50', statusAddress: '127.0.0.1:1' },
    { id: 3, slug: 'off', name: 'Test', statusAddress: '127.0.0.1:1' },
  ],
});

const newKey = () => randomBytes(12).toString('hex');

describe.each(DATABASE_KINDS)('the shop per realm on %s', (kind: DatabaseKind) => {
  const clock = testClock();
  let low: TestDatabases;
  let high: TestDatabases;
  let site: AppUnderTest;
  let other: AppUnderTest;
  /** DemoKnight lives only in the first realm, HighHero (the same row, renamed) only in the second. */
  let knightId: number;
  let highHeroId: number;
  let session = '';

  beforeAll(async () => {
    [low, high] = await Promise.all([createTestDatabases(kind), createTestDatabases(kind)]);
    await sql`update characters set char_name = 'HighHero' where char_name = 'DemoKnight'`.execute(
      high.connections.game.db,
    );
    knightId = (await findCharacterByName(low.connections.game.db, L2J_SCHEMA, 'DemoKnight'))!.charId;
    highHeroId = (await findCharacterByName(high.connections.game.db, L2J_SCHEMA, 'HighHero'))!.charId;
    const env = {
      ...sharedInstanceKeys(),
      REALM_HIGH_DATABASE_URL: high.urls.game,
      // A game database that never answers: the realm stays down.
      REALM_OFF_DATABASE_URL: `mysql://root@127.0.0.1:${await closedPort()}/nothing`,
    };
    // Two instances on the same databases (decision 024).
    [site, other] = await Promise.all([
      startApp(low, { settings: settingsOf(), env, now: clock.now }),
      startApp(low, { settings: settingsOf(), env, now: clock.now }),
    ]);
    const signedIn = await postCall(site.url, 'signIn', {
      username: PLAYER,
      password: PLAYER_PASSWORD,
      captcha: await altchaPayload(site.url),
    });
    expect(signedIn.status).toBe(200);
    session = signedIn.setCookies.find((cookie) => cookie.startsWith('gk_session='))?.split(';')[0] ?? '';
  }, 120_000);
  afterAll(async () => {
    await Promise.all([site?.close(), other?.close()]);
    await Promise.all([low?.drop(), high?.drop()]);
  });

  const siteDb = () => low.connections.site.db;
  const wallet = () => createWallet({ db: siteDb(), dialect: low.connections.site.dialect, now: clock.now });
  /** The balance worked out again from the ledger's entries. */
  const recomputed = async () =>
    (await siteDb().selectFrom('site_wallet_entries').select('amount').where('login', '=', PLAYER).execute()).reduce(
      (sum, row) => sum + Number(row.amount),
      0,
    );
  /** Brings the player's wallet to exactly this balance, by a correction. */
  const setBalance = async (target: number) => {
    const difference = target - (await recomputed());
    const move = {
      login: PLAYER,
      idempotencyKey: `test:${newKey()}`,
      reason: 'adjustment' as const,
      reference: 'test',
    };
    if (difference > 0) await wallet().credit({ ...move, amountMinor: difference });
    if (difference < 0) await wallet().debit({ ...move, amountMinor: -difference });
    expect(await recomputed()).toBe(target);
  };
  const addOffer = async (price: number, realm: string | null) =>
    Number(
      (
        await siteDb()
          .insertInto('site_shop_offers')
          .values({
            items: JSON.stringify([{ itemId: 4037, count: 1 + Math.floor(Math.random() * 1000) }]),
            price,
            stock: null,
            per_account_limit: null,
            sale_starts_at: null,
            sale_ends_at: null,
            enabled: 1,
            realm,
            created_at: clock.now(),
            updated_at: clock.now(),
          })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  const buy = (body: Record<string, unknown>, url = site.url): Promise<Answer> =>
    sessionCall(url, 'POST', api.buyShopItem.path, session, { requestKey: newKey(), ...body });
  /** The premium items an order left in a realm's game (its sender names the order). */
  const packOf = (databases: TestDatabases, orderId: number) =>
    databases.connections.game.db
      .selectFrom('character_premium_items')
      .select(['charId', 'itemId', 'itemCount'])
      .where('itemSender', '=', orderSender(orderId))
      .execute();
  const ordersOfOffer = (offerId: number) =>
    siteDb().selectFrom('site_shop_orders').selectAll().where('offer_id', '=', offerId).orderBy('id').execute();
  const entriesCount = async () =>
    Number(
      (
        await siteDb()
          .selectFrom('site_wallet_entries')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('login', '=', PLAYER)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("delivers a second-realm character's purchase into that realm's database and not the first's", async () => {
    await setBalance(100);
    const offerId = await addOffer(30, 'high');
    const answer = await buy({ offerId, charName: 'highhero', realm: 'high' });
    expect(answer.status).toBe(200);
    const { order } = api.buyShopItem.response.parse(answer.body) as { order: { id: number; realm: string } };
    expect(order).toMatchObject({ character: 'HighHero', realm: 'high', state: 'onItsWay' });
    expect((await packOf(high, order.id)).map((row) => Number(row.charId))).toEqual([highHeroId]);
    expect(await packOf(low, order.id)).toEqual([]);
    expect(await recomputed()).toBe(70);
    const [row] = await ordersOfOffer(offerId);
    expect(row?.realm).toBe('high');
    // The player's orders name the realm; "received" is looked for in that realm's game.
    const orders = async () =>
      api.getOrders.response
        .parse((await sessionCall(site.url, 'GET', api.getOrders.path, session)).body)
        .orders.find((one) => one.id === order.id);
    expect(await orders()).toMatchObject({ realm: 'high', state: 'onItsWay' });
    // A first-realm row of the same sender would not count: the game of the second realm hands it over.
    await low.connections.game.db
      .insertInto('character_premium_items')
      .values({ charId: knightId, itemNum: 999_001, itemId: 57, itemCount: 1, itemSender: orderSender(order.id) })
      .execute();
    await high.connections.game.db
      .deleteFrom('character_premium_items')
      .where('itemSender', '=', orderSender(order.id))
      .execute();
    expect(await orders()).toMatchObject({ realm: 'high', state: 'received' });
    await low.connections.game.db
      .deleteFrom('character_premium_items')
      .where('itemSender', '=', orderSender(order.id))
      .execute();
  });

  it('buys for the first realm without a realm named, as a one-realm site did, and with its slug', async () => {
    await setBalance(100);
    const offerId = await addOffer(10, null);
    const plain = await buy({ offerId, charName: 'DemoKnight' });
    const named = await buy({ offerId, charName: 'DemoKnight', realm: 'low' });
    expect([plain.status, named.status]).toEqual([200, 200]);
    const rows = await ordersOfOffer(offerId);
    expect(rows.map((row) => ({ realm: row.realm, charId: Number(row.char_id) }))).toEqual([
      { realm: null, charId: knightId },
      { realm: null, charId: knightId },
    ]);
    for (const row of rows) {
      expect((await packOf(low, Number(row.id))).length).toBe(1);
      expect(await packOf(high, Number(row.id))).toEqual([]);
    }
    expect(await recomputed()).toBe(80);
  });

  it("refuses an unknown realm, another realm's offer and a name the realm does not have, taking nothing", async () => {
    await setBalance(100);
    const highOffer = await addOffer(10, 'high');
    const everywhere = await addOffer(10, null);
    const entries = await entriesCount();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await buy(body);
      return { status: answer.status, body: answer.body };
    };
    expect(await refused({ offerId: everywhere, charName: 'HighHero', realm: 'nowhere' })).toEqual({
      status: 400,
      body: ['realmUnknown'],
    });
    expect(await refused({ offerId: highOffer, charName: 'DemoKnight', realm: 'low' })).toEqual({
      status: 400,
      body: ['shopOfferOtherRealm'],
    });
    expect(await refused({ offerId: highOffer, charName: 'DemoKnight' })).toEqual({
      status: 400,
      body: ['shopOfferOtherRealm'],
    });
    expect(await refused({ offerId: everywhere, charName: 'DemoKnight', realm: 'high' })).toEqual({
      status: 400,
      body: ['charDoesntExist'],
    });
    expect(await refused({ offerId: everywhere, charName: 'HighHero', realm: 'low' })).toEqual({
      status: 400,
      body: ['charDoesntExist'],
    });
    expect((await refused({ offerId: everywhere, charName: 'HighHero', realm: 'Not A Slug' })).status).toBe(400);
    expect([...(await ordersOfOffer(highOffer)), ...(await ordersOfOffer(everywhere))]).toEqual([]);
    expect(await entriesCount()).toBe(entries);
    expect(await recomputed()).toBe(100);
  });

  it('answers 503 with Retry-After for a realm whose database is down, and takes nothing', async () => {
    await setBalance(100);
    const offerId = await addOffer(10, null);
    const entries = await entriesCount();
    const answer = await buy({ offerId, charName: 'DemoKnight', realm: 'off' });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 503, body: ['serviceUnavailable'] });
    const headers = csrfHeaders();
    const raw = await fetch(`${site.url}${api.buyShopItem.path}`, {
      method: 'POST',
      headers: { ...headers, cookie: `${headers.cookie}; ${session}` },
      body: JSON.stringify({ offerId, charName: 'DemoKnight', realm: 'off', requestKey: newKey() }),
    });
    expect(raw.status).toBe(503);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ordersOfOffer(offerId)).toEqual([]);
    expect(await entriesCount()).toBe(entries);
    expect(await recomputed()).toBe(100);
  });

  it('sells exactly what one wallet holds to purchases at once on two instances into both realms', async () => {
    await setBalance(100);
    const offerId = await addOffer(10, null);
    const attempts = Array.from({ length: 20 }, (_, index) => ({
      url: index % 2 === 0 ? site.url : other.url,
      body:
        index % 4 < 2
          ? { offerId, charName: 'DemoKnight', realm: 'low' }
          : { offerId, charName: 'HighHero', realm: 'high' },
    }));
    const answers = await Promise.all(attempts.map(({ url, body }) => buy(body, url)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual(
      Array.from({ length: 10 }, () => ['insufficientFunds']),
    );
    expect(await recomputed()).toBe(0);
    const rows = await ordersOfOffer(offerId);
    expect(rows).toHaveLength(10);
    // Each order's pack is in its own realm's game, once, and not in the other's.
    for (const row of rows) {
      const [home, away, charId] = row.realm === 'high' ? [high, low, highHeroId] : ([low, high, knightId] as const);
      expect(row.realm === null || row.realm === 'high').toBe(true);
      expect((await packOf(home, Number(row.id))).map((pack) => Number(pack.charId))).toEqual([charId]);
      expect(await packOf(away, Number(row.id))).toEqual([]);
    }
    const purchases = await siteDb()
      .selectFrom('site_wallet_entries')
      .select('amount')
      .where('login', '=', PLAYER)
      .where('reason', '=', 'purchase')
      .where(
        'reference',
        'in',
        rows.map((row) => `order ${row.id}`),
      )
      .execute();
    expect(purchases.map((entry) => Number(entry.amount))).toEqual(Array.from({ length: 10 }, () => -10));
  });

  it('lets the owner sell an offer in one realm, refuses an unknown one, and lists and exports the ledger by realm', async () => {
    const owner = await consoleUser({ url: site.url, databases: low }, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const post = (path: string, body: unknown) => sessionCall(site.url, 'POST', path, owner.cookie, body);
    const get = (path: string) => sessionCall(site.url, 'GET', path, owner.cookie);
    const offer = {
      id: 0,
      items: [{ itemId: 1538, count: 2 }],
      price: 5,
      stock: null,
      perAccountLimit: null,
      saleStartsAt: null,
      saleEndsAt: null,
      enabled: true,
    };
    const unknown = await post(api.saveConsoleShopOffer.path, { offer: { ...offer, realm: 'nowhere' } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 400, body: ['realmUnknown'] });
    const saved = await post(api.saveConsoleShopOffer.path, { offer: { ...offer, realm: 'high' } });
    expect(saved.status).toBe(200);
    const id = (saved.body as { id: number }).id;
    const catalogue = api.getConsoleShop.response.parse((await get(api.getConsoleShop.path)).body);
    expect(catalogue.offers.find((row) => row.id === id)?.realm).toBe('high');
    const shop = api.getShop.response.parse(await (await fetch(`${site.url}${api.getShop.path}`)).json());
    expect(shop.offers.find((row) => row.id === id)?.realm).toBe('high');
    // Saved without a realm (an older console): sold everywhere.
    const everywhere = await post(api.saveConsoleShopOffer.path, { offer });
    expect(
      api.getConsoleShop.response
        .parse((await get(api.getConsoleShop.path)).body)
        .offers.find((row) => row.id === (everywhere.body as { id: number }).id)?.realm,
    ).toBeNull();
    const audit = await siteDb()
      .selectFrom('site_console_audit')
      .select(['action', 'detail'])
      .where('record', '=', String(id))
      .where('action', '=', 'shop.offer.add')
      .execute();
    expect(audit.map((row) => row.detail)).toEqual([expect.stringContaining('in high')]);
    // The ledger by realm: the second realm's orders only, then the first's.
    const ledger = async (realm: string) =>
      api.getConsoleShopOrders.response.parse((await get(`${api.getConsoleShopOrders.path}?realm=${realm}`)).body);
    const highRows = await ledger('high');
    expect(highRows.rows.length).toBeGreaterThan(0);
    expect(highRows.rows.every((row) => row.realm === 'high' && row.character === 'HighHero')).toBe(true);
    const lowRows = await ledger('low');
    expect(lowRows.rows.length).toBeGreaterThan(0);
    expect(lowRows.rows.every((row) => row.realm === 'low' && row.character === 'DemoKnight')).toBe(true);
    const all = await siteDb()
      .selectFrom('site_shop_orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(highRows.total + lowRows.total).toBe(Number(all.n));
    const csv = await get(`${api.getConsoleShopOrdersCsv.path}?realm=high`);
    expect(csv.status).toBe(200);
    // Every cell quoted (infra/csv.ts), the file opened by a byte order mark.
    const cells = (line: string) =>
      line
        .replace(/^\uFEFF/, '')
        .slice(1, -1)
        .split('","');
    const lines = String(csv.body).trim().split(/\r?\n/);
    const header = cells(lines[0]!);
    const realmColumn = header.indexOf('realm');
    expect(realmColumn).toBeGreaterThan(header.indexOf('character'));
    expect(lines.slice(1).every((line) => cells(line)[realmColumn] === 'high')).toBe(true);
    expect(lines).toHaveLength(highRows.total + 1);
  });
});
