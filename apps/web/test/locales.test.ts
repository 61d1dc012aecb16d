import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@gatekeeper/contract/lite';
import { describe, expect, it } from 'vitest';

/** Fails when a locale lacks a key of en.json, has a key en.json lacks, or drops a placeholder. */
const dir = join(import.meta.dirname, '../public/locales');
const load = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Record<string, unknown>;

const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>((all, [key, child]) => {
    const path = prefix + key;
    if (child && typeof child === 'object') Object.assign(all, flatten(child, `${path}.`));
    else all[path] = String(child);
    return all;
  }, {});

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

describe('locale files', () => {
  it('assets/locales.json lists the six languages in order', () => {
    const list = JSON.parse(readFileSync(join(import.meta.dirname, '../public/assets/locales.json'), 'utf8'));
    expect(list).toEqual([...LANGUAGES]);
  });

  describe.each(LANGUAGES.filter((code) => code !== 'en'))('%s.json', (code) => {
    const other = flatten(load(code));
    it('has every key of en.json and no other', () => {
      expect(Object.keys(other).filter((key) => !(key in en))).toEqual([]);
      expect(Object.keys(en).filter((key) => !(key in other))).toEqual([]);
    });
    it('keeps every placeholder of each English text', () => {
      const broken = Object.keys(en).filter(
        (key) => key in other && placeholders(en[key] ?? '').join() !== placeholders(other[key] ?? '').join(),
      );
      expect(broken).toEqual([]);
    });
    it('leaves no text empty', () => {
      expect(Object.entries(other).filter(([, text]) => text.trim() === '')).toEqual([]);
    });
  });
});
