import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../playwright.config';

/**
 * Reads an instance's embedded database (the default one's unless named), which holds the game's
 * tables (as the login server reads them) and the site's own.
 */
export const queryDatabase = <T>(sql: string, ...params: unknown[]): T | undefined =>
  queryDatabaseOf<T>('default', sql, ...params);

export const queryDatabaseOf = <T>(
  instance: Parameters<typeof DATABASE_FILE>[0],
  sql: string,
  ...params: unknown[]
): T | undefined => {
  const db = new Database(DATABASE_FILE(instance), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
};

/** Every row of a read of the default instance's embedded database. */
export const queryRows = <T>(sql: string, ...params: unknown[]): T[] => {
  const db = new Database(DATABASE_FILE('default'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};

/** A login no other run has used: the prefix and six hex digits, within the 14 characters allowed. */
export const uniqueName = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`.slice(0, 14);
