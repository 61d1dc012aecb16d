import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connections, openConnections } from '../src/db/connections';
import type { GameDatabase } from '../src/db/tables';
import { accountRewards } from '../src/features/rewards/account-rewards';
import { createRewardDelivery, deliveryOf, rewardDescription } from '../src/features/rewards/reward-delivery';
import { type RewardSettings, rewardSettings } from '../src/features/rewards/settings-schema';
import { createShop, orderSender } from '../src/features/shop/shop';
import { createWallet } from '../src/features/wallet/wallet';
import { characterRow } from '../src/game/character-row';
import { onlyRealm } from '../src/game/game-realm';
import { type GameSchema, checkGameSchema } from '../src/game/schema-check';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { PACK_SQL, createPackTable } from './support/emulator-tables';
import { flavoredWorld } from './support/flavored-world';

const silentLog = { info: () => undefined, error: () => undefined };

/**
 * items_delayed (docs/game/item-delivery.md): on an aCis schema with the table RusAcis and
 * L2-Scripts poll, rewards and shop orders are written there once, whichever of two instances
 * takes them, and an order is received once the game has set payment_status 1 on its rows, as
 * their DelayedItemsManager does. Without the table (or with a pack's table that has no
 * payment_id) nothing is written in the game.
 */

/**
 * The table of a RusAcis build whose DelayedItemsManager deletes a handed-out row by
 * (owner_id, item_id, count, enchant_level) instead of marking it: github.com/maiko9999/l2interlude
 * at 08e62ee97fc29387ecba39d79a9c7164773e8e3e, tools/sql/items.sql.
 */
const ITEMS_DELAYED_WITHOUT_PAYMENT_ID = `CREATE TABLE IF NOT EXISTS \`items_delayed\` (
  \`owner_id\` int(11) NOT NULL,
  \`item_id\` smallint(5) unsigned NOT NULL,
  \`count\` int(10) unsigned NOT NULL DEFAULT '1',
  \`enchant_level\` smallint(5) unsigned NOT NULL DEFAULT '0',
  \`payment_status\` tinyint(3) unsigned NOT NULL DEFAULT '0',
  \`description\` varchar(255) DEFAULT NULL,
  KEY \`owner_id\` (\`owner_id\`),
  KEY \`item_id\` (\`item_id\`)
) ENGINE=MyISAM AUTO_INCREMENT=2157 DEFAULT CHARSET=utf8;`;

