import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { type Connections, openConnections } from '../src/db/connections';
import { seedDemoWorld } from '../src/db/demo-seed';
import { createGameTables } from '../src/db/game-tables';
import { migrateSiteTables } from '../src/db/site-migrations';

/**
 * Fresh databases for one test file: an embedded SQLite file, or on MariaDB (TEST_MARIADB_URL)
 * two new databases, login and game, as L2J Server keeps them. Dropped again by `drop()`.
 */
export type DatabaseKind = 'sqlite' | 'mariadb';

export const MARIADB_URL = process.env.TEST_MARIADB_URL;

/** The kinds this machine can run: SQLite always, MariaDB when TEST_MARIADB_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = MARIADB_URL ? ['sqlite', 'mariadb'] : ['sqlite'];

export interface TestDatabases {
  kind: DatabaseKind;
  urls: { login: string; game: string; site: string };
  connections: Connections;
  drop(): Promise<void>;
}

const serverUrlOf = (url: string) => {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  parsed.pathname = '/';
  return parsed;
};

export const createTestDatabases = async (
  kind: DatabaseKind,
  options: { seed?: boolean; gameTables?: boolean } = {},
): Promise<TestDatabases> => {
  const { seed = true, gameTables = true } = options;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-test-'));
    const url = `sqlite:${join(dir, 'game.sqlite')}`;
    const connections = openConnections({ login: url, game: url, site: url });
    if (gameTables) await createGameTables(connections.login.db, 'sqlite');
    if (seed && gameTables) await seedDemoWorld(connections.login.db, connections.game.db);
    await migrateSiteTables(connections.site.db);
    return {
      kind,
      urls: { login: url, game: url, site: url },
      connections,
      async drop() {
        await connections.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!MARIADB_URL) throw new Error('TEST_MARIADB_URL is not set');
  const server = serverUrlOf(MARIADB_URL);
  const suffix = randomBytes(4).toString('hex');
  const names = { login: `gk_test_ls_${suffix}`, game: `gk_test_gs_${suffix}` };
  const admin = await createConnection({ uri: server.toString() });
  for (const name of Object.values(names)) {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci`);
  }
  const urlOf = (database: string) => {
    const url = new URL(server.toString());
    url.pathname = `/${database}`;
    return url.toString();
  };
  const urls = { login: urlOf(names.login), game: urlOf(names.game), site: urlOf(names.game) };
  const connections = openConnections(urls);
  if (gameTables) {
    await createGameTables(connections.login.db, 'mysql', ['login']);
    await createGameTables(connections.game.db, 'mysql', ['game']);
  }
  if (seed && gameTables) await seedDemoWorld(connections.login.db, connections.game.db);
  await migrateSiteTables(connections.site.db);
  return {
    kind,
    urls,
    connections,
    async drop() {
      await connections.close();
      for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
};
