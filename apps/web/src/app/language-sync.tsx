import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { readStoredLanguage, storeLanguage } from '../i18n/language-storage';
import { matchAnyRealmRoute, withRealm } from '@gatekeeper/contract/lite';
import { getHref, languageOfPath } from '../i18n/routes';
import { Navigate, useLocation } from '../shared/navigation';

/**
 * Keeps the page language, the stored choice and the URL together. A prefixed path (/ru/...)
 * sets the language; an unprefixed (English) path moves to the stored language's own path, so a
 * choice made once is kept across reloads and fresh visits.
 */
export const LanguageSync = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const location = useLocation();
  const pathLanguage = languageOfPath(location.pathname);
  const stored = readStoredLanguage();
  const redirectTo = pathLanguage === 'en' && stored && stored !== 'en' ? stored : undefined;

  useEffect(() => {
    if (redirectTo) return;
    if (i18n.language !== pathLanguage) void i18n.changeLanguage(pathLanguage);
    if (stored !== pathLanguage && (stored !== undefined || pathLanguage !== 'en')) storeLanguage(pathLanguage);
  }, [i18n, pathLanguage, redirectTo, stored]);

  if (redirectTo) {
    const route = matchAnyRealmRoute(location.pathname);
    const to = withRealm(getHref(route?.id ?? 'notFound', redirectTo), route?.realm);
    return <Navigate to={to + location.search + location.hash} />;
  }
  return children;
};

/** The language the first render should load, before the router runs. */
export const initialLanguage = () => {
  const pathLanguage = languageOfPath(window.location.pathname);
  const stored = readStoredLanguage();
  return pathLanguage === 'en' && stored ? stored : pathLanguage;
};
