import type { Generated } from 'kysely';

/**
 * One row per account that has a wallet: the row a debit locks on MariaDB (SELECT ... FOR UPDATE),
 * so two instances never both spend the same coins. It holds no balance: the balance is the sum of
 * the account's entries.
 */
export interface SiteWalletAccountsTable {
  /** The game login, lower case. */
  login: string;
  created_at: number;
}

/** One ledger entry: a credit (positive) or a debit (negative), in integer minor units of the site's coin. */
export interface SiteWalletEntriesTable {
  id: Generated<number>;
  login: string;
  amount: number;
  /** Unique: the same key twice is one entry. */
  idempotency_key: string;
  /** A reason code of WALLET_REASONS (packages/contract/src/wallet.ts). */
  reason: string;
  /** What the entry is about: an order, a promo code, a donation. */
  reference: string;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** The wallet feature's site tables (migrations.ts): only this feature names them. */
export type WalletTables = {
  site_wallet_accounts: SiteWalletAccountsTable;
  site_wallet_entries: SiteWalletEntriesTable;
};
