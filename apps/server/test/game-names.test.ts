import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAVORS } from '../src/game/flavors';
import { type TestDatabases, createTestDatabases } from './databases';

/**
 * `game/` is the only code that names the emulator's tables and columns (docs/architecture.md,
 * "Rules of dependency"): every other file of apps/server/src asks it. This suite reads every
 * source file outside game/ and db/ and names each place that writes a game table or a column
 * only the game's tables have. The names come from game/flavors.ts (every flavour's tables and
 * columns); a column the site's own tables also have (login, char_id) is the site's to name.
 */

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ALLOWED_FOLDERS = ['game', 'db'];

/** Kysely's calls whose first argument is a table. */
const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
]);

/** Kysely's calls whose first argument (or each of its first array's) is a column; both of a *Ref's. */
const COLUMN_METHODS = new Set([
  'select',
  'where',
  'whereRef',
  'orderBy',
  'groupBy',
  'having',
  'on',
  'onRef',
  'returning',
  'distinctOn',
  'ref',
  'column',
  'columns',
]);

const flavors = Object.values(FLAVORS);
const GAME_TABLES = new Set(
  flavors.flatMap((flavor) => [
    ...[flavor.requiredColumns, flavor.optionalColumns].flatMap((columns) => [
      ...Object.keys(columns.login),
      ...Object.keys(columns.game),
    ]),
    ...flavor.itemDelivery.tables,
  ]),
);
const gameColumns = () =>
  new Set(
    flavors.flatMap((flavor) =>
      [flavor.requiredColumns, flavor.optionalColumns].flatMap((columns) =>
        [...Object.values(columns.login), ...Object.values(columns.game)].flat(),
      ),
    ),
  );

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return folder === SRC && ALLOWED_FOLDERS.includes(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** A name as Kysely takes it: `table`, `table.column`, either with ` as alias`. */
const NAME = /^(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)(?: as \w+)?$/;
/** A table in raw SQL. */
const SQL_TABLE = /\b(?:from|join|into|update)\s+[`"]?(\w+)/gi;

/**
 * Every place in the file that names a game table or a game-only column: `file:line name`. A table
 * counts where Kysely takes a table or in sql`` text, a column where Kysely takes a column (the
 * rankings' names, 'kills', are the contract's words, not columns), `table.column` anywhere.
 */
const gameNamesIn = (file: string, text: string, onlyGameColumns: Set<string>): string[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, name: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(SRC, file)}:${line + 1} ${name}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const name = NAME.exec(node.text);
      const argument = ts.isArrayLiteralExpression(node.parent) ? node.parent : node;
      const call = argument.parent;
      const method =
        ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression)
          ? call.expression.name.text
          : undefined;
      const first = ts.isCallExpression(call) && call.arguments[0] === argument;
      if (name) {
        const [, table, column] = name;
        if (table !== undefined && GAME_TABLES.has(table)) report(node, node.text);
        else if (first && TABLE_METHODS.has(method!) && GAME_TABLES.has(column!)) report(node, node.text);
        else if (COLUMN_METHODS.has(method!) && (first || method!.endsWith('Ref')) && onlyGameColumns.has(column!)) {
          report(node, node.text);
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      for (const [, table] of node.template.getText().matchAll(SQL_TABLE)) {
        if (GAME_TABLES.has(table!)) report(node, `SQL on ${table}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

describe('game tables and columns named outside game/', () => {
  let databases: TestDatabases;
  /** The game's columns, less those the site's own tables have too. */
  let onlyGameColumns: Set<string>;

  beforeAll(async () => {
    databases = await createTestDatabases('sqlite', { seed: false, gameTables: false });
    const siteColumns = new Set(
      (await databases.connections.site.db.introspection.getTables())
        .filter((table) => table.name.startsWith('site_'))
        .flatMap((table) => table.columns.map((column) => column.name)),
    );
    onlyGameColumns = new Set([...gameColumns()].filter((column) => !siteColumns.has(column)));
  });
  afterAll(async () => {
    await databases?.drop();
  });

  it('tells a game name from the site own', () => {
    const text = [
      "db.selectFrom('characters').select('obj_Id as charId')",
      "db.selectFrom('site_donations').select(['char_id', 'login'])",
      "const list = { heroes: 'heroes' }; topBy(game, 'pvpkills');",
      "db.selectFrom('site_x').select(['characters.char_name']).where('punish_level', '>', 0)",
      'sql`select 1 from heroes`',
    ].join('\n');
    expect(gameNamesIn(join(SRC, 'example.ts'), text, onlyGameColumns)).toEqual([
      'example.ts:1 characters',
      'example.ts:1 obj_Id as charId',
      'example.ts:4 characters.char_name',
      'example.ts:4 punish_level',
      'example.ts:5 SQL on heroes',
    ]);
  });

  it('finds none in apps/server/src outside game/ and db/', () => {
    const found = sourceFiles(SRC).flatMap((file) => gameNamesIn(file, readFileSync(file, 'utf8'), onlyGameColumns));
    expect(found).toEqual([]);
  });
});
