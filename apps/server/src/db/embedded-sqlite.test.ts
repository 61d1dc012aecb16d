import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedDriver, openEmbeddedSqlite } from './embedded-sqlite';

interface Db {
  notes: { id: Generated<number>; text: string };
}

describe('the embedded database driver', () => {
  let db: Kysely<Db> | undefined;
  afterEach(async () => db?.destroy());

  it('is node:sqlite exactly where this Node has it with StatementSync.columns()', () => {
    const builtIn = process.getBuiltinModule?.('node:sqlite') as { StatementSync?: { prototype: object } } | undefined;
    const expected =
      builtIn?.StatementSync && 'columns' in builtIn.StatementSync.prototype ? 'node:sqlite' : 'better-sqlite3';
    expect(embeddedDriver()).toBe(expected);
  });

  it('reads, writes, returns inserted rows and counts changes through Kysely', async () => {
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: openEmbeddedSqlite(':memory:') }) });
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      .addColumn('text', 'text', (col) => col.notNull())
      .execute();
    const inserted = await db.insertInto('notes').values({ text: 'first' }).executeTakeFirstOrThrow();
    expect(Number(inserted.insertId)).toBe(1);
    const returned = await db.insertInto('notes').values({ text: 'ünïcode 🙂' }).returning(['id', 'text']).execute();
    expect(returned).toEqual([{ id: 2, text: 'ünïcode 🙂' }]);
    const updated = await db.updateTable('notes').set({ text: 'changed' }).where('id', '=', 1).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes where text <> ${'x'}`.execute(db);
    expect(rows).toEqual([{ n: 2 }]);
    expect(await db.selectFrom('notes').select('text').orderBy('id').execute()).toEqual([
      { text: 'changed' },
      { text: 'ünïcode 🙂' },
    ]);
  });

  it('turns foreign keys on', async () => {
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: openEmbeddedSqlite(':memory:') }) });
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(rows[0]?.foreign_keys).toBe(1);
  });
});
