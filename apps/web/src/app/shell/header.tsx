import { DEFAULT_METADATA_TEXT } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { useSiteData } from '../../shared/site-data';
import { ReferralBanner } from '../../features/referral/referral-banner';
import { TopMenu } from './top-menu';

/** The server sends "N/A" (or nothing) when the owner has not named the chronicle. */
const hasChronicle = (chronicle: string) => chronicle.trim() !== '' && chronicle !== DEFAULT_METADATA_TEXT;

/** The 780 px header: artwork, top menu, the server's name and the referral banner. */
export const Header = () => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <TopMenu />
        <div className="site-header__hero">
          <p className="site-header__kicker">{t('site.kicker')}</p>
          <h1 className="site-header__title">{t('site.name')}</h1>
          <p className="site-header__tagline">
            {!metadata
              ? t('site.taglineShort')
              : hasChronicle(metadata.chronicle)
                ? t('site.tagline', { chronicle: metadata.chronicle })
                : t('site.taglineNoChronicle')}
          </p>
        </div>
        <ReferralBanner />
      </div>
    </header>
  );
};
