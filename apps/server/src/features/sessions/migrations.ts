import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';
import { fullUnicodeTable } from '../../db/migration-dialect';

/** The sessions feature's own tables: signed-in sessions, the sign-in history and the second factor. */
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
  '003_sessions_second_factor': {
    async up(db: AnyKysely) {
      // 1: a session that proved the password and waits for the second factor's code.
      await db.schema
        .alterTable('site_sessions')
        .addColumn('pending', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('site_second_factors')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.primaryKey())
        // The authenticator's secret once switched on (base32, or encrypted with TOTP_SECRET_KEY);
        // null while being set up.
        .addColumn('secret', 'varchar(255)')
        // The secret of a set-up not yet confirmed by a code, stored alike.
        .addColumn('pending_secret', 'varchar(255)')
        // The last time step whose code was accepted: that code and earlier ones are refused.
        .addColumn('last_step', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('enabled_at', 'bigint')
        .execute();
      await db.schema
        .createTable('site_recovery_codes')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        // SHA-256 (hex) of the code: the code itself is shown once and never stored.
        .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_recovery_codes_pk', ['login', 'code_hash'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_recovery_codes').ifExists().execute();
      await db.schema.dropTable('site_second_factors').ifExists().execute();
      await db.schema.alterTable('site_sessions').dropColumn('pending').execute();
    },
  },
  '004_sessions_passkeys': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_passkeys')
        .ifNotExists()
        // SHA-256 (hex) of the credential id: ids run up to 1023 bytes, too long for a key.
        .addColumn('credential_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('credential_id', 'varchar(1400)', (col) => col.notNull())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        // The credential's COSE public key, base64url: a public key, nothing secret.
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('transports', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('name', 'varchar(40)', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_used_at', 'bigint')
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema.createIndex('site_passkeys_login').ifNotExists().on('site_passkeys').column('login').execute();
      await db.schema
        .createTable('site_passkey_challenges')
        .ifNotExists()
        // SHA-256 (hex) of the challenge handed to the browser.
        .addColumn('challenge_hash', 'varchar(64)', (col) => col.primaryKey())
        // register: adding a passkey; signin: signing in (or passing the second factor).
        .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
        // SHA-256 of the cookie it belongs to: the session, the sign-in waiting for its code, or
        // the passkey sign-in's own cookie. Another browser cannot answer it.
        .addColumn('binding', 'varchar(64)', (col) => col.notNull())
        // The account it is for; empty for a sign-in that does not know it yet.
        .addColumn('login', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_passkey_challenges_expires_at')
        .ifNotExists()
        .on('site_passkey_challenges')
        .column('expires_at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_passkey_challenges').ifExists().execute();
      await db.schema.dropTable('site_passkeys').ifExists().execute();
    },
  },
  '005_sessions_proved_at': {
    async up(db: AnyKysely) {
      // When the session last proved the password (its sign-in, or the password typed again): what
      // protects the account changes only a few minutes after it (account-sessions.ts, FRESH_PROOF_MS).
      await db.schema
        .alterTable('site_sessions')
        .addColumn('proved_at', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.alterTable('site_sessions').dropColumn('proved_at').execute();
    },
  },
};
