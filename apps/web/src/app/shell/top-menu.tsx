import { useTranslation } from 'react-i18next';
import { NavLink } from '../navigation';
import { ExternalLink } from '../../components/external-link';
import { useSiteData } from '../site-data';
import { useLanguage } from '../use-language';
import { LanguageBar } from './language-bar';
import { StatusLights } from './status-lights';

/** The top menu: home, account, downloads, statistics, donate, the two community links, the lights. */
export const TopMenu = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const items = [
    { to: href('home'), label: t('menu.home'), end: true },
    { to: href('register'), label: t('menu.account') },
    { to: href('downloads'), label: t('menu.downloads') },
    { to: href('statisticsScore'), label: t('menu.statistics') },
    { to: href('donate'), label: t('menu.donate') },
  ];
  return (
    <div className="top-menu">
      <div className="top-menu__utility">
        <StatusLights />
        <LanguageBar />
      </div>
      <nav className="top-menu__nav" aria-label={t('menu.label')}>
        <NavLink to={href('home')} className="top-menu__logo" aria-label={t('site.homeLink')}>
          <img src="/images/logo/gatekeeper.svg" alt="" width={44} height={44} />
        </NavLink>
        <ul className="top-menu__links">
          {items.map((item) => (
            <li key={item.label}>
              <NavLink to={item.to} end={item.end} className="top-menu__link">
                {item.label}
              </NavLink>
            </li>
          ))}
          {metadata && (
            <>
              <li>
                <ExternalLink href={metadata.links.features} className="top-menu__link top-menu__link--external">
                  {t('menu.features')}
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={metadata.links.discord} className="top-menu__link top-menu__link--external">
                  {t('menu.discord')}
                </ExternalLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </div>
  );
};
