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

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * A text's plural forms as one key (`console.mail.confirm` for `_one`, `_few`, ... `_other`), with
 * its `_other` form's text: each language has the forms its own plural rules need
 * (src/i18n/plural-rules.test.ts checks those), so only the key they share is compared here.
 */
const foldPlurals = (texts: Record<string, string>): Record<string, string> => {
  const folded: Record<string, string> = {};
  for (const [key, text] of Object.entries(texts)) {
    const form = PLURAL_FORM.exec(key);
    if (!form) folded[key] = text;
    else if (!(key.slice(0, form.index) in folded) || form[1] === 'other') folded[key.slice(0, form.index)] = text;
  }
  return folded;
};

/** A locale file's texts by key path ("mail.form.subject"), in the file's order; plural forms as one key. */
export const localeTexts = (code: string): Record<string, string> =>
  foldPlurals(flatten(JSON.parse(readFileSync(join(LOCALES_DIR, `${code}.json`), 'utf8'))));
