import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@gatekeeper/texts/locales/en.json';
import { GAME_NAMES } from '@gatekeeper/texts';
import { pluralRulesByTag } from '../i18n/plural-rules';
import { adoptGameNames } from '../shared/game-names';

/**
 * i18next with the English texts loaded at once, for component tests (no fetch, no Suspense), and
 * every language's game names (decision 047), as the server renders pages with them.
 */
export const initTestI18n = async () => {
  for (const [language, names] of Object.entries(GAME_NAMES))
    adoptGameNames(language as keyof typeof GAME_NAMES, names);
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
