import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The Facebook stream registration's own tables (see tables.ts; docs/owner/streams.md documents the NPC's SQL). */
export const facebookStreamMigrations: Record<string, Migration> = {
  '020_facebook_streamers': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_facebook_streamers')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('fb_user_id', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('access_token', 'varchar(2048)', (col) => col.notNull())
        .addColumn('token_expires_at', 'bigint')
        .addColumn('code', 'varchar(6)', (col) => col.unique())
        .addColumn('code_expires_at', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('registered'))
        .addColumn('char_id', 'integer')
        .addColumn('char_name', 'varchar(35)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('polled_at', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('site_facebook_streamers_char')
        .ifNotExists()
        .on('site_facebook_streamers')
        .column('char_id')
        .execute();
      await db.schema
        .createIndex('site_facebook_streamers_status')
        .ifNotExists()
        .on('site_facebook_streamers')
        .column('status')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_facebook_streamers').ifExists().execute();
    },
  },
  '021_facebook_deletions': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_facebook_deletions')
        .ifNotExists()
        .addColumn('confirmation_code', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('requested_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_facebook_deletions').ifExists().execute();
    },
  },
  '022_facebook_deletion_request_hash': {
    async up(db: AnyKysely) {
      await db.schema.alterTable('site_facebook_deletions').addColumn('request_hash', 'varchar(64)').execute();
      await db.schema
        .createIndex('site_facebook_deletions_request')
        .ifNotExists()
        .unique()
        .on('site_facebook_deletions')
        .column('request_hash')
        .execute();
    },
  },
  /**
   * The realm of the code and of the character it binds (decision 049): its slug, NULL for the
   * first realm, which every row written before holds. Each game server's Rewards Manager binds
   * and rewards only its own realm's rows (docs/owner/streams.md).
   */
  '154_facebook_streamers_realm': {
    async up(db: AnyKysely) {
      await db.schema.alterTable('site_facebook_streamers').addColumn('realm', 'varchar(24)').execute();
    },
    async down(db: AnyKysely) {
      await db.schema.alterTable('site_facebook_streamers').dropColumn('realm').execute();
    },
  },
};
