import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES_DIR = join(import.meta.dirname, '../../../packages/texts/locales');

const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>((all, [key, child]) => {
    const path = prefix + key;
    if (child && typeof child === 'object') Object.assign(all, flatten(child, `${path}.`));
    else all[path] = String(child);
    return all;
  }, {});

/** A locale file's texts by key path ("mail.form.subject"), in the file's order. */
export const localeTexts = (code: string): Record<string, string> =>
  flatten(JSON.parse(readFileSync(join(LOCALES_DIR, `${code}.json`), 'utf8')));
