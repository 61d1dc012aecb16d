import type { Migration } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The reward queue: one row per grant, unique on its request id, so a grant is paid once. */
export const rewardMigrations: Record<string, Migration> = {
  '015_rewards_queue': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_reward_queue')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('request_id', 'varchar(128)', (col) => col.notNull().unique())
        .addColumn('char_id', 'integer', (col) => col.notNull())
        .addColumn('item_id', 'integer', (col) => col.notNull())
        .addColumn('item_count', 'bigint', (col) => col.notNull())
        .addColumn('reason', 'varchar(16)', (col) => col.notNull())
        .addColumn('delivery', 'varchar(16)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_error', 'varchar(255)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('site_reward_queue_status')
        .ifNotExists()
        .on('site_reward_queue')
        .columns(['status', 'delivery'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_reward_queue').ifExists().execute();
    },
  },
  '016_rewards_realm': {
    async up(db: AnyKysely) {
      // The realm whose game database a grant goes to (decision 049): null is the first realm, so the
      // grants of before, and the first realm's after its slug changed, are delivered where they were.
      await db.schema.alterTable('site_reward_queue').addColumn('realm', 'varchar(24)').execute();
    },
    async down(db: AnyKysely) {
      await db.schema.alterTable('site_reward_queue').dropColumn('realm').execute();
    },
  },
};
