import type { Migration } from 'kysely';
import { fullUnicodeTable } from '../../db/migration-dialect';
import type { AnyKysely } from '../../db/connections';

/** The accounts feature's own tables. */
export const accountMigrations: Record<string, Migration> = {
  '001_account_ips': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_account_ips')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('ip_v4', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('ip_v6', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_account_ips_login')
        .ifNotExists()
        .on('site_account_ips')
        .column('login')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_account_ips').ifExists().execute();
    },
  },
  '002_accounts_password_resets': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_password_resets')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('key_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('site_password_resets_login')
        .ifNotExists()
        .on('site_password_resets')
        .column('login')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_password_resets').ifExists().execute();
    },
  },
  /** The emails of accounts whose game keeps none (aCis): features/accounts/account-emails.ts. */
  '004_accounts_emails': {
    async up(db: AnyKysely) {
      const utf8mb4 = fullUnicodeTable(db);
      await db.schema
        .createTable('site_account_emails')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(255)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .modifyEnd(utf8mb4)
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_account_emails').ifExists().execute();
    },
  },
  /** Claims that outlive a Redis restart (infra/durable-claims.ts): used captchas, lockouts. */
  '003_accounts_claims': {
    async up(db: AnyKysely) {
      // Keys hold typed logins: full Unicode, and compared byte for byte, not accent-insensitively.
      const exactUnicode = fullUnicodeTable(db, { binary: true });
      await db.schema
        .createTable('site_claims')
        .ifNotExists()
        .addColumn('claim_key', 'varchar(128)', (col) => col.primaryKey())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .modifyEnd(exactUnicode)
        .execute();
      await db.schema
        .createIndex('site_claims_expires_at')
        .ifNotExists()
        .on('site_claims')
        .column('expires_at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_claims').ifExists().execute();
    },
  },
  /** Email changes waiting for their mailed link: features/accounts/email-change.ts. */
  '005_accounts_email_changes': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_email_changes')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        // SHA-256 (hex) of the link's key: the key itself is only in the mail.
        .addColumn('key_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('email', 'varchar(255)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .modifyEnd(fullUnicodeTable(db))
        .execute();
      await db.schema
        .createIndex('site_email_changes_login')
        .ifNotExists()
        .on('site_email_changes')
        .column('login')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_email_changes').ifExists().execute();
    },
  },
  '006_accounts_email_change_password': {
    async up(db: AnyKysely) {
      // The password's fingerprint when the change was asked: a link is void once the password changed.
      await db.schema
        .alterTable('site_email_changes')
        .addColumn('password_fingerprint', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.alterTable('site_email_changes').dropColumn('password_fingerprint').execute();
    },
  },
  /** The console's bans and what each replaced: features/accounts/tables.ts. */
  '007_accounts_bans': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_account_bans')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.primaryKey())
        .addColumn('previous_level', 'integer', (col) => col.notNull())
        .addColumn('reason', 'varchar(500)', (col) => col.notNull())
        .addColumn('banned_by', 'varchar(45)', (col) => col.notNull())
        .addColumn('banned_at', 'bigint', (col) => col.notNull())
        .addColumn('until', 'bigint')
        .addColumn('claimed_at', 'bigint')
        .modifyEnd(fullUnicodeTable(db))
        .execute();
      await db.schema
        .createIndex('site_account_bans_until')
        .ifNotExists()
        .on('site_account_bans')
        .column('until')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_account_bans').ifExists().execute();
    },
  },
};
