import {
  LANGUAGES,
  type Language,
  consoleSectionHref,
  matchConsoleSection,
  matchRealmRoute,
  withRealm,
} from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../shared/navigation';
import { storeLanguage } from '../i18n/language-storage';
import { getHref } from '../i18n/routes';
import { useRealm } from '../shared/use-realm';
import { useLanguage } from '../shared/use-language';
import { ScriptButton } from './script-button';
import { NATIVE_LANGUAGE_NAMES } from '../shared/language-names';

/** The flag bar: stores the choice and moves to the same page (a console section too) in the chosen language. */
export const LanguageBar = () => {
  const { t } = useTranslation();
  // In the pre-rendered page, until the script runs, a click would do nothing.
  const { language } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { others } = useRealm();

  const choose = (next: Language) => {
    storeLanguage(next);
    const section = matchConsoleSection(location.pathname)?.section;
    const path = section
      ? consoleSectionHref(section, next)
      : (() => {
          // A realm's page stays that realm's page in the other language (decision 049).
          const route = matchRealmRoute(location.pathname, others);
          return withRealm(getHref(route?.id ?? 'home', next), route?.realm);
        })();
    void navigate(path + location.search + location.hash);
  };

  return (
    <ul className="language-bar" aria-label={t('language.label')}>
      {LANGUAGES.map((code) => (
        <li key={code}>
          <ScriptButton
            className="language-bar__button"
            lang={code === 'gr' ? 'el' : code === 'br' ? 'pt-BR' : code}
            aria-pressed={code === language}
            title={NATIVE_LANGUAGE_NAMES[code]}
            onClick={() => choose(code)}
          >
            {/* One file of every flag, each a view by its code (vite.config.ts). */}
            <img src={`/images/flags/all.svg#${code}`} alt={NATIVE_LANGUAGE_NAMES[code]} width={30} height={20} />
          </ScriptButton>
        </li>
      ))}
    </ul>
  );
};
