import { type Kysely, MysqlAdapter, sql } from 'kysely';

/**
 * What a site migration asks of the database it runs on: whether it is MariaDB/MySQL (SQLite
 * otherwise), and the table options MariaDB needs for full Unicode. SQLite needs none.
 */

export const isMysql = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof MysqlAdapter;

/**
 * The end of a `create table` on MariaDB: `character set utf8mb4`; with `binary`, compared byte
 * for byte (`collate utf8mb4_bin`); with `innodb`, on the transactional engine. Nothing on SQLite.
 */
export const fullUnicodeTable = (db: Kysely<unknown>, options: { binary?: boolean; innodb?: boolean } = {}) => {
  if (!isMysql(db)) return sql``;
  const engine = options.innodb ? 'engine=InnoDB ' : '';
  const collate = options.binary ? ' collate utf8mb4_bin' : '';
  return sql.raw(`${engine}character set utf8mb4${collate}`);
};
