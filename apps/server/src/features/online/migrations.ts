import { type Migration, MysqlAdapter, sql } from 'kysely';
import type { AnyKysely } from '../../db/connections';

const innoDb = (db: AnyKysely) =>
  db.getExecutor().adapter instanceof MysqlAdapter
    ? sql`engine=InnoDB character set utf8mb4 collate utf8mb4_bin`
    : sql``;

/**
 * Online over time (docs/product.md#online): a row per minute, kept 30 days, and per hour, kept a
 * year. The minute (or hour) is the primary key, so two instances sampling the same minute leave
 * one row (decision 032).
 */
export const onlineMigrations: Record<string, Migration> = {
  '130_online_history': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_online_minutes')
        .ifNotExists()
        .addColumn('minute', 'bigint', (col) => col.primaryKey())
        .addColumn('players', 'integer')
        .addColumn('traders', 'integer')
        .addColumn('gms', 'integer')
        .addColumn('login_up', 'smallint', (col) => col.notNull())
        .addColumn('game_up', 'smallint', (col) => col.notNull())
        .modifyEnd(innoDb(db))
        .execute();
      await db.schema
        .createTable('site_online_hours')
        .ifNotExists()
        .addColumn('hour', 'bigint', (col) => col.primaryKey())
        // Minutes sampled, and of them those with counts (the game database answered).
        .addColumn('samples', 'integer', (col) => col.notNull())
        .addColumn('counted', 'integer', (col) => col.notNull())
        .addColumn('players_avg', 'double precision', (col) => col.notNull())
        .addColumn('traders_avg', 'double precision', (col) => col.notNull())
        .addColumn('gms_avg', 'double precision', (col) => col.notNull())
        .addColumn('peak', 'integer', (col) => col.notNull())
        .addColumn('peak_minute', 'bigint', (col) => col.notNull())
        .addColumn('login_up', 'integer', (col) => col.notNull())
        .addColumn('game_up', 'integer', (col) => col.notNull())
        .modifyEnd(innoDb(db))
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_online_minutes').ifExists().execute();
      await db.schema.dropTable('site_online_hours').ifExists().execute();
    },
  },
};
