import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connections, openConnections } from '../src/db/connections';
import type { GameDatabase } from '../src/db/tables';
import { type Shop, type ShopDelivery, createShop, orderSender } from '../src/features/shop/shop';
import { type Wallet, createWallet } from '../src/features/wallet/wallet';
import { characterRow } from '../src/game/character-row';
import { checkGameSchema } from '../src/game/schema-check';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { flavoredWorld } from './support/flavored-world';

const silentLog = { info: () => undefined, error: () => undefined };

/**
 * The shop (docs/owner/shop.md, decision 051): checkout from the wallet across two instances,
 * stock and per-account limits, orders followed into the game's own tables, failed deliveries
 * refunded, promo codes. Each test has accounts and characters of its own.
 */
describe.each(DATABASE_KINDS)('the shop on %s', (kind: DatabaseKind) => {
  const world = flavoredWorld('l2j');
  let databases: TestDatabases;
  let second: Connections;
  let game: Kysely<GameDatabase>;
  let clock = Date.UTC(2026, 10, 29, 12, 0, 0);
  const now = () => clock;
  let nextCharId = 910_000_000;
  /** When set, every delivery into the game fails as a game database that went away. */
  let gameDown = false;

  const walletOn = (connections: Connections): Wallet =>
    createWallet({ db: connections.site.db, dialect: connections.site.dialect, now: () => clock++ });

  const shopOn = async (connections: Connections, delivery: ShopDelivery = 'premiumItems'): Promise<Shop> => {
    const realGame = connections.game.db;
    const failing = new Proxy(realGame, {
      get(target, prop) {
        // A write into the game (a raw statement asks for the executor, a write transaction starts one).
        if ((prop === 'getExecutor' || prop === 'transaction') && gameDown) {
          throw new Error('the game database did not answer');
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return createShop({
      connections: { ...connections, game: { ...connections.game, db: failing } },
      schema: await checkGameSchema(databases.connections),
      wallet: walletOn(connections),
      delivery,
      mailSubject: 'Your purchase',
      mailMessage: 'Thank you',
      now,
      log: silentLog,
    });
  };

  /** A new account with one character; answers the login and the character's name and id. */
  const newPlayer = async (login: string) => {
    const charId = nextCharId++;
    const name = `Buyer${charId % 100_000}`;
    await world.insertCharacters(game, [characterRow({ charId, char_name: name, account_name: login, level: 40 })]);
    return { login, name, charId };
  };

  const addOffer = async (fields: {
    items: { itemId: number; count: number }[];
    price: number;
    stock?: number | null;
    limit?: number | null;
    startsAt?: number | null;
    endsAt?: number | null;
    enabled?: boolean;
  }) => {
    const row = await databases.connections.site.db
      .insertInto('site_shop_offers')
      .values({
        items: JSON.stringify(fields.items),
        price: fields.price,
        stock: fields.stock ?? null,
        per_account_limit: fields.limit ?? null,
        sale_starts_at: fields.startsAt ?? null,
        sale_ends_at: fields.endsAt ?? null,
        enabled: fields.enabled === false ? 0 : 1,
        created_at: clock,
        updated_at: clock,
      })
      .executeTakeFirstOrThrow();
    return Number(row.insertId);
  };

  const premiumRowsOf = (charId: number) =>
    game.selectFrom('character_premium_items').selectAll().where('charId', '=', charId).orderBy('itemNum').execute();

  const fund = (login: string, amount: number) =>
    walletOn(databases.connections).credit({
      login,
      amountMinor: amount,
      idempotencyKey: `fund:${login}:${amount}:${clock}`,
      reason: 'adjustment',
      reference: 'test',
    });

  /** The balance worked out again from the ledger's entries. */
  const recomputed = async (login: string) =>
    (
      await databases.connections.site.db
        .selectFrom('site_wallet_entries')
        .select('amount')
        .where('login', '=', login)
        .execute()
    ).reduce((sum, row) => sum + Number(row.amount), 0);

  beforeAll(async () => {
    databases = await createTestDatabases(kind);
    game = databases.connections.game.db;
    second = openConnections(databases.urls);
  });
  afterAll(async () => {
    await second?.close();
    await databases?.drop();
  });

  it('shows the offers on sale: not disabled ones, nor before their start or after their end', async () => {
    const shop = await shopOn(databases.connections);
    const onSale = await addOffer({ items: [{ itemId: 57, count: 1000 }], price: 100 });
    const disabled = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 1, enabled: false });
    const later = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 1, startsAt: clock + 60_000 });
    const over = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 1, endsAt: clock });
    const ids = (await shop.catalogue()).map((offer) => offer.id);
    expect(ids).toContain(onSale);
    expect(ids).not.toContain(disabled);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(over);
    const player = await newPlayer('shopper0');
    expect(
      await shop.buy({ login: player.login, offerId: later, charName: player.name, requestKey: 'later-1' }),
    ).toEqual({ error: 'shopOfferUnavailable' });
  });

  it('sells 10 of 50 purchases at once across two instances with a balance for 10, each delivered once', async () => {
    const [one, two] = [await shopOn(databases.connections), await shopOn(second)];
    const offer = await addOffer({
      items: [
        { itemId: 57, count: 500 },
        { itemId: 1538, count: 2 },
      ],
      price: 100,
    });
    const player = await newPlayer('shopper1');
    await fund(player.login, 1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? one : two).buy({
          login: player.login,
          offerId: offer,
          charName: player.name,
          requestKey: `concurrent-${i}`,
        }),
      ),
    );
    const orders = answers.flatMap((answer) => ('order' in answer ? [answer.order] : []));
    expect(orders).toHaveLength(10);
    expect(orders.every((order) => order.state === 'onItsWay')).toBe(true);
    expect(answers.filter((answer) => 'error' in answer && answer.error === 'insufficientFunds')).toHaveLength(40);
    expect(await recomputed(player.login)).toBe(0);
    expect(await walletOn(databases.connections).balance(player.login)).toBe(0);
    const rows = await premiumRowsOf(player.charId);
    expect(rows).toHaveLength(20);
    for (const order of orders) {
      expect(rows.filter((row) => row.itemSender === orderSender(order.id)).map((row) => row.itemId)).toEqual([
        57, 1538,
      ]);
    }
    expect(await one.orders(player.login)).toHaveLength(10);
  });

  it('buys once for one confirmation clicked twice or sent from two tabs', async () => {
    const [one, two] = [await shopOn(databases.connections), await shopOn(second)];
    const offer = await addOffer({ items: [{ itemId: 57, count: 10 }], price: 30 });
    const player = await newPlayer('shopper2');
    await fund(player.login, 100);
    const input = { login: player.login, offerId: offer, charName: player.name, requestKey: 'same-key-123' };
    const answers = await Promise.all([one.buy(input), two.buy(input), one.buy(input)]);
    const ids = new Set(answers.map((answer) => ('order' in answer ? answer.order.id : 0)));
    expect(ids.size).toBe(1);
    expect(await recomputed(player.login)).toBe(70);
    expect(await premiumRowsOf(player.charId)).toHaveLength(1);
  });

  it('sells no more than the stock, and gives the stock back when the wallet refuses', async () => {
    const [one, two] = [await shopOn(databases.connections), await shopOn(second)];
    const offer = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 10, stock: 3 });
    const rich = await newPlayer('shopper3');
    const poor = await newPlayer('shopper4');
    await fund(rich.login, 1000);
    expect(await one.buy({ login: poor.login, offerId: offer, charName: poor.name, requestKey: 'poor-1234' })).toEqual({
      error: 'insufficientFunds',
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? one : two).buy({
          login: rich.login,
          offerId: offer,
          charName: rich.name,
          requestKey: `st-${i}-x`,
        }),
      ),
    );
    expect(answers.filter((answer) => 'order' in answer)).toHaveLength(3);
    expect(answers.filter((answer) => 'error' in answer && answer.error === 'shopSoldOut')).toHaveLength(5);
    expect((await one.catalogue()).find((entry) => entry.id === offer)?.stock).toBe(0);
    expect(await recomputed(rich.login)).toBe(970);
  });

  it('sells an account no more than its limit', async () => {
    const [one, two] = [await shopOn(databases.connections), await shopOn(second)];
    const offer = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 10, limit: 2 });
    const player = await newPlayer('shopper5');
    await fund(player.login, 1000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one : two).buy({
          login: player.login,
          offerId: offer,
          charName: player.name,
          requestKey: `lim-${i}-x`,
        }),
      ),
    );
    expect(answers.filter((answer) => 'order' in answer)).toHaveLength(2);
    expect(answers.filter((answer) => 'error' in answer && answer.error === 'shopLimitReached')).toHaveLength(4);
    expect(await recomputed(player.login)).toBe(980);
  });

  it('refuses a character of another account', async () => {
    const shop = await shopOn(databases.connections);
    const offer = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 10 });
    const player = await newPlayer('shopper6');
    const stranger = await newPlayer('shopper7');
    await fund(player.login, 100);
    expect(
      await shop.buy({ login: player.login, offerId: offer, charName: stranger.name, requestKey: 'not-mine-1' }),
    ).toEqual({ error: 'charDoesntExist' });
    expect(await recomputed(player.login)).toBe(100);
  });

  it('marks an order received once the game hands the items over and deletes its rows', async () => {
    const shop = await shopOn(databases.connections);
    const offer = await addOffer({
      items: [
        { itemId: 57, count: 5 },
        { itemId: 728, count: 1 },
      ],
      price: 10,
    });
    const player = await newPlayer('shopper8');
    await fund(player.login, 10);
    const bought = await shop.buy({
      login: player.login,
      offerId: offer,
      charName: player.name,
      requestKey: 'recv-1234',
    });
    if (!('order' in bought)) throw new Error('not bought');
    expect((await shop.orders(player.login))[0]?.state).toBe('onItsWay');
    // RequestWithDrawPremiumItem: the game deletes one row per item withdrawn.
    await game
      .deleteFrom('character_premium_items')
      .where('charId', '=', player.charId)
      .where('itemId', '=', 57)
      .execute();
    expect((await shop.orders(player.login))[0]?.state).toBe('onItsWay');
    await game.deleteFrom('character_premium_items').where('charId', '=', player.charId).execute();
    clock += 1000;
    const [order] = await shop.orders(player.login);
    expect(order).toMatchObject({ id: bought.order.id, state: 'received', updatedAt: clock });
  });

  it('sends a pack as one Mobius letter and sees it received when the game deletes the letter', async () => {
    const shop = await shopOn(databases.connections, 'customMail');
    const offer = await addOffer({
      items: [
        { itemId: 57, count: 5 },
        { itemId: 728, count: 2 },
      ],
      price: 10,
    });
    const player = await newPlayer('shopper9');
    await fund(player.login, 10);
    await shop.buy({ login: player.login, offerId: offer, charName: player.name, requestKey: 'mail-1234' });
    const letters = await game.selectFrom('custom_mail').selectAll().where('receiver', '=', player.charId).execute();
    expect(letters.map((letter) => letter.items)).toEqual(['57 5;728 2']);
    await shop.pass();
    expect((await shop.orders(player.login))[0]?.state).toBe('onItsWay');
    // CustomMailManager: the letter sent, its row deleted by (date, receiver).
    await game.deleteFrom('custom_mail').where('receiver', '=', player.charId).execute();
    await shop.pass();
    expect((await shop.orders(player.login))[0]?.state).toBe('received');
  });

  it('keeps an order waiting for the game where the game takes no items from outside (aCis)', async () => {
    const shop = await shopOn(databases.connections, 'queue');
    const offer = await addOffer({ items: [{ itemId: 57, count: 5 }], price: 10 });
    const player = await newPlayer('shopper12');
    await fund(player.login, 10);
    const bought = await shop.buy({
      login: player.login,
      offerId: offer,
      charName: player.name,
      requestKey: 'queue-123',
    });
    expect(bought).toMatchObject({ order: { state: 'waitingForGame' } });
    await shop.pass();
    expect((await shop.orders(player.login))[0]?.state).toBe('waitingForGame');
    expect(await premiumRowsOf(player.charId)).toEqual([]);
    expect(await recomputed(player.login)).toBe(0);
  });

  it('refunds a failed delivery to the wallet, and delivers a retried one', async () => {
    const shop = await shopOn(databases.connections);
    const offer = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 40 });
    const player = await newPlayer('shopper10');
    await fund(player.login, 100);
    gameDown = true;
    const failed = await shop.buy({
      login: player.login,
      offerId: offer,
      charName: player.name,
      requestKey: 'fail-1234',
    });
    const retried = await shop.buy({
      login: player.login,
      offerId: offer,
      charName: player.name,
      requestKey: 'fail-5678',
    });
    gameDown = false;
    if (!('order' in failed) || !('order' in retried)) throw new Error('not bought');
    expect(failed.order.state).toBe('failed');
    expect(await recomputed(player.login)).toBe(20);
    expect(await shop.refund(failed.order.id)).toBe('refunded');
    expect(await shop.refund(failed.order.id)).toBe('refunded');
    expect(await recomputed(player.login)).toBe(60);
    expect(await shop.retry(retried.order.id)).toBe('onItsWay');
    expect(await premiumRowsOf(player.charId)).toHaveLength(1);
    const history = await walletOn(databases.connections).history(player.login, 1);
    expect(history.entries[0]).toMatchObject({ amount: 40, reason: 'refund', reference: `order ${failed.order.id}` });
  });

  it('gives up a delivery after its tries and refunds it in the periodic pass', async () => {
    const shop = await shopOn(databases.connections);
    const offer = await addOffer({ items: [{ itemId: 57, count: 1 }], price: 25 });
    const player = await newPlayer('shopper11');
    await fund(player.login, 25);
    gameDown = true;
    try {
      const bought = await shop.buy({
        login: player.login,
        offerId: offer,
        charName: player.name,
        requestKey: 'giveup-12',
      });
      if (!('order' in bought)) throw new Error('not bought');
      for (let pass = 0; pass < 5; pass++) await shop.pass();
      expect((await shop.orders(player.login))[0]?.state).toBe('refunded');
    } finally {
      gameDown = false;
    }
    expect(await recomputed(player.login)).toBe(25);
  });

  it('redeems a promo code of coins once per account and up to its total limit', async () => {
    const shop = await shopOn(databases.connections);
    await databases.connections.site.db
      .insertInto('site_shop_promo_codes')
      .values({
        code: 'TWOONLY',
        coins: 150,
        items: null,
        total_limit: 2,
        used: 0,
        ends_at: null,
        enabled: 1,
        created_at: 0,
      })
      .execute();
    const [a, b, c] = [await newPlayer('promo1'), await newPlayer('promo2'), await newPlayer('promo3')];
    const twice = await Promise.all([
      shop.redeem({ login: a.login, code: 'twoonly' }),
      shop.redeem({ login: a.login, code: 'TWOONLY' }),
    ]);
    expect(twice).toContainEqual({ coins: 150, order: null });
    expect(twice).toContainEqual({ error: 'promoCodeUsed' });
    expect(await shop.redeem({ login: b.login, code: 'TWOONLY' })).toEqual({ coins: 150, order: null });
    expect(await shop.redeem({ login: c.login, code: 'TWOONLY' })).toEqual({ error: 'promoCodeUsed' });
    expect(await shop.redeem({ login: c.login, code: 'NOSUCH' })).toEqual({ error: 'promoCodeInvalid' });
    expect(await recomputed(a.login)).toBe(150);
    expect(await recomputed(c.login)).toBe(0);
  });

  it('delivers a promo code of items to the chosen character, and refuses an ended code', async () => {
    const shop = await shopOn(databases.connections);
    await databases.connections.site.db
      .insertInto('site_shop_promo_codes')
      .values([
        {
          code: 'GIFTPACK',
          coins: 0,
          items: JSON.stringify([{ itemId: 728, count: 3 }]),
          total_limit: null,
          used: 0,
          ends_at: null,
          enabled: 1,
          created_at: 0,
        },
        {
          code: 'OVER',
          coins: 10,
          items: null,
          total_limit: null,
          used: 0,
          ends_at: clock - 1,
          enabled: 1,
          created_at: 0,
        },
      ])
      .execute();
    const player = await newPlayer('promo4');
    expect(await shop.redeem({ login: player.login, code: 'GIFTPACK' })).toEqual({ error: 'promoCodeNeedsCharacter' });
    const answer = await shop.redeem({ login: player.login, code: 'GIFTPACK', charName: player.name });
    expect(answer).toMatchObject({ coins: 0, order: { state: 'onItsWay', price: 0, character: player.name } });
    expect((await premiumRowsOf(player.charId)).map((row) => [row.itemId, Number(row.itemCount)])).toEqual([[728, 3]]);
    expect(await shop.redeem({ login: player.login, code: 'OVER' })).toEqual({ error: 'promoCodeInvalid' });
  });
});
