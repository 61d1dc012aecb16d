import { DEFAULT_METADATA_TEXT } from '@gatekeeper/contract/lite';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { useDialog } from '../../components/dialog';
import { Page } from '../../components/page';
import { MoreNews, NewestPost } from './latest-news';
import { CountdownRings } from './countdown-rings';
import { readHomeQuery } from './home-query';
import { LiveStreams, VideoGallery } from './home-sections';
import { formatOpeningDate } from './opening-date';
import { RealmCards } from './realm-cards';
import './home.css';

/**
 * Acts once on the address's unsubscribe / password reset parameters (docs/product.md#home), then
 * takes them out of the address so a reload does not repeat them. The calls and dialogs are
 * loaded only when such a parameter is there.
 */
const useHomeQuery = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const showDialog = useDialog();
  const { t, i18n } = useTranslation();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const { actions, rest } = readHomeQuery(location.search);
    if (actions.length === 0 && rest === location.search) return;
    void navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
    if (actions.length === 0) return;
    void import('./run-home-query').then(({ runHomeQuery }) =>
      runHomeQuery(actions, { t, exists: (key) => i18n.exists(key), showDialog }),
    );
  }, [location, navigate, showDialog, t, i18n]);
};

const HomePage = () => {
  const { t } = useTranslation();
  const { language, href } = useLanguage();
  const { metadata } = useSiteData();
  useHomeQuery();
  const openingDate = metadata?.openingDate ?? null;
  return (
    <Page title={t('home.title')} className="home">
      <NewestPost />
      <p className="home__lead">{t('home.lead')}</p>
      <RealmCards />
      <section id="opening" className="home__opening" aria-labelledby="opening-heading">
        <h3 id="opening-heading" className="home__section-title">
          {t('home.openingHeading')}
        </h3>
        {openingDate && <CountdownRings openingMs={openingDate.timestamp} />}
        <p className="home__opening-date">
          {metadata === undefined
            ? t('common.loading')
            : formatOpeningDate(openingDate, language, DEFAULT_METADATA_TEXT)}
        </p>
      </section>
      <div className="home__actions">
        <Link to={href('register')} className="button button--primary">
          {t('home.ctaRegister')}
        </Link>
        <Link to={href('downloads')} className="button">
          {t('home.ctaDownload')}
        </Link>
      </div>
      <MoreNews />
      <Suspense fallback={<div className="home__section-placeholder" />}>
        <LiveStreams.Component />
        <VideoGallery.Component />
      </Suspense>
    </Page>
  );
};

export default HomePage;
