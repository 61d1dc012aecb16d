import {
  CONSOLE_ORDERS_CSV_MAX,
  CONSOLE_ORDERS_PAGE,
  type ConsoleShopAnswer,
  type ConsoleShopOrderRow,
  type OrderState,
  type ShopItemLine,
} from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { toCsv } from '../../infra/csv';
import type { ConsoleDoor } from '../../infra/console-door';
import { type Shop, toOrderRow } from './shop';

/** The order states of the page, and the rows of the server's own moments they include. */
const ROWS_OF: Record<OrderState, string[]> = {
  paid: ['checking', 'paid', 'delivering'],
  onItsWay: ['onItsWay'],
  waitingForGame: ['waitingForGame'],
  received: ['received'],
  failed: ['failed'],
  refunded: ['refunded'],
};

const parseItems = (json: string | null): ShopItemLine[] => (json ? (JSON.parse(json) as ShopItemLine[]) : []);

/** The catalogue and the promo codes, all of them (disabled and ended included). */
export const consoleCatalogue = async (db: Kysely<SiteDatabase>): Promise<ConsoleShopAnswer> => {
  const offers = await db.selectFrom('site_shop_offers').selectAll().orderBy('id').execute();
  const codes = await db.selectFrom('site_shop_promo_codes').selectAll().orderBy('code').execute();
  return {
    offers: offers.map((row) => ({
      id: Number(row.id),
      items: parseItems(row.items),
      price: Number(row.price),
      stock: row.stock === null ? null : Number(row.stock),
      perAccountLimit: row.per_account_limit === null ? null : Number(row.per_account_limit),
      saleStartsAt: row.sale_starts_at === null ? null : Number(row.sale_starts_at),
      saleEndsAt: row.sale_ends_at === null ? null : Number(row.sale_ends_at),
      enabled: Number(row.enabled) === 1,
      realm: row.realm,
    })),
    promoCodes: codes.map((row) => ({
      code: row.code,
      coins: Number(row.coins),
      items: parseItems(row.items),
      totalLimit: row.total_limit === null ? null : Number(row.total_limit),
      endsAt: row.ends_at === null ? null : Number(row.ends_at),
      enabled: Number(row.enabled) === 1,
      used: Number(row.used),
    })),
  };
};

/**
 * The orders ledger's rows for a search, newest first. A realm's orders: the first realm's are the
 * rows of realm null (decision 049), another's those of its slug.
 */
const ordersOf = async (
  db: Kysely<SiteDatabase>,
  firstRealm: string,
  query: { q?: string; state?: OrderState; realm?: string; from?: number },
  limit: number,
): Promise<{ rows: ConsoleShopOrderRow[]; total: number }> => {
  const q = query.q?.trim();
  const filtered = db
    .selectFrom('site_shop_orders')
    .$if(query.state !== undefined, (b) => b.where('state', 'in', ROWS_OF[query.state ?? 'paid']))
    .$if(query.realm !== undefined, (b) =>
      query.realm === firstRealm ? b.where('realm', 'is', null) : b.where('realm', '=', query.realm ?? ''),
    )
    .$if(Boolean(q), (b) =>
      b.where((eb) =>
        eb.or([
          eb('login', '=', (q ?? '').toLowerCase()),
          eb('char_name', '=', q ?? ''),
          ...(/^\d+$/.test(q ?? '') ? [eb('id', '=', Number(q))] : []),
        ]),
      ),
    );
  const counted = await filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const rows = await filtered
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(query.from ?? 0)
    .execute();
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((row) => ({
      ...toOrderRow({ ...row, id: Number(row.id) }, firstRealm),
      login: row.login,
      delivery: row.delivery,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      source: row.source,
    })),
  };
};

export interface ShopConsoleOptions {
  door: ConsoleDoor;
  db: Kysely<SiteDatabase>;
  shop: Pick<Shop, 'retry' | 'refund'>;
  /** The realms' slugs, the first first (decision 049): an offer's realm is one of them. */
  realms: readonly string[];
  now: () => number;
}

