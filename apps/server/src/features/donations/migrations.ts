import { fullUnicodeTable } from '../../db/migration-dialect';
import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The donations feature's own tables: every payment notification, and the donations they recorded. */
export const donationMigrations: Record<string, Migration> = {
  '040_donations_notifications': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_donation_notifications')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .addColumn('txn_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('payment_status', 'varchar(32)', (col) => col.notNull().defaultTo(''))
        .addColumn('verification', 'varchar(16)', (col) => col.notNull().defaultTo(''))
        .addColumn('outcome', 'varchar(32)', (col) => col.notNull().defaultTo('received'))
        .addColumn('detail', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('body', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_donation_notifications_txn')
        .ifNotExists()
        .on('site_donation_notifications')
        .column('txn_id')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_donation_notifications').ifExists().execute();
    },
  },
  '041_donations_donations': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_donations')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('txn_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('kind', 'varchar(24)', (col) => col.notNull())
        .addColumn('parent_txn_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('char_name', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('char_id', 'integer')
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('coins', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('payer_email', 'varchar(127)', (col) => col.notNull().defaultTo(''))
        .addColumn('status', 'varchar(24)', (col) => col.notNull())
        .addColumn('reward_status', 'varchar(16)', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      // The one guard against crediting a payment twice: a repeated txn_id cannot be inserted.
      await db.schema
        .createIndex('site_donations_txn')
        .ifNotExists()
        .unique()
        .on('site_donations')
        .columns(['provider', 'txn_id'])
        .execute();
      await db.schema
        .createIndex('site_donations_parent')
        .ifNotExists()
        .on('site_donations')
        .column('parent_txn_id')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_donations').ifExists().execute();
    },
  },
  '042_donations_notification_fields': {
    async up(db: AnyKysely) {
      // SQLite adds one column per statement.
      const columns = [
        ['mc_gross', 'varchar(32)'],
        ['mc_currency', 'varchar(8)'],
        ['custom', 'varchar(127)'],
        ['payer_email', 'varchar(127)'],
        ['receiver_email', 'varchar(127)'],
      ] as const;
      for (const [name, type] of columns) {
        await db.schema
          .alterTable('site_donation_notifications')
          .addColumn(name, type, (col) => col.notNull().defaultTo(''))
          .execute();
      }
      await db.schema
        .alterTable('site_donation_notifications')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('site_donation_notifications')
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      // Whole bodies were kept forever: keep only those still to be verified or retried.
      await db
        .updateTable('site_donation_notifications')
        .set({ body: '' })
        .where('outcome', 'not in', ['received', 'verify_failed', 'failed'])
        .execute();
      await db.schema
        .createIndex('site_donation_notifications_due')
        .ifNotExists()
        .on('site_donation_notifications')
        .column('next_attempt_at')
        .execute();
    },
  },
  '043_paypal_orders': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_paypal_orders')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('donation_id', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('order_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('char_name', 'varchar(64)', (col) => col.notNull())
        .addColumn('char_id', 'integer', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('coins', 'bigint', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('capture_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('detail', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('site_paypal_orders_order')
        .ifNotExists()
        .on('site_paypal_orders')
        .column('order_id')
        .execute();
      await db.schema
        .createIndex('site_paypal_orders_due')
        .ifNotExists()
        .on('site_paypal_orders')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('site_paypal_webhook_events')
        .ifNotExists()
        .addColumn('event_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('event_type', 'varchar(64)', (col) => col.notNull())
        .addColumn('resource_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('outcome', 'varchar(32)', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_paypal_webhook_events').ifExists().execute();
      await db.schema.dropTable('site_paypal_orders').ifExists().execute();
    },
  },
  '044_donation_actions': {
    async up(db: AnyKysely) {
      // What the owner did with npm run donations, for the next owner to read.
      await db.schema
        .createTable('site_donation_actions')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('actor', 'varchar(64)', (col) => col.notNull())
        .addColumn('action', 'varchar(32)', (col) => col.notNull())
        .addColumn('target', 'varchar(64)', (col) => col.notNull())
        .addColumn('result', 'varchar(255)', (col) => col.notNull())
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_donation_actions').ifExists().execute();
    },
  },
  '045_donation_resolutions': {
    async up(db: AnyKysely) {
      // A flagged donation the owner handled in the console (docs/owner/console.md#donations): who, when, and how.
      await db.schema
        .createTable('site_donation_resolutions')
        .ifNotExists()
        .addColumn('txn_id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('login', 'varchar(45)', (col) => col.notNull())
        .addColumn('note', 'varchar(500)', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_donation_resolutions').ifExists().execute();
    },
  },
  '140_donations_provider_payments': {
    async up(db: AnyKysely) {
      // The donations of the provider layer (Stripe, Mercado Pago): one row per payment started.
      await db.schema
        .createTable('site_provider_payments')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('donation_id', 'varchar(40)', (col) => col.notNull().unique())
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('provider_ref', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('payment_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('char_name', 'varchar(64)', (col) => col.notNull())
        .addColumn('char_id', 'integer', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('coins', 'bigint', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('detail', 'varchar(255)', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema
        .createIndex('site_provider_payments_payment')
        .ifNotExists()
        .on('site_provider_payments')
        .columns(['provider', 'payment_id'])
        .execute();
      // Each provider event once, by the provider's own id.
      await db.schema
        .createTable('site_provider_events')
        .ifNotExists()
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('event_id', 'varchar(128)', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('outcome', 'varchar(32)', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_provider_events_pk', ['provider', 'event_id'])
        .modifyEnd(fullUnicodeTable(db, { binary: true, innodb: true }))
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_provider_events').ifExists().execute();
      await db.schema.dropTable('site_provider_payments').ifExists().execute();
    },
  },
  '152_donations_to_wallet': {
    async up(db: AnyKysely) {
      // A donation to the donor's wallet (donations.target wallet): the account, instead of a character.
      await db.schema
        .alterTable('site_provider_payments')
        .addColumn('login', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('site_donations')
        .addColumn('login', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .execute();
      // A refund of a wallet donation: the coins it could not take back because they were spent.
      await db.schema
        .alterTable('site_donations')
        .addColumn('shortfall', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  },
  '153_donations_paypal_orders_to_wallet': {
    async up(db: AnyKysely) {
      // A PayPal order started for the donor's wallet (donations.target wallet): its account, as the provider layer's payments.
      await db.schema
        .alterTable('site_paypal_orders')
        .addColumn('login', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .execute();
    },
  },
  '160_donations_supporter_codes': {
    async up(db: AnyKysely) {
      // Partners' supporter codes (docs/owner/payments.md#supporter-codes): the owner's, in the console.
      await db.schema
        .createTable('site_supporter_codes')
        .ifNotExists()
        .addColumn('code', 'varchar(24)', (col) => col.primaryKey())
        .addColumn('partner_login', 'varchar(45)', (col) => col.notNull())
        .addColumn('share_bp', 'integer', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('ends_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      // A donation started with a code: its terms kept with the payment, the partner's share once paid.
      await db.schema
        .createTable('site_supporter_payments')
        .ifNotExists()
        .addColumn('donation_id', 'varchar(40)', (col) => col.primaryKey())
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('code', 'varchar(24)', (col) => col.notNull())
        .addColumn('partner_login', 'varchar(45)', (col) => col.notNull())
        .addColumn('share_bp', 'integer', (col) => col.notNull())
        .addColumn('donor_login', 'varchar(45)', (col) => col.notNull().defaultTo(''))
        .addColumn('payment_id', 'varchar(64)', (col) => col.notNull().defaultTo(''))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('share_coins', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema
        .createIndex('site_supporter_payments_payment')
        .ifNotExists()
        .on('site_supporter_payments')
        .columns(['provider', 'payment_id'])
        .execute();
      await db.schema
        .createIndex('site_supporter_payments_code')
        .ifNotExists()
        .on('site_supporter_payments')
        .column('code')
        .execute();
      // A refund's or dispute's share taken back from the partner, once by the provider's id of it.
      await db.schema
        .createTable('site_supporter_returns')
        .ifNotExists()
        .addColumn('provider', 'varchar(16)', (col) => col.notNull())
        .addColumn('return_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('payment_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('code', 'varchar(24)', (col) => col.notNull())
        .addColumn('coins', 'bigint', (col) => col.notNull())
        .addColumn('taken', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('shortfall', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_supporter_returns_pk', ['provider', 'return_id'])
        .modifyEnd(fullUnicodeTable(db, { binary: true, innodb: true }))
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_supporter_returns').ifExists().execute();
      await db.schema.dropTable('site_supporter_payments').ifExists().execute();
      await db.schema.dropTable('site_supporter_codes').ifExists().execute();
    },
  },
};
