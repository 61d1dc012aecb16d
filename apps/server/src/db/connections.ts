import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { type ConnectionOptions, createPool } from 'mysql2';
import { type DatabaseLimits, boundedPool } from './bounded-pool';
import { openEmbeddedSqlite } from './embedded-sqlite';
import { RowLockMysqlDialect } from './row-lock-dialect';
import type { GameDatabase, LoginDatabase, SiteDatabase } from './tables';

export type Dialect = 'sqlite' | 'mysql';

export interface Connection<DB> {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The URL without its password, for logs and messages. */
  label: string;
}

export interface Connections {
  login: Connection<LoginDatabase>;
  game: Connection<GameDatabase>;
  site: Connection<SiteDatabase>;
  /**
   * From now on each MariaDB/MySQL query and connection acquisition is bounded (start-up's
   * migrations run before, unbounded). SQLite waits for a lock up to its busy_timeout.
   */
  bound(limits: DatabaseLimits): void;
  /** Closes every distinct pool once. */
  close(): Promise<void>;
}

export type { DatabaseLimits };

export const dialectOf = (url: string): Dialect => (url.startsWith('sqlite:') ? 'sqlite' : 'mysql');

export const redactUrl = (url: string): string => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

export const sqlitePathOf = (url: string): string => url.slice('sqlite:'.length);

const openKysely = (url: string, limits: () => DatabaseLimits | undefined): Kysely<unknown> => {
  if (dialectOf(url) === 'sqlite') {
    const file = sqlitePathOf(url);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    return new Kysely({ dialect: new SqliteDialect({ database: openEmbeddedSqlite(file) }) });
  }
  const options: ConnectionOptions = {
    uri: url.replace(/^mariadb:/, 'mysql:'),
    connectTimeout: 5_000,
    // Game tables hold BIGINT millisecond stamps; they fit a JavaScript number.
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    timezone: 'Z',
  };
  const pool = createPool({ ...options, connectionLimit: 10 });
  return new Kysely({ dialect: new RowLockMysqlDialect({ pool: boundedPool(pool, options, limits) }) });
};

/**
 * One pool per distinct URL: on the embedded database and on L2J Mobius the three roles share
 * one connection; on L2J Server login and game are separate databases.
 */
export const openConnections = (urls: { login: string; game: string; site: string }): Connections => {
  const pools = new Map<string, Kysely<unknown>>();
  let limits: DatabaseLimits | undefined;
  const connect = <DB>(url: string): Connection<DB> => {
    let db = pools.get(url);
    if (!db) {
      db = openKysely(url, () => limits);
      pools.set(url, db);
    }
    return { db: db as Kysely<DB>, dialect: dialectOf(url), label: redactUrl(url) };
  };
  return {
    login: connect<LoginDatabase>(urls.login),
    game: connect<GameDatabase>(urls.game),
    site: connect<SiteDatabase>(urls.site),
    bound(value) {
      limits = { ...value };
    },
    async close() {
      await Promise.all([...pools.values()].map((db) => db.destroy()));
      pools.clear();
    },
  };
};

/**
 * A game database of its own, bounded from the start (a realm after the first, decision 049: no
 * migration runs there). Its pool is its own, so a realm that stops answering holds no connection
 * another realm waits for.
 */
export const openGameDatabase = (
  url: string,
  limits: DatabaseLimits,
): { connection: Connection<GameDatabase>; close: () => Promise<void> } => {
  const db = openKysely(url, () => limits) as Kysely<GameDatabase>;
  return { connection: { db, dialect: dialectOf(url), label: redactUrl(url) }, close: () => db.destroy() };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database of the three
export type AnyKysely = Kysely<any>;

export const isReachable = async (connection: { db: AnyKysely }): Promise<boolean> => {
  try {
    await sql`select 1`.execute(connection.db);
    return true;
  } catch {
    return false;
  }
};
