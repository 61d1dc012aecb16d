import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/**
 * The referral programme's tables: one code per account, the visitors its link brought (each
 * with the random key of its `ref` cookie), what those visitors did (once per kind), and the
 * accounts they registered, one row per referred login, which is what makes a referral count once.
 */
export const referralMigrations: Record<string, Migration> = {
  '050_referral_programme': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_referral_codes')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.primaryKey())
        .addColumn('code', 'varchar(32)', (col) => col.notNull().unique())
        .addColumn('reward_char_id', 'integer')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('site_referral_visitors')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('visitor_key', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('code', 'varchar(32)', (col) => col.notNull())
        .addColumn('ip', 'varchar(45)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_referral_visitors_code_ip')
        .ifNotExists()
        .on('site_referral_visitors')
        .columns(['code', 'ip'])
        .execute();
      await db.schema
        .createTable('site_referral_events')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('visitor_id', 'integer', (col) => col.notNull())
        .addColumn('type', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_referral_events_once')
        .ifNotExists()
        .unique()
        .on('site_referral_events')
        .columns(['visitor_id', 'type'])
        .execute();
      await db.schema
        .createTable('site_referral_accounts')
        .ifNotExists()
        .addColumn('login', 'varchar(45)', (col) => col.primaryKey())
        .addColumn('code', 'varchar(32)', (col) => col.notNull())
        .addColumn('visitor_id', 'integer', (col) => col.notNull())
        .addColumn('registered_at', 'bigint', (col) => col.notNull())
        .addColumn('playing_at', 'bigint')
        .addColumn('rewarded_at', 'bigint')
        .addColumn('reward_char_id', 'integer')
        .addColumn('reward_status', 'varchar(16)')
        .execute();
      await db.schema
        .createIndex('site_referral_accounts_code')
        .ifNotExists()
        .on('site_referral_accounts')
        .column('code')
        .execute();
    },
    async down(db: AnyKysely) {
      for (const table of [
        'site_referral_accounts',
        'site_referral_events',
        'site_referral_visitors',
        'site_referral_codes',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  /**
   * The realm of the reward character (decision 049): its slug, NULL for the first realm, which
   * every row written before holds. On the code, the realm of the chosen character; on a referred
   * account, the realm its referrer's reward went to.
   */
  '153_referral_realm': {
    async up(db: AnyKysely) {
      await db.schema.alterTable('site_referral_codes').addColumn('reward_realm', 'varchar(24)').execute();
      await db.schema.alterTable('site_referral_accounts').addColumn('reward_realm', 'varchar(24)').execute();
    },
    async down(db: AnyKysely) {
      await db.schema.alterTable('site_referral_accounts').dropColumn('reward_realm').execute();
      await db.schema.alterTable('site_referral_codes').dropColumn('reward_realm').execute();
    },
  },
};