/** The Shop section (docs/owner/console.md#shop): owner only, every write in the audit log. */
export const shopConsoleSection = async (app: FastifyInstance, options: ShopConsoleOptions): Promise<void> => {
  const { door, db, now, realms } = options;
  const firstRealm = realms[0] ?? 'main';
  door.route(app, 'getConsoleShop', 'owner', async (_input, _request, reply) => reply.send(await consoleCatalogue(db)));
  door.route(app, 'saveConsoleShopOffer', 'owner', async ({ actor, body }, _request, reply) => {
    const { offer } = body;
    if (offer.realm !== null && !realms.includes(offer.realm)) return reply.code(400).send(['realmUnknown']);
    const values = {
      items: JSON.stringify(offer.items),
      price: offer.price,
      stock: offer.stock,
      per_account_limit: offer.perAccountLimit,
      sale_starts_at: offer.saleStartsAt,
      sale_ends_at: offer.saleEndsAt,
      enabled: offer.enabled ? 1 : 0,
      realm: offer.realm,
      updated_at: now(),
    };
    let id = offer.id;
    if (id === 0) {
      const inserted = await db
        .insertInto('site_shop_offers')
        .values({ ...values, created_at: now() })
        .executeTakeFirstOrThrow();
      id = Number(inserted.insertId);
    } else {
      const updated = await db.updateTable('site_shop_offers').set(values).where('id', '=', id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return reply.code(404).send(['shopOfferUnavailable']);
    }
    await door.record(
      actor,
      offer.id === 0 ? 'shop.offer.add' : 'shop.offer.edit',
      String(id),
      offer.realm === null ? values.items : `${values.items} in ${offer.realm}`,
    );
    return reply.send({ id });
  });
  door.route(app, 'saveConsoleShopPromo', 'owner', async ({ actor, body }, _request, reply) => {
    const { promo } = body;
    const values = {
      coins: promo.coins,
      items: promo.items.length > 0 ? JSON.stringify(promo.items) : null,
      total_limit: promo.totalLimit,
      ends_at: promo.endsAt,
      enabled: promo.enabled ? 1 : 0,
    };
    const updated = await db
      .updateTable('site_shop_promo_codes')
      .set(values)
      .where('code', '=', promo.code)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      await db
        .insertInto('site_shop_promo_codes')
        .values({ ...values, code: promo.code, used: 0, created_at: now() })
        .execute();
    }
    await door.record(actor, 'shop.promo.save', promo.code, `${promo.coins} coins, ${values.items ?? 'no items'}`);
    return reply.send({ id: promo.code });
  });
  door.route(app, 'getConsoleShopOrders', 'owner', async ({ query }, _request, reply) =>
    reply.send(await ordersOf(db, firstRealm, query, CONSOLE_ORDERS_PAGE)),
  );
  door.route(app, 'getConsoleShopOrdersCsv', 'owner', async ({ actor, query }, _request, reply) => {
    const { rows } = await ordersOf(db, firstRealm, { ...query, from: 0 }, CONSOLE_ORDERS_CSV_MAX);
    const csv = toCsv(
      [
        'order',
        'created',
        'updated',
        'login',
        'character',
        'realm',
        'offer',
        'items',
        'price',
        'state',
        'delivery',
        'tries',
        'error',
        'source',
      ],
      rows.map((row) => [
        row.id,
        new Date(row.createdAt).toISOString(),
        new Date(row.updatedAt).toISOString(),
        row.login,
        row.character,
        row.realm,
        row.offerId,
        row.items.map((line) => `${line.itemId} x${line.count}`).join(' + '),
        row.price,
        row.state,
        row.delivery,
        row.attempts,
        row.lastError,
        row.source,
      ]),
    );
    await door.record(
      actor,
      'shop.orders.export',
      '',
      [query.q && `q=${query.q}`, query.state, query.realm && `realm=${query.realm}`].filter(Boolean).join(' '),
    );
    const day = new Date(now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .send(csv);
  });
  const act = (name: 'retryConsoleShopOrder' | 'refundConsoleShopOrder', action: 'retry' | 'refund') =>
    door.route(app, name, 'owner', async ({ actor, body }, _request, reply) => {
      const row = await db
        .selectFrom('site_shop_orders')
        .select('state')
        .where('id', '=', body.orderId)
        .executeTakeFirst();
      if (!row) return reply.code(404).send(['consoleShopOrderNotFound']);
      if (row.state !== 'failed') return reply.code(400).send(['consoleShopOrderNotFailed']);
      const after = (await options.shop[action](body.orderId)) ?? 'missing';
      await door.record(actor, `shop.order.${action}`, String(body.orderId), `${body.reason} (failed -> ${after})`);
      return reply.send({ before: 'failed', after });
    });
  act('retryConsoleShopOrder', 'retry');
  act('refundConsoleShopOrder', 'refund');
};
