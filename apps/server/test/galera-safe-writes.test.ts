import { randomBytes } from 'node:crypto';
import { type Connection, type RowDataPacket, createConnection } from 'mysql2/promise';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connections, openConnections } from '../src/db/connections';
import { WRITE_ATTEMPTS, writeTransaction } from '../src/db/write-retry';
import { migrateSiteTables } from '../src/site-migrations';
import { MARIADB_URL } from './databases';
import { CREATE_DATABASE, databaseUrl, serverUrlOf } from './support/template-databases';

/**
 * What Galera needs of the site's own tables and writes (docs/owner/instances.md): InnoDB tables
 * with a primary key, write transactions that run again when they lose a conflict, and a
 * migration lock that is a replicated row rather than GET_LOCK.
 */
describe.skipIf(!MARIADB_URL)('Galera-safe writes on MariaDB (skipped without TEST_MARIADB_URL)', () => {
  const name = `gk_test_galera_${randomBytes(4).toString('hex')}`;
  let admin: Connection;
  let connections: Connections;
  let db: Kysely<Record<string, { id: number; value: number }>>;

  beforeAll(async () => {
    const server = serverUrlOf(MARIADB_URL as string);
    admin = await createConnection({ uri: server.toString() });
    await admin.query(CREATE_DATABASE(name));
    const url = databaseUrl(server, name);
    connections = openConnections({ login: url, game: url, site: url });
    db = connections.site.db as unknown as typeof db;
  });
  afterAll(async () => {
    await connections?.close();
    await admin?.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin?.end();
  });

  it('takes the migration lock as a row: a starting instance waits while another holds it', async () => {
    // Two instances starting together: both finish, the migrations ran once.
    const otherInstance = openConnections(urlsOf(name));
    const [first, second] = await Promise.all([
      migrateSiteTables(connections.site.db),
      migrateSiteTables(otherInstance.site.db),
    ]);
    expect([...first, ...second].length).toBeGreaterThan(0);
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
    await otherInstance.close();

    await admin.query(`UPDATE \`${name}\`.site_migrations_lock SET is_locked = 1`);
    let finished = false;
    const waiting = migrateSiteTables(connections.site.db).then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(finished).toBe(false);
    await admin.query(`UPDATE \`${name}\`.site_migrations_lock SET is_locked = 0`);
    await waiting;
    const [[lock]] = await admin.query<RowDataPacket[]>(`SELECT is_locked FROM \`${name}\`.site_migrations_lock`);
    expect(lock?.is_locked).toBe(0);
  });

  it('keeps every site_* table in InnoDB with a primary key', async () => {
    const [tables] = await admin.query<RowDataPacket[]>(
      `SELECT t.table_name AS name, t.engine AS engine,
              (SELECT COUNT(*) FROM information_schema.table_constraints c
                WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name
                  AND c.constraint_type = 'PRIMARY KEY') AS primaryKeys
         FROM information_schema.tables t WHERE t.table_schema = ? AND t.table_name LIKE 'site\\_%'`,
      [name],
    );
    expect(tables.length).toBeGreaterThan(10);
    const unfit = tables.filter((table) => table.engine !== 'InnoDB' || Number(table.primaryKeys) !== 1);
    expect(unfit).toEqual([]);
  });

  describe('a deadlock between two write transactions', () => {
    beforeAll(async () => {
      await sql`CREATE TABLE deadlock_rows (id INT PRIMARY KEY, value INT NOT NULL) ENGINE=InnoDB`.execute(db);
      await db
        .insertInto('deadlock_rows')
        .values([
          { id: 1, value: 0 },
          { id: 2, value: 0 },
        ])
        .execute();
    });

    /** Each transaction locks one row, waits until the other holds its row too, then takes the other's. */
    const crossing = (run: (body: (trx: typeof db) => Promise<void>) => Promise<void>) => {
      let arrived = 0;
      let open: () => void = () => undefined;
      const bothHold = new Promise<void>((resolve) => {
        open = resolve;
      });
      const writer = (first: number, second: number) =>
        run(async (trx) => {
          await trx
            .updateTable('deadlock_rows')
            .set({ value: sql`value + 1` })
            .where('id', '=', first)
            .execute();
          arrived += 1;
          if (arrived === 2) open();
          await Promise.race([bothHold, new Promise((resolve) => setTimeout(resolve, 2_000))]);
          await trx
            .updateTable('deadlock_rows')
            .set({ value: sql`value + 1` })
            .where('id', '=', second)
            .execute();
        });
      return Promise.allSettled([writer(1, 2), writer(2, 1)]);
    };
    const values = async () =>
      (await db.selectFrom('deadlock_rows').select('value').orderBy('id').execute()).map((row) => row.value);

    it('loses one of them without a retry (MariaDB error 1213)', async () => {
      const before = await values();
      const outcomes = await crossing((body) => db.transaction().execute((trx) => body(trx)));
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ errno: 1213 });
      expect(await values()).toEqual(before.map((value) => value + 1));
    });

    it('runs the loser again, so both writes land', async () => {
      const before = await values();
      const outcomes = await crossing((body) => writeTransaction(db, (trx) => body(trx)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await values()).toEqual(before.map((value) => value + 2));
      expect(WRITE_ATTEMPTS).toBeGreaterThan(1);
    });
  });
});

const urlsOf = (database: string) => {
  const url = databaseUrl(serverUrlOf(MARIADB_URL as string), database);
  return { login: url, game: url, site: url };
};
