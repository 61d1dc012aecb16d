import { LANGUAGES, LANGUAGE_TAGS, type Language, localeFilePath } from '@gatekeeper/contract/lite';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { PageSection } from './page-texts';
import { pluralRulesByTag } from './plural-rules';

const fetchTexts = async (language: string) => {
  const response = await fetch(localeFilePath(language as Language));
  if (!response.ok) throw new Error(`locale ${language}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
};

/**
 * The language a pre-rendered page handed part of its texts for, and the sections it handed
 * whole (decision 048); every other language is loaded whole, from its file.
 */
let partial: { language: string; sections: ReadonlySet<string> } | undefined;
let completing: Promise<void> | undefined;

/** Whether the texts of these sections are there in this language. */
export const hasSections = (language: string, sections: readonly PageSection[]): boolean =>
  partial?.language !== language || sections.every((section) => partial?.sections.has(section));

/**
 * The whole file of the language the page handed part of, fetched once and added to what is
 * there; the components showing texts render again when it is added.
 */
export const completeTexts = (): Promise<void> => {
  const language = partial?.language;
  if (language === undefined) return Promise.resolve();
  return (completing ??= fetchTexts(language).then(
    (texts) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
      partial = undefined;
    },
    (error: unknown) => {
      // A failed fetch is tried again the next time a page needs it.
      completing = undefined;
      throw error;
    },
  ));
};

/**
 * i18next with one JSON file per language, fetched by code from /locales/{code}.json when needed;
 * a pre-rendered page hands over its language's texts, the shell's and its own sections
 * (`sections`; all of them when undefined), so hydration waits on no fetch.
 */
export const initI18n = async (language: Language, texts?: Record<string, unknown>, sections?: readonly string[]) => {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = LANGUAGE_TAGS[lng as Language] ?? lng;
  });
  partial = texts && sections ? { language, sections: new Set(sections) } : undefined;
  await i18next
    .use(resourcesToBackend(fetchTexts))
    .use(initReactI18next)
    .init({
      lng: language,
      ...(texts ? { resources: { [language]: { translation: texts } }, partialBundledLanguages: true } : {}),
      // Every locale file has every key of the English one (test/locales.test.ts), so a language
      // needs no other: with English as the fallback, i18next fetched the whole English file on
      // every first visit in another language. A text missing from a page's part of its texts
      // completes that language instead (missingKeyHandler below).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      // A text the page's part did not have: the whole file is fetched, and the texts shown again.
      saveMissing: partial !== undefined,
      missingKeyHandler: () => {
        completeTexts().catch((error: unknown) => console.error('Gatekeeper: the texts could not be loaded.', error));
      },
      react: { useSuspense: true, bindI18nStore: 'added' },
      returnNull: false,
    });
  pluralRulesByTag(i18next);
  document.documentElement.lang = LANGUAGE_TAGS[language];
  return i18next;
};
