import { type Migration, MysqlAdapter, sql } from 'kysely';
import type { AnyKysely } from '../../db/connections';

/** The vote ledger: one row per rewarded vote, unique per site, voter and vote (its window). */
export const voteMigrations: Record<string, Migration> = {
  '100_votes_claims': {
    async up(db: AnyKysely) {
      const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
      await db.schema
        .createTable('site_vote_claims')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('site', 'varchar(64)', (col) => col.notNull())
        .addColumn('voter', 'varchar(64)', (col) => col.notNull())
        .addColumn('vote_window', 'varchar(32)', (col) => col.notNull())
        .addColumn('char_id', 'integer', (col) => col.notNull())
        .addColumn('request_id', 'varchar(128)', (col) => col.notNull())
        .addColumn('voted_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('site_vote_claims_once', ['site', 'voter', 'vote_window'])
        .modifyEnd(mysql ? sql`engine=InnoDB character set utf8mb4 collate utf8mb4_bin` : sql``)
        .execute();
      await db.schema
        .createIndex('site_vote_claims_created_at')
        .ifNotExists()
        .on('site_vote_claims')
        .column('created_at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_vote_claims').ifExists().execute();
    },
  },
};
