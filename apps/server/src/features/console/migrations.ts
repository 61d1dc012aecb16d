import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The console's own tables: the audit log (append-only) and the step-ups of sessions. */
export const consoleMigrations: Record<string, Migration> = {
  '001_console_audit': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_console_audit')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('role', 'varchar(16)', (col) => col.notNull())
        // What was done, e.g. signIn, mail.send, reward.retry.
        .addColumn('action', 'varchar(64)', (col) => col.notNull())
        // On which record: an id, a login, a character; '' where none.
        .addColumn('record', 'varchar(190)', (col) => col.notNull().defaultTo(''))
        .addColumn('address', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('detail', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('site_console_audit_at')
        .ifNotExists()
        .on('site_console_audit')
        .column('at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_console_audit').ifExists().execute();
    },
  },
  '002_console_step_ups': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_console_step_ups')
        .ifNotExists()
        // The session's id_hash (site_sessions): a step-up belongs to one sign-in of one browser.
        .addColumn('session_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('granted_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_console_step_ups').ifExists().execute();
    },
  },
};