describe.each(DATABASE_KINDS)('items_delayed on %s', (kind: DatabaseKind) => {
  const world = flavoredWorld('acis');
  /** An aCis schema with the pack's items_delayed, and one without it. */
  let withTable: TestDatabases;
  let without: TestDatabases;
  let second: Connections;
  let game: Kysely<GameDatabase>;
  let schema: GameSchema;
  let clock = Date.UTC(2026, 10, 30, 12, 0, 0);
  let nextCharId = 930_000_000;
  const settings = (delivery: RewardSettings['delivery'] = 'auto') =>
    rewardSettings.parse({ delivery, coinItemId: 9000 });

  const rewardsOn = (connections: Connections, on: GameSchema = schema) =>
    createRewardDelivery({ connections, schema: on, settings: settings(), now: () => clock, log: silentLog });

  const walletOn = (connections: Connections) =>
    createWallet({ db: connections.site.db, dialect: connections.site.dialect, now: () => clock++ });

  const shopOn = (connections: Connections, on: GameSchema = schema) =>
    createShop({
      connections,
      schema: on,
      wallet: walletOn(connections),
      delivery: deliveryOf(settings(), on),
      mailSubject: 'Your purchase',
      mailMessage: 'Thank you',
      now: () => clock,
      log: silentLog,
    });

  /** A new account's character in this world's game database. */
  const newPlayer = async (databases: TestDatabases, login: string) => {
    const charId = nextCharId++;
    const name = `Delayed${charId % 100_000}`;
    await world.insertCharacters(databases.connections.game.db, [
      characterRow({ charId, char_name: name, account_name: login, level: 52 }),
    ]);
    return { login, name, charId };
  };

  const addOffer = async (databases: TestDatabases, items: { itemId: number; count: number }[], price: number) =>
    Number(
      (
        await databases.connections.site.db
          .insertInto('site_shop_offers')
          .values({
            items: JSON.stringify(items),
            price,
            stock: null,
            per_account_limit: null,
            sale_starts_at: null,
            sale_ends_at: null,
            enabled: 1,
            created_at: clock,
            updated_at: clock,
          })
          .executeTakeFirstOrThrow()
      ).insertId,
    );

  const fund = (databases: TestDatabases, login: string, amount: number) =>
    walletOn(databases.connections).credit({
      login,
      amountMinor: amount,
      idempotencyKey: `fund:${login}:${amount}`,
      reason: 'adjustment',
      reference: 'test',
    });

  const rowsOf = (charId: number) =>
    game
      .selectFrom('items_delayed')
      .select(['payment_id', 'owner_id', 'item_id', 'count', 'payment_status', 'description'])
      .where('owner_id', '=', charId)
      .orderBy('payment_id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          payment_id: Number(row.payment_id),
          item_id: Number(row.item_id),
          count: Number(row.count),
          payment_status: Number(row.payment_status),
        })),
      );

  /** RusAcis's and L2-Scripts' DelayedItemsManager: the row handed to the online owner, marked by payment_id. */
  const gameHandsOver = (paymentId: number) =>
    game.updateTable('items_delayed').set({ payment_status: 1 }).where('payment_id', '=', paymentId).execute();

  const tableNames = async (db: Kysely<GameDatabase>) =>
    (await db.introspection.getTables()).map((table) => table.name.toLowerCase()).sort();

  beforeAll(async () => {
    withTable = await createTestDatabases(kind, { flavor: 'acis' });
    without = await createTestDatabases(kind, { flavor: 'acis' });
    game = withTable.connections.game.db;
    await createPackTable(game, withTable.connections.game.dialect, PACK_SQL.items_delayed);
    schema = await checkGameSchema(withTable.connections);
    second = openConnections(withTable.urls);
  });
  afterAll(async () => {
    await second?.close();
    await withTable?.drop();
    await without?.drop();
  });

  it('finds the table at start-up and, on auto, delivers there; a chosen table the game lacks is refused', async () => {
    expect(schema).toMatchObject({ flavor: { name: 'acis' }, hasItemsDelayed: true });
    expect(deliveryOf(settings(), schema)).toBe('itemsDelayed');
    const plain = await checkGameSchema(without.connections);
    expect(plain.hasItemsDelayed).toBe(false);
    expect(deliveryOf(settings(), plain)).toBe('queue');
    expect(() => deliveryOf(settings('itemsDelayed'), plain)).toThrow(/items_delayed/);
  });

  it('writes a grant once when two instances deliver it at the same moment', async () => {
    const player = await newPlayer(withTable, 'delayed1');
    const [one, two] = [rewardsOn(withTable.connections), rewardsOn(second)];
    const requestId = `test:${kind}:delayed-grant`;
    const answers = await Promise.all(
      [one, two, one, two].map((rewards) =>
        rewards.grant({ requestId, charId: player.charId, count: 250, reason: 'donation' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual(['delivered', 'duplicate', 'duplicate', 'duplicate']);
    const rows = await rowsOf(player.charId);
    expect(rows).toEqual([
      {
        payment_id: expect.any(Number) as number,
        owner_id: player.charId,
        item_id: 9000,
        count: 250,
        payment_status: 0,
        description: rewardDescription('Gatekeeper', requestId),
      },
    ]);
    const queued = await withTable.connections.site.db
      .selectFrom('site_reward_queue')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ delivery: 'itemsDelayed', status: 'delivered', attempts: 1 });
  });

  it('shows the player a reward waiting in the game until the game hands its row over', async () => {
    const player = await newPlayer(withTable, 'delayed5');
    const requestId = `test:${kind}:waiting`;
    await rewardsOn(withTable.connections).grant({ requestId, charId: player.charId, count: 7, reason: 'vote' });
    const list = () =>
      accountRewards(
        {
          site: withTable.connections.site.db,
          realms: [onlyRealm(game, schema)],
          settings: settings(),
          paymentsOf: () => Promise.resolve(new Map()),
        },
        player.login,
      );
    expect(await list()).toEqual([expect.objectContaining({ source: 'vote', count: 7, state: 'waitingInGame' })]);
    const [row] = await rowsOf(player.charId);
    await gameHandsOver(row!.payment_id);
    expect(await list()).toEqual([expect.objectContaining({ source: 'vote', count: 7, state: 'delivered' })]);
  });

  it('refuses an item id the table cannot hold: the grant fails with the reason and nothing is written', async () => {
    const player = await newPlayer(withTable, 'delayed2');
    const requestId = `test:${kind}:too-wide`;
    const rewards = rewardsOn(withTable.connections);
    expect(await rewards.grant({ requestId, charId: player.charId, count: 1, reason: 'vote', itemId: 70_000 })).toEqual(
      { status: 'failed' },
    );
    const queued = await withTable.connections.site.db
      .selectFrom('site_reward_queue')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(queued.status).toBe('failed');
    expect(queued.last_error).toContain('items_delayed holds item ids up to 65535');
    expect(await rowsOf(player.charId)).toEqual([]);
  });

  it('writes a shop order once from two instances, and sees it received once the game marked every row', async () => {
    const player = await newPlayer(withTable, 'delayed3');
    const [one, two] = [shopOn(withTable.connections), shopOn(second)];
    const offer = await addOffer(
      withTable,
      [
        { itemId: 57, count: 5000 },
        { itemId: 1538, count: 2 },
      ],
      30,
    );
    await fund(withTable, player.login, 100);
    const input = { login: player.login, offerId: offer, charName: player.name, requestKey: 'delayed-order-1' };
    const answers = await Promise.all([one.buy(input), two.buy(input), two.buy(input)]);
    const ids = new Set(answers.map((answer) => ('order' in answer ? answer.order.id : 0)));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [number];
    expect(await walletOn(withTable.connections).balance(player.login)).toBe(70);
    const rows = await rowsOf(player.charId);
    expect(
      rows.map(({ item_id, count, payment_status, description }) => ({ item_id, count, payment_status, description })),
    ).toEqual([
      { item_id: 57, count: 5000, payment_status: 0, description: orderSender(id) },
      { item_id: 1538, count: 2, payment_status: 0, description: orderSender(id) },
    ]);
    // A second order of the same character stays on its way while the first is handed over.
    const other = await one.buy({ ...input, requestKey: 'delayed-order-2' });
    if (!('order' in other)) throw new Error('not bought');
    await one.pass();
    expect((await one.orders(player.login)).map((order) => order.state)).toEqual(['onItsWay', 'onItsWay']);
    await gameHandsOver(rows[0]!.payment_id);
    await two.pass();
    expect((await two.orders(player.login)).find((order) => order.id === id)?.state).toBe('onItsWay');
    await gameHandsOver(rows[1]!.payment_id);
    clock += 1000;
    const orders = await two.orders(player.login);
    expect(orders.find((order) => order.id === id)).toMatchObject({ state: 'received', updatedAt: clock });
    expect(orders.find((order) => order.id === other.order.id)?.state).toBe('onItsWay');
    // The game keeps its handed-over rows (payment_status 1); the site never deletes them.
    expect((await rowsOf(player.charId)).map((row) => row.payment_status)).toEqual([1, 1, 0, 0]);
  });

  it('writes nothing in the game on a schema without the table, nor in a pack table that has no payment_id', async () => {
    const plainGame = without.connections.game.db;
    const before = await tableNames(plainGame);
    expect(before).not.toContain('items_delayed');
    const player = await newPlayer(without, 'delayed4');
    const plain = await checkGameSchema(without.connections);
    const requestId = `test:${kind}:no-table`;
    expect(
      await rewardsOn(without.connections, plain).grant({ requestId, charId: player.charId, count: 5, reason: 'vote' }),
    ).toEqual({ status: 'pending' });
    const shop = shopOn(without.connections, plain);
    const offer = await addOffer(without, [{ itemId: 57, count: 1 }], 10);
    await fund(without, player.login, 10);
    const bought = await shop.buy({
      login: player.login,
      offerId: offer,
      charName: player.name,
      requestKey: 'no-table-1',
    });
    expect(bought).toMatchObject({ order: { state: 'waitingForGame' } });
    expect(await tableNames(plainGame)).toEqual(before);

    // A RusAcis build that deletes rows by their values: not taken for the table the site writes.
    await createPackTable(plainGame, without.connections.game.dialect, ITEMS_DELAYED_WITHOUT_PAYMENT_ID);
    const older = await checkGameSchema(without.connections);
    expect(older.hasItemsDelayed).toBe(false);
    expect(deliveryOf(settings(), older)).toBe('queue');
    expect(
      await rewardsOn(without.connections, older).grant({
        requestId: `${requestId}:2`,
        charId: player.charId,
        count: 5,
        reason: 'vote',
      }),
    ).toEqual({ status: 'pending' });
    expect(await plainGame.selectFrom('items_delayed').selectAll().execute()).toEqual([]);
  });
});
