import type { ErrorCode, OrderRow, OrderState, ShopItemLine, ShopOffer, WalletReason } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import type { Connections } from '../../db/connections';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import { isUniqueViolation } from '../../db/unique-violation';
import { normalizeLogin } from '../../game/accounts';
import { listAccountCharacters } from '../../game/characters';
import { type GameRealm, onlyRealm } from '../../game/game-realm';
import {
  addDelayedItems,
  addPremiumItems,
  customMailWaiting,
  delayedItemsWaiting,
  sendPackByCustomMail,
  waitingPremiumItemsFrom,
} from '../../game/item-delivery';
import type { GameSchema } from '../../game/schema-check';
import { isServiceUnavailable } from '../../infra/unavailable';
import type { SiteShopOrdersTable } from './tables';

/**
 * The shop (docs/owner/shop.md, decision 051): the catalogue, checkout from the wallet, orders
 * followed into the game, promo codes. The wallet is the wallet feature's: app.ts hands in its
 * credit and debit, this feature never names its tables.
 *
 * A checkout, each step one statement that holds against other instances:
 *  1. the order row is inserted under its unique request key (`<login>:<page key>`): a second
 *     click or tab finds it and answers it;
 *  2. one of the stock is taken by a conditional update (stock >= 1);
 *  3. the per-account limit counts the account's orders of the offer up to this one's id, so of
 *     several at once the earliest win;
 *  4. the wallet is debited under the order's key (refused: the order is deleted, the stock given back);
 *  5. the order is paid and delivered.
 *
 * Per realm (decision 051, realms): an offer is sold in one realm or in all; an order names the
 * realm of its character, is delivered into that realm's game database the way that realm's own
 * flavour takes items, and is looked for there. A realm whose database is down refuses a checkout
 * (503) before anything is written.
 */

/** What the shop asks of the wallet (features/wallet/wallet.ts), handed in by app.ts. */
export interface ShopWallet {
  credit(move: WalletMoveOf): Promise<{ status: 'done' | 'duplicate' | 'refused'; balance: number }>;
  debit(move: WalletMoveOf): Promise<{ status: 'done' | 'duplicate' | 'refused'; balance: number }>;
}
interface WalletMoveOf {
  login: string;
  amountMinor: number;
  idempotencyKey: string;
  reason: WalletReason;
  reference: string;
}

export type ShopDelivery = 'premiumItems' | 'customMail' | 'itemsDelayed' | 'queue';

export interface ShopDeps {
  connections: Connections;
  /** The first realm's flavour and tables (`connections.game`'s). */
  schema: GameSchema;
  wallet: ShopWallet;
  /** Where the first realm's game takes items from (the rewards' delivery setting, decided by app.ts). */
  delivery: ShopDeliveryOf;
  /**
   * The realms, the first first (decision 049): each order goes to its character's realm. Left
   * out: one realm, the game database of `connections` and `schema`.
   */
  realms?: readonly GameRealm[];
  /** Where a realm after the first takes items from, judged on its own tables; left out: `delivery`. */
  deliveryOf?: (schema: GameSchema) => ShopDelivery;
  /** Mobius's letter. */
  mailSubject: string;
  mailMessage: string;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** How often the orders on their way are checked against the game (and failed ones retried). */
  checkSeconds?: number;
}
type ShopDeliveryOf = ShopDelivery;

/** Tries of a failed delivery before the coins go back to the wallet. */
export const DELIVERY_ATTEMPTS = 5;
const MAX_ERROR_LENGTH = 255;
const MAX_ORDERS = 200;
/** How long a second click waits for the first to settle: SETTLE_TRIES x SETTLE_PAUSE_MS. */
const SETTLE_TRIES = 100;
const SETTLE_PAUSE_MS = 50;

/**
 * What names an order's pack in the game: the premium items' sender at the Dimensional Merchant,
 * the description of its items_delayed rows.
 */
export const orderSender = (orderId: number): string => `Shop #${orderId}`;

const parseItems = (json: string | null): ShopItemLine[] => (json ? (JSON.parse(json) as ShopItemLine[]) : []);

/** The states the page shows; checking and delivering are moments of the server's. */
const pageState = (state: string): OrderState =>
  state === 'checking' || state === 'delivering' ? 'paid' : (state as OrderState);

type OrderDbRow = Pick<
  SiteShopOrdersTable,
  'offer_id' | 'items' | 'price' | 'char_name' | 'realm' | 'state' | 'created_at' | 'updated_at'
> & { id: number };

