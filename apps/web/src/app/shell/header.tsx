import { useTranslation } from 'react-i18next';
import { Link } from '../navigation';
import { useSiteData } from '../site-data';
import { useLanguage } from '../use-language';
import { TopMenu } from './top-menu';

/** The 780 px header: artwork, top menu, the server's name and the referral banner. */
export const Header = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <TopMenu />
        <div className="site-header__hero">
          <p className="site-header__kicker">{t('site.kicker')}</p>
          <h1 className="site-header__title">{t('site.name')}</h1>
          <p className="site-header__tagline">
            {metadata ? t('site.tagline', { chronicle: metadata.chronicle }) : t('site.taglineShort')}
          </p>
        </div>
        <Link to={href('referral')} className="referral-banner">
          <span className="referral-banner__title">{t('referralBanner.title')}</span>
          <span className="referral-banner__text">{t('referralBanner.text')}</span>
        </Link>
      </div>
    </header>
  );
};
