import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The streams feature's own table: streams registered from the site (Facebook), shown on the home page. */
export const streamMigrations: Record<string, Migration> = {
  '010_streams_live': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_live_streams')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('type', 'varchar(16)', (col) => col.notNull())
        .addColumn('channel', 'varchar(512)', (col) => col.notNull())
        .addColumn('title', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('viewers', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('source', 'varchar(16)', (col) => col.notNull())
        .addColumn('owner_key', 'varchar(128)', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_live_streams_owner')
        .ifNotExists()
        .unique()
        .on('site_live_streams')
        .columns(['source', 'owner_key'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_live_streams').ifExists().execute();
    },
  },
};
