import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedSqlite } from './embedded-sqlite';
import { isUniqueViolation } from './unique-violation';

interface Db {
  keys: { id: number; name: string };
}

/** The refusal of a second row with the same key, as this machine's driver throws it. */
const duplicateError = async (db: Kysely<Db>) => {
  await db.schema
    .createTable('keys')
    .ifNotExists()
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'varchar(20)', (col) => col.unique())
    .execute();
  await db.insertInto('keys').values({ id: 1, name: 'a' }).execute();
  const errors: unknown[] = [];
  for (const row of [
    { id: 1, name: 'b' },
    { id: 2, name: 'a' },
  ]) {
    await db
      .insertInto('keys')
      .values(row)
      .execute()
      .catch((error: unknown) => errors.push(error));
  }
  return errors;
};

describe('a refused unique key', () => {
  let db: Kysely<Db> | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  // MariaDB's ER_DUP_ENTRY is met by the donation and stream suites on MariaDB.
  it('is recognized from the embedded driver of this Node, primary key and unique index alike', async () => {
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: openEmbeddedSqlite(':memory:') }) });
    const errors = await duplicateError(db);
    expect(errors).toHaveLength(2);
    expect(errors.map(isUniqueViolation)).toEqual([true, true]);
  });

  it('is not any other error', () => {
    expect(isUniqueViolation(new Error('UNIQUE constraint failed, said a string'))).toBe(false);
    expect(isUniqueViolation({ code: 'ERR_SQLITE_ERROR', errcode: 19 })).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
