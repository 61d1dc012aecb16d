import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Connection, type RowDataPacket, createConnection } from 'mysql2/promise';
import { inject } from 'vitest';
import { type Connections, openConnections } from '../src/db/connections';
import type { FlavorName } from '../src/game/flavors';
import {
  CREATE_DATABASE,
  type TemplateName,
  type Templates,
  databaseUrl,
  fillDatabases,
  serverUrlOf,
} from './support/template-databases';

/**
 * Fresh databases for one test file: an embedded SQLite file, or on MariaDB (TEST_MARIADB_URL)
 * two new databases, login and game, as L2J Server keeps them. Dropped again by `drop()`. They
 * start as a copy of this run's template (support/template-databases.ts) where there is one.
 */
export type DatabaseKind = 'sqlite' | 'mariadb';

export const MARIADB_URL = process.env.TEST_MARIADB_URL;

/**
 * The kinds a suite that runs on every kind runs on: SQLite always, MariaDB when TEST_MARIADB_URL
 * is set, narrowed by TEST_DATABASE_KINDS (e.g. `mariadb`) when another run covers the rest: CI's
 * first Node runs those suites on MariaDB while its second Node runs them on SQLite
 * (docs/decisions/043-fast-feedback.md). Suites about SQLite alone run whatever it says.
 */
const available: DatabaseKind[] = MARIADB_URL ? ['sqlite', 'mariadb'] : ['sqlite'];
const narrowed = process.env.TEST_DATABASE_KINDS?.split(',').map((kind) => kind.trim());
export const DATABASE_KINDS: DatabaseKind[] = narrowed
  ? available.filter((kind) => narrowed.includes(kind))
  : available;
if (DATABASE_KINDS.length === 0) {
  throw new Error(
    `TEST_DATABASE_KINDS=${process.env.TEST_DATABASE_KINDS} names no kind this run has (${available.join(', ')})`,
  );
}

export interface TestDatabases {
  kind: DatabaseKind;
  urls: { login: string; game: string; site: string };
  connections: Connections;
  drop(): Promise<void>;
}

/** The template a suite copies, or undefined when it asks for no game tables (built fresh). */
const templateFor = (options: { seed: boolean; gameTables: boolean }): TemplateName | undefined =>
  options.gameTables ? (options.seed ? 'seeded' : 'empty') : undefined;

/** The templates of this run (globalSetup); outside Vitest's API project, none. */
const templates = (): Templates | undefined => {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
};

/** Copies every table of one MariaDB database into another, rows included. */
const copyDatabase = async (admin: Connection, from: string, to: string) => {
  const [tables] = await admin.query<RowDataPacket[]>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
    [from],
  );
  for (const { name } of tables as { name: string }[]) {
    await admin.query(`CREATE TABLE \`${to}\`.\`${name}\` LIKE \`${from}\`.\`${name}\``);
    await admin.query(`INSERT INTO \`${to}\`.\`${name}\` SELECT * FROM \`${from}\`.\`${name}\``);
  }
};

export const createTestDatabases = async (
  kind: DatabaseKind,
  options: { seed?: boolean; gameTables?: boolean; flavor?: FlavorName } = {},
): Promise<TestDatabases> => {
  const wanted = { seed: options.seed ?? true, gameTables: options.gameTables ?? true, flavor: options.flavor };
  // The templates hold l2j tables; another flavour's are built for the suite.
  const template = (options.flavor ?? 'l2j') === 'l2j' ? templateFor(wanted) : undefined;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-test-'));
    const file = join(dir, 'game.sqlite');
    const templateFile = template && templates()?.sqlite[template];
    if (templateFile) copyFileSync(templateFile, file);
    const url = `sqlite:${file}`;
    const connections = openConnections({ login: url, game: url, site: url });
    if (!templateFile) await fillDatabases(connections, kind, wanted);
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
  for (const name of Object.values(names)) await admin.query(CREATE_DATABASE(name));
  const templateNames = template && templates()?.mariadb?.[template];
  if (templateNames) {
    await copyDatabase(admin, templateNames.login, names.login);
    await copyDatabase(admin, templateNames.game, names.game);
  }
  const urls = {
    login: databaseUrl(server, names.login),
    game: databaseUrl(server, names.game),
    site: databaseUrl(server, names.game),
  };
  const connections = openConnections(urls);
  if (!templateNames) await fillDatabases(connections, kind, wanted);
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
