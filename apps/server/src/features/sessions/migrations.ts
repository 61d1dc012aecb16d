import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The sessions feature's own tables: signed-in sessions and the sign-in history. */
export const sessionMigrations: Record<string, Migration> = {
  '001_sessions_sessions': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_sessions')
        .ifNotExists()
        // SHA-256 (hex) of the cookie's value: the value itself is never stored.
        .addColumn('id_hash', 'varchar(64)', (col) => col.primaryKey())
        // The id the account's list names it by (POST /sdk/account/sessions/end).
        .addColumn('public_id', 'varchar(32)', (col) => col.notNull().unique())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('address', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('device', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        // SHA-256 of the game's stored password hash when the session began.
        .addColumn('fingerprint', 'varchar(64)', (col) => col.notNull())
        .addColumn('banned', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('site_sessions_login').ifNotExists().on('site_sessions').column('login').execute();
      await db.schema
        .createIndex('site_sessions_last_seen_at')
        .ifNotExists()
        .on('site_sessions')
        .column('last_seen_at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_sessions').ifExists().execute();
    },
  },
  '002_sessions_sign_ins': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_sign_ins')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('address', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('device', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_sign_ins_login_at')
        .ifNotExists()
        .on('site_sign_ins')
        .columns(['login', 'at'])
        .execute();
      await db.schema.createIndex('site_sign_ins_at').ifNotExists().on('site_sign_ins').column('at').execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_sign_ins').ifExists().execute();
    },
  },
};
