import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_TAGS, type Language, localeFilePath } from '@gatekeeper/contract/lite';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { pluralRulesByTag } from './plural-rules';

/**
 * i18next with one JSON file per language, fetched by code from /locales/{code}.json when needed;
 * a pre-rendered page hands over its language's texts, so hydration waits on no fetch.
 */
export const initI18n = async (language: Language, texts?: Record<string, unknown>) => {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = LANGUAGE_TAGS[lng as Language] ?? lng;
  });
  await i18next
    .use(
      resourcesToBackend(async (lng: string) => {
        const response = await fetch(localeFilePath(lng as Language));
        if (!response.ok) throw new Error(`locale ${lng}: HTTP ${response.status}`);
        return (await response.json()) as Record<string, unknown>;
      }),
    )
    .use(initReactI18next)
    .init({
      lng: language,
      ...(texts ? { resources: { [language]: { translation: texts } }, partialBundledLanguages: true } : {}),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  pluralRulesByTag(i18next);
  document.documentElement.lang = LANGUAGE_TAGS[language];
  return i18next;
};
