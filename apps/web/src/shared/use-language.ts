import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { type RouteId, getHref } from '../i18n/routes';

/** The current language and a href builder in it. */
export const useLanguage = (): { language: Language; href: (id: RouteId) => string } => {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return { language, href: (id: RouteId) => getHref(id, language) };
};
