import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each feature owns its site tables (docs/architecture.md, "Rules of dependency"): their types
 * are in its `tables.ts`, beside its migrations, and only its own files name them; another
 * feature asks it. The two tables of db/tables.ts (one-time claims, shared values) are infra's.
 * This suite reads every source file of apps/server/src and names each place where a file names,
 * in a string or in SQL, a site table that its folder does not own.
 */

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const FEATURES = join(SRC, 'features');

/** The site tables a types file declares: the keys `site_x:` of its table maps. */
const tablesDeclaredIn = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s+(site_\w+):/gm)].map((match) => match[1]!);

/** Each site table's owner: a feature's name, or 'infra'. */
const owners = (): Map<string, string> => {
  const owner = new Map<string, string>();
  for (const table of tablesDeclaredIn(join(SRC, 'db', 'tables.ts'))) owner.set(table, 'infra');
  for (const feature of readdirSync(FEATURES)) {
    const file = join(FEATURES, feature, 'tables.ts');
    if (!existsSync(file)) continue;
    const declared = tablesDeclaredIn(file);
    for (const table of declared) {
      if (owner.has(table)) throw new Error(`${table} is declared by ${owner.get(table)} and ${feature}`);
      owner.set(table, feature);
    }
  }
  return owner;
};

/**
 * A table whose migration is in another folder than its owner, kept where it ran first: moving a
 * migration would rename it, and a database that ran it would run it again.
 */
const MIGRATED_ELSEWHERE: Record<string, string[]> = {
  'features/accounts/migrations.ts': ['site_claims'],
};

/** The folder that owns what a file names: its feature, 'infra', or the root ('') for the rest. */
const folderOf = (file: string): string => {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === 'features') return parts[1]!;
  if (parts[0] === 'infra' || parts[0] === 'db') return parts[0] === 'db' ? 'db' : 'infra';
  return '';
};

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Every site table a file names in a string or a template (SQL included): `file:line table (owner)`. */
export const foreignTablesIn = (file: string, text: string, owner: Map<string, string>): string[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const folder = folderOf(file);
  const path = relative(SRC, file).split(sep).join('/');
  const allowed = new Set(MIGRATED_ELSEWHERE[path] ?? []);
  const found: string[] = [];
  const check = (node: ts.Node, words: string) => {
    for (const [table] of words.matchAll(/\bsite_\w+/g)) {
      const owning = owner.get(table);
      if (owning === undefined || owning === folder || allowed.has(table)) continue;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path}:${line + 1} ${table} (${owning}'s)`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text);
    if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) check(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

describe('site tables named outside the feature that owns them', () => {
  const owner = owners();

  it('knows every table the features declare, each once', () => {
    expect(owner.get('site_donations')).toBe('donations');
    expect(owner.get('site_reward_queue')).toBe('rewards');
    expect(owner.get('site_claims')).toBe('infra');
    expect(owner.size).toBeGreaterThanOrEqual(40);
  });

  it('tells a foreign table from the file own', () => {
    const text = [
      "db.selectFrom('site_reward_queue').select('status')",
      "db.selectFrom('site_donations as d').innerJoin('site_reward_queue as q', 'q.id', 'd.id')",
      'sql`update site_vote_claims set x = 1`',
      "const note = 'site_unknown_thing';",
      'sql`select ${a} from site_mail_outbox where ${b}`',
    ].join('\n');
    expect(foreignTablesIn(join(FEATURES, 'donations', 'example.ts'), text, owner)).toEqual([
      "features/donations/example.ts:1 site_reward_queue (rewards's)",
      "features/donations/example.ts:2 site_reward_queue (rewards's)",
      "features/donations/example.ts:3 site_vote_claims (votes's)",
      "features/donations/example.ts:5 site_mail_outbox (mail's)",
    ]);
    expect(foreignTablesIn(join(FEATURES, 'rewards', 'example.ts'), text, owner)).toEqual([
      "features/rewards/example.ts:2 site_donations (donations's)",
      "features/rewards/example.ts:3 site_vote_claims (votes's)",
      "features/rewards/example.ts:5 site_mail_outbox (mail's)",
    ]);
  });

  it('finds none in apps/server/src', () => {
    const found = sourceFiles(SRC).flatMap((file) => foreignTablesIn(file, readFileSync(file, 'utf8'), owner));
    expect(found).toEqual([]);
  });
});
