import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSiteTables } from '../src/site-migrations';
import { MARIADB_URL, type TestDatabases, createTestDatabases } from './databases';

/** Site tables on a game database laid out as L2J Server's, utf8mb3 (see databases.ts). */
describe.runIf(MARIADB_URL)('site tables on a utf8mb3 MariaDB', () => {
  let databases: TestDatabases;
  const db = () => databases.connections.site.db;

  const collations = async () => {
    const { rows } = await sql<{ name: string; collation: string }>`
      select TABLE_NAME as name, TABLE_COLLATION as collation from information_schema.TABLES
      where TABLE_SCHEMA = database() and TABLE_NAME like ${'site\\_%'} order by TABLE_NAME`.execute(db());
    return Object.fromEntries(rows.map((row) => [row.name, row.collation]));
  };

  beforeAll(async () => {
    databases = await createTestDatabases('mariadb', { seed: false });
  });
  afterAll(async () => {
    await databases?.drop();
  });

  it('are all utf8mb4 on a new database, the migrator’s own tables aside', async () => {
    const tables = await collations();
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(['site_donations', 'site_live_streams']));
    for (const [name, collation] of Object.entries(tables)) {
      if (name.startsWith('site_migrations')) continue;
      expect({ name, collation }).toEqual({ name, collation: expect.stringMatching(/^utf8mb4_/) });
    }
    // The same comparison rules as the database's utf8mb3_general_ci.
    expect(tables.site_donations).toBe('utf8mb4_general_ci');
  });

  it('converts tables of a site migrated before, keeping their rows, and then stores emoji', async () => {
    await sql`alter table site_live_streams convert to character set utf8mb3 collate utf8mb3_general_ci`.execute(db());
    await db()
      .insertInto('site_live_streams')
      .values({
        type: 'TWITCH',
        channel: 'c',
        title: 'Siege of Aden',
        viewers: 1,
        source: 'settings',
        owner_key: 'k',
        updated_at: 1,
      })
      .execute();
    const emoji = () =>
      db().updateTable('site_live_streams').set({ title: 'Siege 🏰' }).where('owner_key', '=', 'k').execute();
    await expect(emoji()).rejects.toThrow(/Incorrect string value/);
    await sql`delete from site_migrations where name = ${'090_site_tables_utf8mb4'}`.execute(db());

    expect(await migrateSiteTables(db())).toEqual(['090_site_tables_utf8mb4']);
    expect((await collations()).site_live_streams).toBe('utf8mb4_general_ci');
    await emoji();
    expect(await db().selectFrom('site_live_streams').select('title').where('owner_key', '=', 'k').execute()).toEqual([
      { title: 'Siege 🏰' },
    ]);
  });
});
