import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folder map of docs/architecture.md against the files on disk: every source file and folder
 * the map is meant to hold has its line, and every name the map gives exists.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The names in the map's code block, as paths from the repository's root. A line at the left
 * margin names a root (`apps/server/src`); a tree line (`├── name - what it is`) names one or more
 * entries (`a.ts, b.ts`, a folder ends with `/`) under the root and the folders above it, four
 * characters of indentation per level. Other lines continue a description.
 */
const mapEntries = (markdown: string): { roots: string[]; entries: string[] } => {
  const section = markdown.slice(markdown.indexOf('## Folder map'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const roots: string[] = [];
  const entries: string[] = [];
  let root = '';
  const parents: string[] = [];
  for (const line of block.split('\n')) {
    if (/^[^\s│├└]/.test(line)) {
      root = line.split(/\s+/)[0]!;
      roots.push(root);
      parents.length = 0;
      continue;
    }
    const tree = /^((?:[│ ] {3})*)[├└]── (.*)$/.exec(line);
    if (!tree) continue;
    const depth = tree[1]!.length / 4;
    const names = tree[2]!.split(/\s+-\s/)[0]!.trim();
    parents.length = depth;
    for (const name of names.split(/,\s*/)) {
      entries.push([root, ...parents, name].join('/'));
    }
    const last = names.split(/,\s*/).at(-1)!;
    if (last.endsWith('/')) parents[depth] = last.replace(/\/$/, '');
  }
  return { roots, entries };
};

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

/** The files (not tests) and folders directly in a folder, folders ending with `/`. */
const children = (folder: string, what: { files?: boolean; folders?: boolean } = { files: true, folders: true }) =>
  readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return what.folders ? [`${folder}/${entry.name}/`] : [];
    return what.files && !isTest(entry.name) ? [`${folder}/${entry.name}`] : [];
  });

/** What the map must name: the granularity the page promises. */
const expectedEntries = (): string[] => [
  ...children('packages/contract/src'),
  ...children('apps/server/src'),
  ...children('apps/server/src/infra'),
  ...children('apps/server/src/features', { folders: true }),
  ...children('apps/server/test', { files: true }),
  'apps/server/test/support/',
  'apps/server/test/support/fakes/',
  ...children('apps/web/src'),
  ...children('apps/web/src/app'),
  ...children('apps/web/src/shared'),
  ...children('apps/web/src/features', { folders: true }),
  'apps/web/src/components/form/',
];

describe('the folder map of docs/architecture.md', () => {
  const { roots, entries } = mapEntries(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('is read as a tree', () => {
    expect(roots).toContain('apps/server/src');
    expect(entries).toContain('apps/server/src/infra/sdk-route.ts');
    expect(entries).toContain('apps/server/src/features/votes/');
  });

  it('has a line for every source file and folder it covers', () => {
    const named = new Set(entries);
    expect(expectedEntries().filter((path) => !named.has(path))).toEqual([]);
  });

  it('names nothing that does not exist', () => {
    const missing = [...roots.filter((root) => !existsSync(join(ROOT, root))), ...entries].filter((path) => {
      const full = join(ROOT, path);
      if (!existsSync(full)) return true;
      return path.endsWith('/') !== statSync(full).isDirectory();
    });
    expect(missing).toEqual([]);
  });

  it('keeps the stand-ins of outside services in test/support/fakes/', () => {
    const strays = children('apps/server/test', { files: true }).filter((path) =>
      /\/(fake-[^/]*|[^/]*-stand-in)\.ts$/.test(path),
    );
    expect(strays).toEqual([]);
  });
});
