import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@gatekeeper/contract';
import i18next, { type TFunction } from 'i18next';

import { LOCALES_DIR } from '../paths';

/** The page's locale files are also the source of every text the server writes (mails). */
export type Texts = (language: Language) => TFunction;

export const loadTexts = async (dir = LOCALES_DIR): Promise<Texts> => {
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { translation: JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as Record<string, unknown> },
    ]),
  );
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (language) => instance.getFixedT(language);
};
