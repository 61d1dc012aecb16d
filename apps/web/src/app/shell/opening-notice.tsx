import type { OpeningDate } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { formatOpeningShort } from '../../features/home/opening-date';
import { Link } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';

/**
 * Whether the server's opening is still ahead (never without a date); the server's render and the
 * page's agree but for a few ms. Until then the header shows this notice instead of the lights.
 */
export const openingAhead = (date: OpeningDate | null | undefined): date is OpeningDate =>
  !!date && date.timestamp > Date.now();

/**
 * Before the opening date, in the status lights' place: when the server opens, a link to the home
 * page's countdown. A server not open yet has no lights to show (its ports are closed on purpose).
 */
export const OpeningNotice = () => {
  const { t } = useTranslation();
  const { language, href } = useLanguage();
  const { metadata } = useSiteData();
  const date = metadata?.openingDate;
  if (!openingAhead(date)) return null;
  return (
    <p className="opening-notice">
      <Link
        to={`${href('home')}#opening`}
        className="link-target opening-notice__link"
        title={t('shellFacts.opensLink')}
      >
        {t('shellFacts.opensOn', { date: formatOpeningShort(date, language) })}
      </Link>
    </p>
  );
};
