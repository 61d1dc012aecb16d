import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyKysely } from '../src/db/connections';
import { FLAVORS, FLAVOR_NAMES, type FlavorName } from '../src/game/flavors';
import { createGameTables, gameTableStatements } from '../src/game/game-tables';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import {
  type ColumnDefinition,
  PACK_SQL,
  columnsOf,
  createEmulatorTables,
  emulatorSql,
  tableNameOf,
} from './support/emulator-tables';

/**
 * The demo tables of src/game/game-tables.ts (what `npm start` creates on a first run) against
 * the emulators' own SQL files (test/support/emulator-tables.ts): the same columns, in the same
 * order, with the same types and NULL / NOT NULL, for every table the demo creates and every
 * table the flavour's description reads. event_stats is the site's own table, in neither file.
 */

const SITE_OWN = new Set(['event_stats']);

const tablesOf = (statements: readonly string[]): Map<string, ColumnDefinition[]> =>
  new Map(
    statements.flatMap((statement) => {
      const name = tableNameOf(statement);
      return name && !SITE_OWN.has(name) ? [[name, columnsOf(statement)] as const] : [];
    }),
  );

const demoTables = (flavor: FlavorName) => {
  const { login, game } = gameTableStatements('mysql', flavor);
  return tablesOf([...login, ...game]);
};
const emulatorTables = (flavor: FlavorName) => {
  const { login, game } = emulatorSql(flavor);
  return tablesOf([...login, ...game]);
};

/** The tables the flavour's description needs or uses when present, but a pack's (PACK_SQL). */
const tablesTheSiteReads = (flavor: FlavorName) => {
  const { requiredColumns, optionalColumns } = FLAVORS[flavor];
  return [requiredColumns.login, requiredColumns.game, optionalColumns.login, optionalColumns.game]
    .flatMap((tables) => Object.keys(tables))
    .filter((table) => !SITE_OWN.has(table) && !(table in PACK_SQL));
};

/** Every difference between two sets of tables, one line each (empty when they agree). */
const differences = (demo: Map<string, ColumnDefinition[]>, emulator: Map<string, ColumnDefinition[]>) =>
  [...demo.entries()].flatMap(([table, columns]) => {
    const theirs = emulator.get(table);
    if (!theirs) return [`${table}: not in the emulator's files`];
    const show = (c: ColumnDefinition | undefined) => (c ? `${c.name} ${c.type}${c.nullable ? '' : ' NOT NULL'}` : '-');
    return Array.from({ length: Math.max(columns.length, theirs.length) }, (_, i) => i).flatMap((i) =>
      show(columns[i]) === show(theirs[i])
        ? []
        : [`${table} #${i + 1}: demo ${show(columns[i])}, emulator ${show(theirs[i])}`],
    );
  });

describe.each(FLAVOR_NAMES)('the %s demo tables against the emulator files', (flavor) => {
  it('has every table the site reads, in both', () => {
    const demo = demoTables(flavor);
    const emulator = emulatorTables(flavor);
    for (const table of tablesTheSiteReads(flavor)) {
      expect(demo.has(table), `demo ${table}`).toBe(true);
      expect(emulator.has(table), `emulator ${table}`).toBe(true);
    }
  });

  it('has exactly the emulator columns, types and NOT NULLs in every table it creates', () => {
    expect(differences(demoTables(flavor), emulatorTables(flavor))).toEqual([]);
  });

  it('would notice a drift: a dropped column, a changed type, a lost NOT NULL', () => {
    const emulator = emulatorTables(flavor);
    const drifted = (change: (columns: ColumnDefinition[]) => ColumnDefinition[]) => {
      const demo = demoTables(flavor);
      demo.set('characters', change(demo.get('characters')!));
      return differences(demo, emulator);
    };
    expect(drifted((columns) => columns.filter((c) => c.name !== 'pvpkills'))).not.toEqual([]);
    expect(drifted((columns) => columns.map((c) => (c.name === 'level' ? { ...c, type: 'int' } : c)))).not.toEqual([]);
    expect(
      drifted((columns) => columns.map((c) => (c.name === 'char_name' ? { ...c, nullable: true } : c))),
    ).not.toEqual([]);
  });
});

describe.each(FLAVOR_NAMES)("the %s flavour's reading of a pack's tables", (flavor) => {
  it.each(Object.keys(PACK_SQL) as (keyof typeof PACK_SQL)[])(
    '%s: every column it asks for is in the pack',
    (table) => {
      const wanted = FLAVORS[flavor].optionalColumns.game[table];
      expect(wanted, `${flavor} reads ${table}`).toBeDefined();
      const columns = columnsOf(PACK_SQL[table]).map((column) => column.name);
      for (const name of wanted ?? []) expect(columns, name).toContain(name);
    },
  );
});

describe.each(DATABASE_KINDS)('the tables as %s creates them', (kind: DatabaseKind) => {
  const worlds: Partial<Record<'demo' | 'emulator', TestDatabases>> = {};
  beforeAll(async () => {
    worlds.demo = await createTestDatabases(kind, { gameTables: false });
    worlds.emulator = await createTestDatabases(kind, { gameTables: false });
  });
  afterAll(async () => {
    await worlds.demo?.drop();
    await worlds.emulator?.drop();
  });

  const columnsIn = async (db: AnyKysely) => {
    const tables = await db.introspection.getTables();
    return new Map(
      tables
        .filter((t) => !t.name.startsWith('site_') && !t.name.startsWith('kysely_') && !SITE_OWN.has(t.name))
        .map((t) => [t.name, t.columns.map((c) => `${c.name}${c.isNullable ? '' : ' NOT NULL'}`)]),
    );
  };

  it.each(FLAVOR_NAMES)('%s: the same column names and NOT NULLs in the database', async (flavor) => {
    const dialect = kind === 'sqlite' ? 'sqlite' : 'mysql';
    const read = async (world: TestDatabases) => ({
      login: await columnsIn(world.connections.login.db),
      game: await columnsIn(world.connections.game.db),
    });
    const drop = async (world: TestDatabases) => {
      for (const db of [world.connections.login.db, world.connections.game.db]) {
        for (const table of await db.introspection.getTables()) {
          if (!table.name.startsWith('site_') && !table.name.startsWith('kysely_')) {
            await db.schema.dropTable(table.name).ifExists().execute();
          }
        }
      }
    };
    const demo = worlds.demo!;
    const emulator = worlds.emulator!;
    await createGameTables(demo.connections.login.db, dialect, ['login'], flavor);
    await createGameTables(demo.connections.game.db, dialect, ['game'], flavor);
    await createEmulatorTables(emulator.connections.login.db, dialect, ['login'], flavor);
    await createEmulatorTables(emulator.connections.game.db, dialect, ['game'], flavor);
    try {
      const [ours, theirs] = [await read(demo), await read(emulator)];
      expect([...ours.game.keys()].sort()).toEqual([...theirs.game.keys()].sort());
      for (const [table, columns] of [...ours.login, ...ours.game]) {
        expect(columns, table).toEqual(theirs.login.get(table) ?? theirs.game.get(table));
      }
    } finally {
      await drop(demo);
      await drop(emulator);
    }
  });
});
