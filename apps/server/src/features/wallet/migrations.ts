import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';
import { fullUnicodeTable } from '../../db/migration-dialect';

/** The wallet's ledger (docs/owner/shop.md#the-wallet): entries unique on their idempotency key. */
export const walletMigrations: Record<string, Migration> = {
  '150_wallet_ledger': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_wallet_accounts')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.primaryKey())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema
        .createTable('site_wallet_entries')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('idempotency_key', 'varchar(160)', (col) => col.notNull().unique())
        .addColumn('reason', 'varchar(16)', (col) => col.notNull())
        .addColumn('reference', 'varchar(160)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { binary: true, innodb: true }))
        .execute();
      await db.schema
        .createIndex('site_wallet_entries_login')
        .ifNotExists()
        .on('site_wallet_entries')
        .columns(['login', 'id'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_wallet_entries').ifExists().execute();
      await db.schema.dropTable('site_wallet_accounts').ifExists().execute();
    },
  },
};
