import type { Migration } from 'kysely';
import { fullUnicodeTable } from '../../db/migration-dialect';
import type { AnyKysely } from '../../db/connections';

/**
 * The news posts (docs/product.md#news): one row per post, and one row per language it is written
 * in; a language without a row falls back to English when shown. Each edit or deletion keeps the
 * post as it was in site_news_post_versions and site_news_version_texts (news-versions.ts).
 */
export const newsMigrations: Record<string, Migration> = {
  '060_news_posts': {
    async up(db: AnyKysely) {
      const fullUnicode = fullUnicodeTable(db, { innodb: true });
      await db.schema
        .createTable('site_news_posts')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('slug', 'varchar(96)', (col) => col.notNull())
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('publish_at', 'bigint', (col) => col.notNull())
        .addColumn('pinned', 'smallint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        // When the Discord announcement went out; null until then (sent once per post).
        .addColumn('announced_at', 'bigint')
        .addColumn('announce_attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .modifyEnd(fullUnicode)
        .execute();
      await db.schema
        .createIndex('site_news_posts_slug')
        .ifNotExists()
        .unique()
        .on('site_news_posts')
        .column('slug')
        .execute();
      await db.schema
        .createTable('site_news_texts')
        .ifNotExists()
        .addColumn('post_id', 'integer', (col) => col.notNull())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_news_texts_pk', ['post_id', 'language'])
        .modifyEnd(fullUnicode)
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_news_texts').ifExists().execute();
      await db.schema.dropTable('site_news_posts').ifExists().execute();
    },
  },
  '061_news_post_versions': {
    async up(db: AnyKysely) {
      const fullUnicode = fullUnicodeTable(db, { innodb: true });
      await db.schema
        .createTable('site_news_post_versions')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('post_id', 'integer', (col) => col.notNull())
        .addColumn('slug', 'varchar(96)', (col) => col.notNull())
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('publish_at', 'bigint', (col) => col.notNull())
        .addColumn('pinned', 'smallint', (col) => col.notNull())
        // When this version was saved (the post's updated_at then).
        .addColumn('saved_at', 'bigint', (col) => col.notNull())
        // The change that replaced it: when, by which console login, 'update' or 'delete'.
        .addColumn('replaced_at', 'bigint', (col) => col.notNull())
        .addColumn('replaced_by', 'varchar(45)', (col) => col.notNull())
        .addColumn('change_kind', 'varchar(16)', (col) => col.notNull())
        .modifyEnd(fullUnicode)
        .execute();
      await db.schema
        .createIndex('site_news_post_versions_post')
        .ifNotExists()
        .on('site_news_post_versions')
        .columns(['post_id', 'id'])
        .execute();
      await db.schema
        .createTable('site_news_version_texts')
        .ifNotExists()
        .addColumn('version_id', 'integer', (col) => col.notNull())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_news_version_texts_pk', ['version_id', 'language'])
        .modifyEnd(fullUnicode)
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_news_version_texts').ifExists().execute();
      await db.schema.dropTable('site_news_post_versions').ifExists().execute();
    },
  },
};
