import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';
import { fullUnicodeTable } from '../../db/migration-dialect';

/** The catalogue, the orders and the promo codes (docs/owner/shop.md). */
export const shopMigrations: Record<string, Migration> = {
  '151_shop_catalogue_orders_promo_codes': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_shop_offers')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('items', 'varchar(2000)', (col) => col.notNull())
        .addColumn('price', 'bigint', (col) => col.notNull())
        .addColumn('stock', 'integer')
        .addColumn('per_account_limit', 'integer')
        .addColumn('sale_starts_at', 'bigint')
        .addColumn('sale_ends_at', 'bigint')
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema
        .createTable('site_shop_orders')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('request_key', 'varchar(160)', (col) => col.notNull().unique())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('offer_id', 'integer', (col) => col.notNull())
        .addColumn('items', 'varchar(2000)', (col) => col.notNull())
        .addColumn('price', 'bigint', (col) => col.notNull())
        .addColumn('char_id', 'integer', (col) => col.notNull())
        .addColumn('char_name', 'varchar(45)', (col) => col.notNull())
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('delivery', 'varchar(16)', (col) => col.notNull())
        .addColumn('delivery_ref', 'varchar(32)')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_error', 'varchar(255)')
        .addColumn('source', 'varchar(8)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { binary: true, innodb: true }))
        .execute();
      await db.schema
        .createIndex('site_shop_orders_login')
        .ifNotExists()
        .on('site_shop_orders')
        .columns(['login', 'offer_id'])
        .execute();
      await db.schema
        .createIndex('site_shop_orders_state')
        .ifNotExists()
        .on('site_shop_orders')
        .columns(['state', 'id'])
        .execute();
      await db.schema
        .createTable('site_shop_promo_codes')
        .ifNotExists()
        .addColumn('code', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('coins', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('items', 'varchar(2000)')
        .addColumn('total_limit', 'integer')
        .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('ends_at', 'bigint')
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema
        .createTable('site_shop_promo_redemptions')
        .ifNotExists()
        .addColumn('code', 'varchar(32)', (col) => col.notNull())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_shop_promo_redemptions_pk', ['code', 'login'])
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
    },
    async down(db: AnyKysely) {
      for (const table of [
        'site_shop_promo_redemptions',
        'site_shop_promo_codes',
        'site_shop_orders',
        'site_shop_offers',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  '153_shop_realm': {
    async up(db: AnyKysely) {
      // An offer's realm (its slug; null: sold in every realm), and an order's: the realm whose
      // character it goes to, null for the first realm as in the votes' and rewards' tables
      // (decision 049), so the orders of before stay the first realm's when its slug changes.
      await db.schema.alterTable('site_shop_offers').addColumn('realm', 'varchar(24)').execute();
      await db.schema.alterTable('site_shop_orders').addColumn('realm', 'varchar(24)').execute();
      await db.schema
        .createIndex('site_shop_orders_realm')
        .ifNotExists()
        .on('site_shop_orders')
        .columns(['realm', 'id'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropIndex('site_shop_orders_realm').ifExists().on('site_shop_orders').execute();
      await db.schema.alterTable('site_shop_orders').dropColumn('realm').execute();
      await db.schema.alterTable('site_shop_offers').dropColumn('realm').execute();
    },
  },
};