/** An order as the page shows it; its realm's slug, `firstRealm` for the first realm's rows (null). */
export const toOrderRow = (row: OrderDbRow, firstRealm: string): OrderRow => ({
  id: Number(row.id),
  offerId: Number(row.offer_id),
  items: parseItems(row.items),
  price: Number(row.price),
  character: row.char_name,
  realm: row.realm ?? firstRealm,
  state: pageState(row.state),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export interface BuyInput {
  login: string;
  offerId: number;
  charName: string;
  /** The character's realm (its slug); the first realm when left out. */
  realm?: string;
  /** The page's key of one confirmation. */
  requestKey: string;
}
export type BuyResult = { order: OrderRow } | { error: ErrorCode };
export type RedeemResult = { coins: number; order: OrderRow | null } | { error: ErrorCode };

export interface Shop {
  catalogue(): Promise<ShopOffer[]>;
  buy(input: BuyInput, again?: boolean): Promise<BuyResult>;
  /** The account's orders, newest first, after checking the ones on their way against the game. */
  orders(login: string): Promise<OrderRow[]>;
  redeem(input: { login: string; code: string; charName?: string; realm?: string }): Promise<RedeemResult>;
  /** Looks at the game for the orders on their way (received?) and retries failed deliveries. */
  pass(): Promise<void>;
  /** Delivers a failed order again (the owner's retry): its state afterwards, or undefined when none. */
  retry(orderId: number): Promise<OrderState | undefined>;
  /** Gives a failed order's coins back to the wallet: its state afterwards, or undefined when none. */
  refund(orderId: number): Promise<OrderState | undefined>;
  start(): void;
  stop(): Promise<void>;
}

export const createShop = (deps: ShopDeps): Shop => {
  const { connections, schema, wallet, delivery, now, log } = deps;
  const site: Kysely<SiteDatabase> = connections.site.db;
  const realms: readonly GameRealm[] = deps.realms ?? [onlyRealm(connections.game.db, schema)];
  const [first] = realms;
  if (!first) throw new Error('shop: no realm');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** A realm by slug, the first when left out; undefined for a slug no realm has. */
  const realmOf = (slug: string | undefined): GameRealm | undefined =>
    slug === undefined ? first : realms.find((realm) => realm.slug === slug);
  /** A realm as an order's row keeps it: null for the first (decision 049). */
  const keyOf = (realm: GameRealm): string | null => (realm === first ? null : realm.slug);
  const realmOfKey = (key: string | null): GameRealm | undefined => (key === null ? first : realmOf(key));
  /** How a realm's game takes items: the first's as start-up found it, another's from its own tables. */
  const deliveryIn = (realm: GameRealm, realmSchema: GameSchema): ShopDelivery =>
    realm === first ? delivery : (deps.deliveryOf?.(realmSchema) ?? delivery);
  /** Whether a realm's database may be asked now (its failed orders are tried again only then). */
  const answering = (realm: GameRealm | undefined): boolean => Boolean(realm?.isUp() && realm.schema());

  const toRow = (row: OrderDbRow) => toOrderRow(row, first.slug);
  const orderColumns = [
    'id',
    'offer_id',
    'items',
    'price',
    'char_name',
    'realm',
    'state',
    'created_at',
    'updated_at',
  ] as const;
  const orderById = async (id: number) =>
    site.selectFrom('site_shop_orders').selectAll().where('id', '=', id).executeTakeFirst();

  const setState = async (id: number, from: string[], set: Updateable<SiteShopOrdersTable>): Promise<boolean> => {
    const result = await site
      .updateTable('site_shop_orders')
      .set({ ...set, updated_at: now() })
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  /** Writes a paid order where the game takes it; claimed first (paid/failed → delivering) so it is written once. */
  const deliver = async (id: number, from: 'paid' | 'failed'): Promise<OrderState> => {
    const order = await orderById(id);
    if (!order) throw new Error(`shop: no order ${id}`);
    if (!(await setState(id, [from], { state: 'delivering', attempts: Number(order.attempts) + 1 }))) {
      return pageState((await orderById(id))?.state ?? 'paid');
    }
    const items = parseItems(order.items);
    // The way the order's realm took items when it was placed (its row keeps it).
    const way = order.delivery as ShopDelivery;
    try {
      if (way === 'queue') {
        await setState(id, ['delivering'], { state: 'waitingForGame' });
        return 'waitingForGame';
      }
      const realm = realmOfKey(order.realm);
      if (!realm) throw new Error(`realm ${order.realm}: not declared any more`);
      // Into the order's realm: a realm that is down answers at once, without being asked.
      const ref = await realm.read(async (game) => {
        if (way === 'premiumItems') {
          await addPremiumItems(game, { charId: Number(order.char_id), items, sender: orderSender(id) });
          return null;
        }
        if (way === 'itemsDelayed') {
          await addDelayedItems(game, { charId: Number(order.char_id), items, description: orderSender(id) });
          return null;
        }
        return sendPackByCustomMail(game, {
          charId: Number(order.char_id),
          items,
          subject: deps.mailSubject,
          message: deps.mailMessage,
          now: now(),
        });
      });
      await setState(id, ['delivering'], { state: 'onItsWay', delivery_ref: ref, last_error: null });
      log.info({ orderId: id, delivery: way, realm: realm.slug }, 'shop order on its way');
      return 'onItsWay';
    } catch (error) {
      await setState(id, ['delivering'], {
        state: 'failed',
        last_error: String((error as Error).message).slice(0, MAX_ERROR_LENGTH),
      });
      log.error({ err: error, orderId: id }, 'shop delivery failed');
      return 'failed';
    }
  };

  const refund = async (id: number): Promise<OrderState | undefined> => {
    const order = await orderById(id);
    if (!order) return undefined;
    if (order.state !== 'failed' && order.state !== 'refunded') return pageState(order.state);
    if (Number(order.price) > 0) {
      await wallet.credit({
        login: order.login,
        amountMinor: Number(order.price),
        idempotencyKey: `shop-refund:${id}`,
        reason: 'refund',
        reference: `order ${id}`,
      });
    }
    await setState(id, ['failed'], { state: 'refunded' });
    return 'refunded';
  };

  /**
   * The account's character named, in a realm's game database (case as the game keeps it), and
   * how that realm takes items. A realm that is down throws ServiceUnavailableError (503) unasked.
   */
  const characterOf = (realm: GameRealm, login: string, charName: string) =>
    realm.read(async (game: Kysely<GameDatabase>, realmSchema: GameSchema) => {
      const characters = await listAccountCharacters(game, realmSchema, login);
      const character = characters.find((one) => one.name.toLowerCase() === charName.trim().toLowerCase());
      return character && { ...character, delivery: deliveryIn(realm, realmSchema) };
    });

  /**
   * Orders of this login (or all) on their way: received once the game's rows are gone (premium
   * items, custom mail) or handed over (items_delayed: none left with payment_status 0), looked for
   * in the order's own realm. A realm that does not answer is skipped: its orders stay on their way.
   */
  const checkOnItsWay = async (login?: string) => {
    let query = site
      .selectFrom('site_shop_orders')
      .select(['id', 'char_id', 'realm', 'delivery', 'delivery_ref'])
      .where('state', '=', 'onItsWay');
    if (login) query = query.where('login', '=', login);
    const rows = await query.orderBy('id').limit(MAX_ORDERS).execute();
    for (const row of rows) {
      const realm = realmOfKey(row.realm);
      if (!realm || !answering(realm)) continue;
      const charId = Number(row.char_id);
      let waiting: boolean;
      try {
        waiting = await realm.read(async (game) =>
          row.delivery === 'premiumItems'
            ? (await waitingPremiumItemsFrom(game, charId, orderSender(Number(row.id)))) > 0
            : row.delivery === 'itemsDelayed'
              ? (await delayedItemsWaiting(game, charId, orderSender(Number(row.id)))) > 0
              : row.delivery === 'customMail' && row.delivery_ref
                ? customMailWaiting(game, charId, row.delivery_ref)
                : true,
        );
      } catch (error) {
        if (!isServiceUnavailable(error)) throw error;
        continue;
      }
      if (!waiting) await setState(Number(row.id), ['onItsWay'], { state: 'received' });
    }
  };

  const pass = async () => {
    await checkOnItsWay();
    const failed = await site
      .selectFrom('site_shop_orders')
      .select(['id', 'attempts', 'realm'])
      .where('state', '=', 'failed')
      .orderBy('id')
      .limit(MAX_ORDERS)
      .execute();
    for (const row of failed) {
      // A realm that is down keeps its failed orders, tries and coins, until its database answers.
      const realm = realmOfKey(row.realm);
      if (realm && !answering(realm)) continue;
      if (Number(row.attempts) >= DELIVERY_ATTEMPTS) await refund(Number(row.id));
      else await deliver(Number(row.id), 'failed');
    }
  };

  const placeOrder = async (input: {
    login: string;
    requestKey: string;
    offerId: number;
    items: ShopItemLine[];
    price: number;
    charId: number;
    charName: string;
    realm: GameRealm;
    delivery: ShopDelivery;
    source: 'shop' | 'promo';
  }): Promise<{ id: number; fresh: boolean }> => {
    const time = now();
    let fresh = true;
    try {
      await site
        .insertInto('site_shop_orders')
        .values({
          request_key: input.requestKey,
          login: input.login,
          offer_id: input.offerId,
          items: JSON.stringify(input.items),
          price: input.price,
          char_id: input.charId,
          char_name: input.charName,
          realm: keyOf(input.realm),
          state: 'checking',
          delivery: input.delivery,
          delivery_ref: null,
          attempts: 0,
          last_error: null,
          source: input.source,
          created_at: time,
          updated_at: time,
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      fresh = false;
    }
    const row = await site
      .selectFrom('site_shop_orders')
      .select('id')
      .where('request_key', '=', input.requestKey)
      .executeTakeFirst();
    return row ? { id: Number(row.id), fresh } : { id: 0, fresh: false };
  };

  const answerOrder = async (id: number): Promise<OrderRow> =>
    toRow(
      await site.selectFrom('site_shop_orders').select(orderColumns).where('id', '=', id).executeTakeFirstOrThrow(),
    );

  /**
   * The order another request of the same key placed, once that request has paid it or given it
   * up: undefined when it was given up (refused), and this request then tries for itself.
   */
  const settledOrder = async (requestKey: string): Promise<OrderRow | undefined> => {
    for (let tries = 0; tries < SETTLE_TRIES; tries++) {
      const row = await site
        .selectFrom('site_shop_orders')
        .select(['id', 'state'])
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.state !== 'checking') return answerOrder(Number(row.id));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
    }
    return answerOrder(
      Number(
        (
          await site
            .selectFrom('site_shop_orders')
            .select('id')
            .where('request_key', '=', requestKey)
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  };

  const buy: Shop['buy'] = async (input, again = true) => {
    const login = normalizeLogin(input.login);
    const requestKey = `${login}:${input.requestKey}`;
    const seen = await settledOrder(requestKey);
    if (seen) return { order: seen };
    const realm = realmOf(input.realm);
    if (!realm) return { error: 'realmUnknown' };
    const time = now();
    const offer = await site
      .selectFrom('site_shop_offers')
      .selectAll()
      .where('id', '=', input.offerId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (
      !offer ||
      (offer.sale_starts_at !== null && Number(offer.sale_starts_at) > time) ||
      (offer.sale_ends_at !== null && Number(offer.sale_ends_at) <= time)
    ) {
      return { error: 'shopOfferUnavailable' };
    }
    if (offer.realm !== null && offer.realm !== realm.slug) return { error: 'shopOfferOtherRealm' };
    // Asked in the chosen realm's game database, before anything is written: down, 503 and nothing taken.
    const character = await characterOf(realm, login, input.charName);
    if (!character) return { error: 'charDoesntExist' };
    const placed = await placeOrder({
      login,
      requestKey,
      offerId: Number(offer.id),
      items: parseItems(offer.items),
      price: Number(offer.price),
      charId: character.charId,
      charName: character.name,
      realm,
      delivery: character.delivery,
      source: 'shop',
    });
    // Another click of the same confirmation placed it first: its order is the answer.
    if (!placed.fresh) {
      const settled = await settledOrder(requestKey);
      if (settled) return { order: settled };
      return again ? buy(input, false) : { error: 'tooManyRequests' };
    }
    const id = placed.id;
    const withdraw = async (error: ErrorCode, stockTaken: boolean): Promise<BuyResult> => {
      await site.deleteFrom('site_shop_orders').where('id', '=', id).where('state', '=', 'checking').execute();
      if (stockTaken) {
        await site
          .updateTable('site_shop_offers')
          .set((eb) => ({ stock: eb('stock', '+', 1) }))
          .where('id', '=', Number(offer.id))
          .where('stock', 'is not', null)
          .execute();
      }
      return { error };
    };
    let stockTaken = false;
    if (offer.stock !== null) {
      const taken = await site
        .updateTable('site_shop_offers')
        .set((eb) => ({ stock: eb('stock', '-', 1) }))
        .where('id', '=', Number(offer.id))
        .where('stock', '>=', 1)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return withdraw('shopSoldOut', false);
      stockTaken = true;
    }
    if (offer.per_account_limit !== null) {
      const counted = await site
        .selectFrom('site_shop_orders')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('login', '=', login)
        .where('offer_id', '=', Number(offer.id))
        .where('source', '=', 'shop')
        .where('state', '!=', 'refunded')
        .where('id', '<=', id)
        .executeTakeFirst();
      if (Number(counted?.n ?? 0) > Number(offer.per_account_limit)) return withdraw('shopLimitReached', stockTaken);
    }
    if (Number(offer.price) > 0) {
      const paid = await wallet.debit({
        login,
        amountMinor: Number(offer.price),
        idempotencyKey: `shop:${requestKey}`,
        reason: 'purchase',
        reference: `order ${id}`,
      });
      if (paid.status === 'refused') return withdraw('insufficientFunds', stockTaken);
    }
    await setState(id, ['checking'], { state: 'paid' });
    await deliver(id, 'paid');
    return { order: await answerOrder(id) };
  };

  const redeem: Shop['redeem'] = async (input) => {
    const login = normalizeLogin(input.login);
    const code = input.code.trim().toUpperCase();
    const time = now();
    const promo = await site
      .selectFrom('site_shop_promo_codes')
      .selectAll()
      .where('code', '=', code)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (!promo || (promo.ends_at !== null && Number(promo.ends_at) <= time)) return { error: 'promoCodeInvalid' };
    const items = parseItems(promo.items);
    const realm = realmOf(input.realm);
    if (!realm) return { error: 'realmUnknown' };
    const character = items.length > 0 && input.charName ? await characterOf(realm, login, input.charName) : undefined;
    if (items.length > 0 && !character)
      return { error: input.charName ? 'charDoesntExist' : 'promoCodeNeedsCharacter' };
    // Once per account: the redemption's key; then the total limit, one conditional update.
    try {
      await site.insertInto('site_shop_promo_redemptions').values({ code, login, created_at: time }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) return { error: 'promoCodeUsed' };
      throw error;
    }
    let counted = site
      .updateTable('site_shop_promo_codes')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('code', '=', code);
    if (promo.total_limit !== null) counted = counted.where('used', '<', Number(promo.total_limit));
    if (Number((await counted.executeTakeFirst()).numUpdatedRows) !== 1) {
      await site
        .deleteFrom('site_shop_promo_redemptions')
        .where('code', '=', code)
        .where('login', '=', login)
        .execute();
      return { error: 'promoCodeUsed' };
    }
    const coins = Number(promo.coins);
    if (coins > 0) {
      await wallet.credit({
        login,
        amountMinor: coins,
        idempotencyKey: `promo:${code}:${login}`,
        reason: 'promoCode',
        reference: code,
      });
    }
    let order: OrderRow | null = null;
    if (character) {
      const placed = await placeOrder({
        login,
        requestKey: `promo:${code}:${login}`,
        offerId: 0,
        items,
        price: 0,
        charId: character.charId,
        charName: character.name,
        realm,
        delivery: character.delivery,
        source: 'promo',
      });
      if (placed.fresh) {
        await setState(placed.id, ['checking'], { state: 'paid' });
        await deliver(placed.id, 'paid');
      }
      order = await answerOrder(placed.id);
    }
    return { coins, order };
  };

  return {
    async catalogue() {
      const time = now();
      const rows = await site
        .selectFrom('site_shop_offers')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
      return rows
        .filter(
          (row) =>
            (row.sale_starts_at === null || Number(row.sale_starts_at) <= time) &&
            (row.sale_ends_at === null || Number(row.sale_ends_at) > time),
        )
        .map((row) => ({
          id: Number(row.id),
          items: parseItems(row.items),
          price: Number(row.price),
          stock: row.stock === null ? null : Number(row.stock),
          perAccountLimit: row.per_account_limit === null ? null : Number(row.per_account_limit),
          saleEndsAt: row.sale_ends_at === null ? null : Number(row.sale_ends_at),
          realm: row.realm,
        }));
    },
    buy,
    async orders(login) {
      const account = normalizeLogin(login);
      await checkOnItsWay(account);
      const rows = await site
        .selectFrom('site_shop_orders')
        .select(orderColumns)
        .where('login', '=', account)
        .where('state', '!=', 'checking')
        .orderBy('id', 'desc')
        .limit(MAX_ORDERS)
        .execute();
      return rows.map(toRow);
    },
    redeem,
    pass,
    async retry(orderId) {
      const order = await orderById(orderId);
      if (!order) return undefined;
      if (order.state !== 'failed') return pageState(order.state);
      return deliver(orderId, 'failed');
    },
    refund,
    start() {
      if (timer) return;
      timer = setInterval(
        () => {
          if (running) return;
          running = pass()
            .catch((error: unknown) => log.error({ err: error }, 'shop pass failed'))
            .finally(() => {
              running = undefined;
            });
        },
        (deps.checkSeconds ?? 30) * 1000,
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
};
