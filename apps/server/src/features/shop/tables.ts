import type { Generated } from 'kysely';

/** An offer of the catalogue: one item or a pack (docs/owner/shop.md#the-catalogue). */
export interface SiteShopOffersTable {
  id: Generated<number>;
  /** JSON: [{ itemId, count }, ...]. */
  items: string;
  /** In the wallet's minor units. */
  price: number;
  /** null: unlimited; taken one by one with a conditional update. */
  stock: number | null;
  per_account_limit: number | null;
  sale_starts_at: number | null;
  sale_ends_at: number | null;
  /** 1 on sale, 0 hidden. */
  enabled: number;
  /** The realm's slug it is sold in; null: every realm (decision 051, realms). */
  realm: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * One purchase (or a promo code's items). request_key is unique: `<login>:<the page's key>`, so a
 * double click or a second tab buys once. state: checking (being paid), paid, delivering,
 * onItsWay, waitingForGame, received, failed, refunded (docs/owner/shop.md#orders).
 */
export interface SiteShopOrdersTable {
  id: Generated<number>;
  request_key: string;
  login: string;
  offer_id: number;
  /** JSON, as the offer held it when bought. */
  items: string;
  price: number;
  char_id: number;
  char_name: string;
  /** The character's realm, where the order is delivered: its slug, null for the first realm (decision 049). */
  realm: string | null;
  state: string;
  /** premiumItems, customMail, itemsDelayed or queue: where the game takes it from. */
  delivery: string;
  /** customMail: the letter's date, which with the receiver names its row. */
  delivery_ref: string | null;
  attempts: number;
  last_error: string | null;
  /** shop or promo. */
  source: string;
  created_at: number;
  updated_at: number;
}

/** A promo code: coins or items, once per account, a total limit, an end date. */
export interface SiteShopPromoCodesTable {
  /** Upper case. */
  code: string;
  coins: number;
  /** JSON of items, or null for a code of coins only. */
  items: string | null;
  total_limit: number | null;
  used: number;
  ends_at: number | null;
  enabled: number;
  created_at: number;
}

/** A code redeemed by an account: its key makes it once per account. */
export interface SiteShopPromoRedemptionsTable {
  code: string;
  login: string;
  created_at: number;
}

/** The shop feature's site tables (migrations.ts): only this feature names them. */
export type ShopTables = {
  site_shop_offers: SiteShopOffersTable;
  site_shop_orders: SiteShopOrdersTable;
  site_shop_promo_codes: SiteShopPromoCodesTable;
  site_shop_promo_redemptions: SiteShopPromoRedemptionsTable;
};
