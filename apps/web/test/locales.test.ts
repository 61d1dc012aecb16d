import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIALOG_TITLES, ERROR_CODES, LANGUAGES, MAIL_REFUSALS } from '@gatekeeper/contract/lite';
import { describe, expect, it } from 'vitest';
import { localeTexts } from './locale-texts';

/** Fails when a locale lacks a key of en.json, has a key en.json lacks, or drops a placeholder. */
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const en = localeTexts('en');

describe('locale files', () => {
  it('assets/locales.json lists the six languages in order', () => {
    const list = JSON.parse(readFileSync(join(import.meta.dirname, '../public/assets/locales.json'), 'utf8'));
    expect(list).toEqual([...LANGUAGES]);
  });

  describe.each(LANGUAGES.filter((code) => code !== 'en'))('%s.json', (code) => {
    const other = localeTexts(code);
    it('has every key of en.json and no other', () => {
      expect(Object.keys(other).filter((key) => !(key in en))).toEqual([]);
      expect(Object.keys(en).filter((key) => !(key in other))).toEqual([]);
    });
    it('keeps the keys in the order of en.json (so that additions merge line by line)', () => {
      const shared = (keys: string[], of: Record<string, string>) => keys.filter((key) => key in of);
      expect(shared(Object.keys(other), en)).toEqual(shared(Object.keys(en), other));
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

/** Every answer a call can give and every dialog title: the page shows each one in words. */
const ANSWER_KEYS = [
  ...ERROR_CODES,
  ...MAIL_REFUSALS,
  ...DIALOG_TITLES.failure,
  ...DIALOG_TITLES.success,
  ...DIALOG_TITLES.successMessages,
];

describe.each(LANGUAGES)('%s.json', (code) => {
  it('has a text for every code a call can answer and every dialog title', () => {
    const texts = localeTexts(code);
    expect(ANSWER_KEYS.filter((key) => !texts[key]?.trim())).toEqual([]);
  });
});

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });

describe('the page', () => {
  it('asks only for keys that en.json has (no raw key on screen)', () => {
    // t('key'), <Trans i18nKey="key">, and the keys that form and page configurations name.
    const literal =
      /\bt\(\s*'([^']+)'|i18nKey="([^"]+)"|\b(?:label|title|message|hint|submitLabel|failureTitle|text): '([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g;
    const missing = sources(join(import.meta.dirname, '../src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(literal)]
        .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
        .filter((key) => !(key in en))
        .map((key) => `${file.slice(file.indexOf('src/'))}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
