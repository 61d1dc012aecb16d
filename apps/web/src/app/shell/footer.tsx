import { LEGAL_ROUTES, type LegalRouteId, type Metadata } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/external-link';
import { Link } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import './footer.css';

const OWNER_URL: Record<LegalRouteId, keyof Metadata['legal']> = {
  privacy: 'privacyUrl',
  terms: 'termsUrl',
  contact: 'contactUrl',
};

/**
 * The foot of every page (docs/product.md#footer): privacy policy, terms and contact (the owner's
 * own pages where the settings name them, else the site's), the game masters' mail tool, and the
 * trademark line.
 */
export const Footer = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  return (
    <footer id="site-footer" className="site-footer page">
      <nav className="site-footer__nav" aria-label={t('footer.label')}>
        <ul className="site-footer__links">
          {LEGAL_ROUTES.map((route) => {
            const ownerUrl = metadata?.legal[OWNER_URL[route]];
            return (
              <li key={route}>
                {ownerUrl ? (
                  <ExternalLink href={ownerUrl}>{t(`footer.${route}`)}</ExternalLink>
                ) : (
                  <Link to={href(route)}>{t(`footer.${route}`)}</Link>
                )}
              </li>
            );
          })}
          <li>
            <Link to={href('mail')}>{t('footer.mail')}</Link>
          </li>
        </ul>
      </nav>
      <p className="site-footer__note">{t('site.footer', { year: new Date().getFullYear() })}</p>
    </footer>
  );
};
