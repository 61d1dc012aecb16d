import { z } from 'zod';
import { LIMITS, REALM_SLUG_PATTERN } from './constants';
import { CONSOLE_NOTE_MAX, CONSOLE_SEARCH_MAX } from './console';
import { ORDER_STATES, orderRow, shopItemLine } from './shop';

/**
 * The console's Shop section (docs/owner/console.md#shop): the catalogue, promo codes, the orders
 * ledger with its CSV, a failed order retried or refunded. Owner only; every write is audited.
 */

/** How many orders a page of the ledger holds, and the most rows one CSV holds (the newest). */
export const CONSOLE_ORDERS_PAGE = 50;
export const CONSOLE_ORDERS_CSV_MAX = 10_000;

const optionalTime = z.number({ error: 'formInvalid' }).int().min(0).nullable();
const optionalCount = z.number({ error: 'formInvalid' }).int().min(0).max(1_000_000_000).nullable();

/** An offer as the owner edits it: id 0 adds one. */
export const consoleShopOffer = z.object({
  id: z.number({ error: 'formInvalid' }).int().min(0),
  items: z.array(shopItemLine).min(1, { error: 'formInvalid' }).max(20, { error: 'formInvalid' }),
  price: z.number({ error: 'formInvalid' }).int().min(0).max(1_000_000_000),
  stock: optionalCount,
  perAccountLimit: optionalCount,
  saleStartsAt: optionalTime,
  saleEndsAt: optionalTime,
  enabled: z.boolean(),
  /** The realm (its slug) it is sold in; null or left out: every realm. */
  realm: z.string().regex(REALM_SLUG_PATTERN, { error: 'realmUnknown' }).nullable().default(null),
});
export type ConsoleShopOffer = z.infer<typeof consoleShopOffer>;

export const consoleShopPromoCode = z.object({
  code: z
    .string({ error: 'promoCodeInvalid' })
    .trim()
    .min(1, { error: 'promoCodeInvalid' })
    .max(LIMITS.promoCodeMax, { error: 'promoCodeInvalid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'promoCodeInvalid' })
    .transform((code) => code.toUpperCase()),
  coins: z.number({ error: 'formInvalid' }).int().min(0).max(1_000_000_000),
  items: z.array(shopItemLine).max(20, { error: 'formInvalid' }),
  totalLimit: optionalCount,
  endsAt: optionalTime,
  enabled: z.boolean(),
});
export type ConsoleShopPromoCode = z.input<typeof consoleShopPromoCode>;

export const consoleShopPromoRow = consoleShopPromoCode.extend({ code: z.string(), used: z.number() });

export const consoleShopAnswer = z.object({
  offers: z.array(consoleShopOffer),
  promoCodes: z.array(consoleShopPromoRow),
});
export type ConsoleShopAnswer = z.infer<typeof consoleShopAnswer>;

export const consoleShopOfferSaveModel = z.object({ offer: consoleShopOffer });
export const consoleShopPromoSaveModel = z.object({ promo: consoleShopPromoCode });
export const consoleShopSaveAnswer = z.object({ id: z.union([z.number(), z.string()]) });

/**
 * The orders ledger's search: `q` a login, a character or an order number; `state` one state;
 * `realm` one realm's orders (its slug); `from` a row count.
 */
export const consoleShopOrdersQuery = z.object({
  q: z.string({ error: 'formInvalid' }).max(CONSOLE_SEARCH_MAX, { error: 'formInvalid' }).trim().optional(),
  state: z.enum(ORDER_STATES, { error: 'formInvalid' }).optional(),
  realm: z.string().regex(REALM_SLUG_PATTERN, { error: 'formInvalid' }).optional(),
  from: z.coerce.number({ error: 'formInvalid' }).int().min(0).max(1_000_000).optional(),
});
export type ConsoleShopOrdersQuery = z.input<typeof consoleShopOrdersQuery>;

export const consoleShopOrderRow = orderRow.extend({
  login: z.string(),
  delivery: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  source: z.string(),
});
export type ConsoleShopOrderRow = z.infer<typeof consoleShopOrderRow>;

export const consoleShopOrdersAnswer = z.object({ rows: z.array(consoleShopOrderRow), total: z.number() });
export type ConsoleShopOrdersAnswer = z.infer<typeof consoleShopOrdersAnswer>;

/** A failed order retried or refunded, with the owner's note for the audit log. */
export const consoleShopOrderActionModel = z.object({
  orderId: z.number({ error: 'formInvalid' }).int().min(1),
  reason: z
    .string({ error: 'consoleReasonRequired' })
    .max(CONSOLE_NOTE_MAX, { error: 'consoleReasonRequired' })
    .trim()
    .min(3, { error: 'consoleReasonRequired' }),
});
export type ConsoleShopOrderActionModel = z.input<typeof consoleShopOrderActionModel>;
export const consoleShopOrderActionAnswer = z.object({ before: z.string(), after: z.string() });
