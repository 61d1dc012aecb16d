import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The embedded database's driver, picked by what this Node can load (decision 008):
 * - `node:sqlite` where it is built in and has `StatementSync.columns()` (Node 22.16+, 23.11+, 24):
 *   no native addon to build, and the only driver that works on Node 24.19+, where better-sqlite3
 *   12 aborts the process (legacy `node::ObjectWrap`);
 * - better-sqlite3 elsewhere (Node 20.19+, 22.12-22.15), loaded only then, so a Node that does not
 *   need it never loads a binary built for another Node.
 * Both go behind Kysely's own SqliteDialect, which takes better-sqlite3's interface.
 */
export type EmbeddedDriver = 'node:sqlite' | 'better-sqlite3';

interface NodeStatement {
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  columns(): unknown[];
}
interface NodeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}
interface NodeSqliteModule {
  DatabaseSync: (new (path: string) => NodeDatabase) & { prototype: object };
  StatementSync: { prototype: object };
}

const nodeSqlite = (): NodeSqliteModule | undefined => {
  // Node 22.13-22.x says "SQLite is an experimental feature" once; it is the supported driver here.
  const module = process.getBuiltinModule?.('node:sqlite') as NodeSqliteModule | undefined;
  return module && 'columns' in module.StatementSync.prototype ? module : undefined;
};

export const embeddedDriver = (): EmbeddedDriver => (nodeSqlite() ? 'node:sqlite' : 'better-sqlite3');

/** node:sqlite spreads parameters and tells a reader by its result columns. */
const adaptNodeDatabase = (database: NodeDatabase): SqliteDatabase => ({
  close: () => database.close(),
  prepare(sql): SqliteStatement {
    const statement = database.prepare(sql);
    return {
      reader: statement.columns().length > 0,
      all: (parameters) => statement.all(...parameters),
      run: (parameters) => statement.run(...parameters),
      iterate: (parameters) => statement.iterate(...parameters),
    };
  },
});

const PRAGMAS = ['journal_mode = WAL', 'busy_timeout = 5000', 'foreign_keys = ON'];

/** Opens the embedded database file (or ':memory:') with the site's pragmas. */
export const openEmbeddedSqlite = (file: string): SqliteDatabase => {
  const builtIn = nodeSqlite();
  if (builtIn) {
    const database = new builtIn.DatabaseSync(file);
    for (const pragma of PRAGMAS) database.exec(`PRAGMA ${pragma}`);
    return adaptNodeDatabase(database);
  }
  const require = createRequire(import.meta.url);
  const BetterSqlite = require('better-sqlite3') as typeof BetterSqlite3;
  const database = new BetterSqlite(file);
  for (const pragma of PRAGMAS) database.pragma(pragma);
  return database;
};
