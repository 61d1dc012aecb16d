import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { type Connections, openConnections } from '../../src/db/connections';
import { seedDemoWorld } from '../../src/game/demo-seed';
import { FLAVORS, type FlavorName } from '../../src/game/flavors';
import { keepDemoEmails } from '../../src/features/accounts/account-emails';
import { migrateSiteTables } from '../../src/site-migrations';
import { createEmulatorTables } from './emulator-tables';

/**
 * The two starting points of an API suite's databases, built once per test run (globalSetup) and
 * copied per suite: the L2J tables as the emulator's own SQL files create them
 * (emulator-tables.ts) with the site's migrated tables, with and without the demo world. Seeding the demo world takes most of a second; copying it, a few milliseconds on SQLite.
 */
export type TemplateName = 'seeded' | 'empty';
export const TEMPLATE_NAMES: TemplateName[] = ['seeded', 'empty'];

export interface Templates {
  /** SQLite: the path of each template file. */
  sqlite: Record<TemplateName, string>;
  /** MariaDB: the names of each template's login and game databases, when TEST_MARIADB_URL is set. */
  mariadb?: Record<TemplateName, { login: string; game: string }>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: Templates;
  }
}

/** The MariaDB server of TEST_MARIADB_URL, without a database. */
export const serverUrlOf = (url: string): URL => {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  parsed.pathname = '/';
  return parsed;
};

export const databaseUrl = (server: URL, database: string): string => {
  const url = new URL(server.toString());
  url.pathname = `/${database}`;
  return url.toString();
};

/** L2J Server keeps its databases in utf8mb3 (the site's own tables are utf8mb4, per migration). */
export const CREATE_DATABASE = (name: string) =>
  `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci`;

/** Creates what a template holds in databases that have nothing: the slow way, once per template. */
export const fillDatabases = async (
  connections: Connections,
  kind: 'sqlite' | 'mariadb',
  options: { seed: boolean; gameTables: boolean; flavor?: FlavorName },
): Promise<void> => {
  const flavor = options.flavor ?? 'l2j';
  if (options.gameTables) {
    if (kind === 'sqlite') await createEmulatorTables(connections.login.db, 'sqlite', ['login', 'game'], flavor);
    else {
      await createEmulatorTables(connections.login.db, 'mysql', ['login'], flavor);
      await createEmulatorTables(connections.game.db, 'mysql', ['game'], flavor);
    }
    if (options.seed) await seedDemoWorld(connections.login.db, connections.game.db, FLAVORS[flavor]);
  }
  await migrateSiteTables(connections.site.db);
  if (options.gameTables && options.seed) await keepDemoEmails(connections.site.db, FLAVORS[flavor]);
};

const fill = async (urls: { login: string; game: string; site: string }, kind: 'sqlite' | 'mariadb', seed: boolean) => {
  const connections = openConnections(urls);
  try {
    await fillDatabases(connections, kind, { seed, gameTables: true });
  } finally {
    await connections.close();
  }
};

/** Builds every template; answers them and the function that removes them again. */
export const buildTemplates = async (
  mariadbUrl: string | undefined,
): Promise<{ templates: Templates; remove(): Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-template-'));
  const sqlite = {} as Record<TemplateName, string>;
  for (const name of TEMPLATE_NAMES) {
    sqlite[name] = join(dir, `${name}.sqlite`);
    const url = `sqlite:${sqlite[name]}`;
    await fill({ login: url, game: url, site: url }, 'sqlite', name === 'seeded');
  }
  if (!mariadbUrl) {
    return { templates: { sqlite }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = serverUrlOf(mariadbUrl);
  const suffix = randomBytes(4).toString('hex');
  const mariadb = {} as Record<TemplateName, { login: string; game: string }>;
  const admin = await createConnection({ uri: server.toString() });
  for (const name of TEMPLATE_NAMES) {
    mariadb[name] = { login: `gk_tpl_ls_${name}_${suffix}`, game: `gk_tpl_gs_${name}_${suffix}` };
    for (const database of Object.values(mariadb[name])) await admin.query(CREATE_DATABASE(database));
    const game = databaseUrl(server, mariadb[name].game);
    await fill({ login: databaseUrl(server, mariadb[name].login), game, site: game }, 'mariadb', name === 'seeded');
  }
  return {
    templates: { sqlite, mariadb },
    async remove() {
      for (const databases of Object.values(mariadb)) {
        for (const database of Object.values(databases)) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      }
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
