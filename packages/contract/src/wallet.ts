import { z } from 'zod';

/**
 * The wallet (docs/product.md#getwallet): an account's balance in the site's coins, in integer
 * minor units, and its ledger. Every entry has a reason; the balance is the sum of the entries.
 */
export const WALLET_REASONS = [
  'donation',
  'vote',
  'referral',
  'promoCode',
  'refund',
  'purchase',
  'chargeback',
  'adjustment',
  /** A partner's share of a donation made with their supporter code. */
  'supporter',
] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

/** Entries per page of the wallet's history. */
export const WALLET_PAGE_SIZE = 20;

export const walletQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type WalletQuery = z.input<typeof walletQuery>;

export const walletEntry = z.object({
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number().int(),
  reason: z.enum(WALLET_REASONS),
  /** What the entry is about: an order's number, a promo code, a donation's id. */
  reference: z.string(),
  createdAt: z.number(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const walletAnswer = z.object({
  balance: z.number().int(),
  page: z.number().int(),
  /** How many pages the history holds (at least 1). */
  pages: z.number().int(),
  entries: z.array(walletEntry),
});
export type WalletAnswer = z.infer<typeof walletAnswer>;
