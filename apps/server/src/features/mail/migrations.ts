import { type Migration, sql } from 'kysely';
import { fullUnicodeTable, isMysql } from '../../db/migration-dialect';
import type { AnyKysely } from '../../db/connections';

/** The mail feature's tables: jobs, their outbox and the unsubscribed addresses. */
export const mailMigrations: Record<string, Migration> = {
  '030_mail_outbox': {
    async up(db: AnyKysely) {
      // Game databases are often utf8mb3; a subject or content may hold an emoji.
      const fullUnicode = fullUnicodeTable(db);
      await db.schema
        .createTable('site_mail_jobs')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('created_by', 'varchar(45)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('version', 'varchar(16)', (col) => col.notNull())
        .addColumn('registered_only', 'smallint', (col) => col.notNull())
        .addColumn('test', 'smallint', (col) => col.notNull())
        .addColumn('subject', 'varchar(255)', (col) => col.notNull())
        .addColumn('html', 'text', (col) => col.notNull())
        .addColumn('queued', 'integer', (col) => col.notNull())
        .addColumn('skipped', 'integer', (col) => col.notNull())
        .modifyEnd(fullUnicode)
        .execute();
      await db.schema
        .createTable('site_mail_outbox')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('job_id', 'integer', (col) => col.notNull())
        .addColumn('email', 'varchar(255)', (col) => col.notNull())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('language', 'varchar(2)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
        .addColumn('claimed_by', 'varchar(64)')
        .addColumn('lease_until', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'varchar(255)')
        .execute();
      // One mail per address and job, whatever happens to the job's requests.
      await db.schema
        .createIndex('site_mail_outbox_job_email')
        .ifNotExists()
        .unique()
        .on('site_mail_outbox')
        .columns(['job_id', 'email'])
        .execute();
      await db.schema
        .createIndex('site_mail_outbox_due')
        .ifNotExists()
        .on('site_mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('site_mail_unsubscribes')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('email', 'varchar(255)', (col) => col.notNull())
        .addColumn('version', 'varchar(16)', (col) => col.notNull())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_mail_unsubscribes_email_version')
        .ifNotExists()
        .unique()
        .on('site_mail_unsubscribes')
        .columns(['email', 'version'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_mail_unsubscribes').ifExists().execute();
      await db.schema.dropTable('site_mail_outbox').ifExists().execute();
      await db.schema.dropTable('site_mail_jobs').ifExists().execute();
    },
  },
  /**
   * The outbox also carries single mails with their own subject and text (a password recovery):
   * job_id becomes optional, `kind` says how a row's mail is made, `ref_id` names what it belongs
   * to. `first_attempt_at` starts a mail's retry window. The table becomes utf8mb4 on MySQL.
   */
  '031_mail_outbox_single_mails': {
    async up(db: AnyKysely) {
      if (isMysql(db)) {
        await sql`alter table site_mail_outbox convert to character set utf8mb4`.execute(db);
        await sql`alter table site_mail_outbox
          modify job_id integer null,
          add column kind varchar(16) not null default 'mass',
          add column subject varchar(255) null,
          add column body text null,
          add column ref_id integer null,
          add column first_attempt_at bigint null`.execute(db);
        return;
      }
      // SQLite cannot drop a NOT NULL: the table is rebuilt with the same rows and ids.
      await sql`create table site_mail_outbox_new (
          id integer primary key autoincrement,
          job_id integer,
          email varchar(255) not null,
          login varchar(45) not null,
          language varchar(2) not null,
          status varchar(16) not null,
          attempts integer not null default 0,
          next_attempt_at bigint not null,
          claimed_by varchar(64),
          lease_until bigint,
          sent_at bigint,
          last_error varchar(255),
          kind varchar(16) not null default 'mass',
          subject varchar(255),
          body text,
          ref_id integer,
          first_attempt_at bigint
        )`.execute(db);
      const columns = sql.raw(
        'id, job_id, email, login, language, status, attempts, next_attempt_at, claimed_by, lease_until, sent_at, last_error',
      );
      await sql`insert into site_mail_outbox_new (${columns}) select ${columns} from site_mail_outbox`.execute(db);
      await sql`drop table site_mail_outbox`.execute(db);
      await sql`alter table site_mail_outbox_new rename to site_mail_outbox`.execute(db);
      await db.schema
        .createIndex('site_mail_outbox_job_email')
        .unique()
        .on('site_mail_outbox')
        .columns(['job_id', 'email'])
        .execute();
      await db.schema
        .createIndex('site_mail_outbox_due')
        .on('site_mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
};
