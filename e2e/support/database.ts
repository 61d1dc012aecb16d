import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../playwright.config';

/**
 * Reads an instance's embedded database (the default one's unless named), which holds the game's
 * tables (as the login server reads them) and the site's own.
 */
export const queryDatabase = <T>(sql: string, ...params: unknown[]): T | undefined =>
  queryDatabaseOf<T>('default', sql, ...params);

type Instance = Parameters<typeof DATABASE_FILE>[0];

/** Runs a read on an instance's database file, opened read-only for this read alone. */
const reading = <T>(instance: Instance, read: (db: Database.Database) => T): T => {
  const db = new Database(DATABASE_FILE(instance), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
};

export const queryDatabaseOf = <T>(instance: Instance, sql: string, ...params: unknown[]): T | undefined =>
  reading(instance, (db) => db.prepare(sql).get(...params) as T | undefined);

/** Every row of a read of the default instance's embedded database. */
export const queryRows = <T>(sql: string, ...params: unknown[]): T[] =>
  reading('default', (db) => db.prepare(sql).all(...params) as T[]);

/** A login no other run has used: the prefix and six hex digits, within the 14 characters allowed. */
export const uniqueName = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`.slice(0, 14);
