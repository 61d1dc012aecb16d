import { useTranslation } from 'react-i18next';
import { formatOpeningShort } from '../../features/home/opening-date';
import { Link } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';

/** Whether the opening is still ahead; the server's render and the page's agree but for a few ms. */
const stillAhead = (timestamp: number): boolean => timestamp > Date.now();

/**
 * Before the opening date, next to the status lights: when the server opens, a link to the home
 * page's countdown. Without it a visitor met two red "Offline" lights and nothing else.
 */
export const OpeningNotice = () => {
  const { t } = useTranslation();
  const { language, href } = useLanguage();
  const { metadata } = useSiteData();
  const date = metadata?.openingDate;
  if (!date || !stillAhead(date.timestamp)) return null;
  return (
    <p className="opening-notice">
      <Link to={`${href('home')}#opening`} className="opening-notice__link" title={t('shellFacts.opensLink')}>
        {t('shellFacts.opensOn', { date: formatOpeningShort(date, language) })}
      </Link>
    </p>
  );
};
