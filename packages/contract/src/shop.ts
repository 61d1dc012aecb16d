import { z } from 'zod';
import { LIMITS, REALM_SLUG_PATTERN } from './constants';
import { charNameField } from './rules';

/**
 * The shop (docs/product.md#shop): a catalogue of items and packs sold for the wallet's coins,
 * orders the player can follow into the game, and promo codes.
 */

/** One item of an offer: the game's item id and how many. */
export const shopItemLine = z.object({
  itemId: z.number().int().min(1).max(2_147_483_647),
  count: z.number().int().min(1).max(2_147_483_647),
});
export type ShopItemLine = z.infer<typeof shopItemLine>;

/** An offer as the public catalogue shows it. */
export const shopOffer = z.object({
  id: z.number().int(),
  /** The items it holds: one for an item, several for a pack. */
  items: z.array(shopItemLine),
  /** In the wallet's minor units. */
  price: z.number().int(),
  /** null: no limit on stock. */
  stock: z.number().int().nullable(),
  /** How many one account may buy; null: no limit. */
  perAccountLimit: z.number().int().nullable(),
  saleEndsAt: z.number().nullable(),
  /** The realm (its slug) it is sold in; null: every realm (decision 051, realms). */
  realm: z.string().nullable(),
});
export type ShopOffer = z.infer<typeof shopOffer>;

export const shopAnswer = z.object({ offers: z.array(shopOffer) });
export type ShopAnswer = z.infer<typeof shopAnswer>;

/** The realm of the character an order goes to (decision 049); the first realm when left out. */
const orderRealmField = z.string().regex(REALM_SLUG_PATTERN, 'formInvalid').optional();

/**
 * A purchase: the offer, the realm and the account's character there it goes to, and a key the
 * page makes once per confirmation, so that a double click or a second tab buys once.
 */
export const buyShopItemModel = z.object({
  offerId: z.number().int().min(1),
  charName: charNameField,
  realm: orderRealmField,
  requestKey: z
    .string()
    .trim()
    .min(8, 'formInvalid')
    .max(64, 'formInvalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'formInvalid'),
});
export type BuyShopItemModel = z.input<typeof buyShopItemModel>;

/**
 * Where an order is: paid (coins taken, delivery not yet written), onItsWay (written where the
 * game takes it; the game has not handed it over yet), waitingForGame (aCis: in the site's queue
 * for a game mod), received (the game handed it over), failed (delivery failed; the owner retries
 * or refunds), refunded (the coins are back in the wallet).
 */
export const ORDER_STATES = ['paid', 'onItsWay', 'waitingForGame', 'received', 'failed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const orderRow = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  items: z.array(shopItemLine),
  price: z.number().int(),
  character: z.string(),
  /** The realm (its slug) of the character, where it is delivered. */
  realm: z.string(),
  state: z.enum(ORDER_STATES),
  createdAt: z.number(),
  /** When the state last changed. */
  updatedAt: z.number(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const ordersAnswer = z.object({ orders: z.array(orderRow) });
export type OrdersAnswer = z.infer<typeof ordersAnswer>;

/** buyshopitem's answer: the order (a repeated key answers the first order). */
export const buyShopItemAnswer = z.object({ order: orderRow });
export type BuyShopItemAnswer = z.infer<typeof buyShopItemAnswer>;

export const redeemPromoCodeModel = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'promoCodeInvalid')
    .max(LIMITS.promoCodeMax, 'promoCodeInvalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'promoCodeInvalid')
    .transform((code) => code.toUpperCase()),
  /** A promo code of items: the character they go to. */
  charName: z.string().trim().max(16).optional(),
  /** The realm of that character; the first realm when left out. */
  realm: orderRealmField,
});
export type RedeemPromoCodeModel = z.input<typeof redeemPromoCodeModel>;

export const redeemPromoCodeAnswer = z.object({
  /** Coins credited to the wallet (0 for a code of items). */
  coins: z.number().int(),
  /** The order that carries a code's items, if it has any. */
  order: orderRow.nullable(),
});
export type RedeemPromoCodeAnswer = z.infer<typeof redeemPromoCodeAnswer>;
