import { DEFAULT_LANGUAGE, type Language, isLanguage, isRealmRoute, withRealm } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { type RouteId, getHref } from '../i18n/routes';
import { useRealm } from './use-realm';

/**
 * The current language and a href builder in it. On a realm's page (decision 049) the pages that
 * show one game world stay in that realm: their links carry its segment.
 */
export const useLanguage = (): { language: Language; href: (id: RouteId) => string } => {
  const { i18n } = useTranslation();
  const { realm } = useRealm();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return {
    language,
    href: (id: RouteId) => (isRealmRoute(id) ? withRealm(getHref(id, language), realm) : getHref(id, language)),
  };
};
