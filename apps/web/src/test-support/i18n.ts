import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@gatekeeper/texts/locales/en.json';
import { pluralRulesByTag } from '../i18n/plural-rules';

/** i18next with the English texts loaded at once, for component tests (no fetch, no Suspense). */
export const initTestI18n = async () => {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    pluralRulesByTag(i18next);
  }
  return i18next;
};
