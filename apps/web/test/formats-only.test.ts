import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates and numbers go through the one formatter set per language (src/shared/formats.ts,
 * docs/product.md#ground-rules): a component that makes its own Intl formatter or calls
 * toLocaleString / toLocaleDateString / toLocaleTimeString writes in its own locale, options and
 * time zone. Tests may use Intl to check what the page writes.
 */
const SRC = join(import.meta.dirname, '../src');
const FORMATS = join(SRC, 'shared/formats.ts');

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });

/** Each `new Intl.` or `toLocale` outside formats.ts, as "file:line: text". */
const formattingOutside = (files: readonly string[], read = (file: string) => readFileSync(file, 'utf8')) =>
  files
    .filter((file) => file !== FORMATS)
    .flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) =>
          /\bnew\s+Intl\s*\.|\btoLocale/.test(line)
            ? [`${file.slice(file.indexOf('src/'))}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );

describe('dates and numbers', () => {
  it('are written only by shared/formats.ts: no new Intl.* and no toLocale* in other sources', () => {
    expect(formattingOutside(sources(SRC))).toEqual([]);
  });

  it('the scan finds what it looks for', () => {
    const texts: Record<string, string> = {
      '/x/src/a.tsx': 'const f = new Intl.NumberFormat(tag);',
      '/x/src/b.ts': 'const d = new Date(at).toLocaleTimeString(language);',
      '/x/src/c.ts': 'const n = value.toLocaleString();',
      '/x/src/d.ts': 'a.name.localeCompare(b.name, format.locale); Intl.Collator; value.toLowerCase();',
      [FORMATS]: 'new Intl.DateTimeFormat(locale)',
    };
    expect(formattingOutside(Object.keys(texts), (file) => texts[file] ?? '')).toEqual([
      'src/a.tsx:1: const f = new Intl.NumberFormat(tag);',
      'src/b.ts:1: const d = new Date(at).toLocaleTimeString(language);',
      'src/c.ts:1: const n = value.toLocaleString();',
    ]);
  });
});
