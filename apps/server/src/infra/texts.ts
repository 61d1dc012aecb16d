import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@gatekeeper/contract';
import { LOCALES } from '@gatekeeper/texts';
import i18next, { type TFunction } from 'i18next';

/** The page's locale files (@gatekeeper/texts) are also the source of every text the server writes (mails). */
export type Texts = (language: Language) => TFunction;

export const loadTexts = async (): Promise<Texts> => {
  const resources = Object.fromEntries(LANGUAGES.map((language) => [language, { translation: LOCALES[language] }]));
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
