import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

/** The demo's promo code: 100 coins, once per account (docs/owner/shop.md#the-catalogue). */
export const DEMO_PROMO_CODE = 'WELCOME';

/**
 * The demo shop (embedded database, first run only): a pack, a single item with a stock and a
 * per-account limit, and the promo code WELCOME, so a newcomer can redeem, buy and follow an order.
 */
export const seedDemoShop = async (db: Kysely<SiteDatabase>, now: number): Promise<void> => {
  const offer = (
    items: { itemId: number; count: number }[],
    price: number,
    stock: number | null,
    limit: number | null,
  ) => ({
    items: JSON.stringify(items),
    price,
    stock,
    per_account_limit: limit,
    sale_starts_at: null,
    sale_ends_at: null,
    enabled: 1,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('site_shop_offers')
    .values([
      offer(
        [
          { itemId: 1538, count: 5 },
          { itemId: 3936, count: 2 },
          { itemId: 729, count: 1 },
        ],
        60,
        null,
        null,
      ),
      offer([{ itemId: 959, count: 1 }], 90, 25, 2),
    ])
    .execute();
  await db
    .insertInto('site_shop_promo_codes')
    .values({
      code: DEMO_PROMO_CODE,
      coins: 100,
      items: null,
      total_limit: null,
      used: 0,
      ends_at: null,
      enabled: 1,
      created_at: now,
    })
    .execute();
};
