import Coins from 'lucide-react/icons/coins';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../shared/navigation';
import { matchRoute } from '../../i18n/routes';
import { useLanguage } from '../../shared/use-language';
import './referral-banner.css';

/**
 * The header's invitation to the referral page (docs/product.md#shell). Not shown on that page
 * itself. Wide, its text sits left of the coins of its artwork; on phones the artwork gives way
 * to a drawn coin above the text, so no language's text runs over a picture.
 */
export const ReferralBanner = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { pathname } = useLocation();
  if (matchRoute(pathname)?.id === 'referral') return null;
  return (
    <Link to={href('referral')} className="referral-banner">
      <Coins className="referral-banner__icon" aria-hidden="true" />
      <span className="referral-banner__title">{t('referralBanner.title')}</span>
      <span className="referral-banner__text">{t('referralBanner.text')}</span>
    </Link>
  );
};
