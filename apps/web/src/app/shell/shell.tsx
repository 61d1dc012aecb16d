import { LAYOUT } from '@gatekeeper/contract/lite';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIpUpdate } from '../../features/account/use-ip-update';
import { useReferralVisit } from '../../features/referral/use-referral-visit';
import { VotePanel } from '../../features/votes/vote-panel';
import { useLocation } from '../../shared/navigation';
import { restoreScroll, takeRouteChange } from '../../shared/route-change';
import { useSiteData } from '../../shared/site-data';
import { useMediaQuery } from '../../shared/use-media-query';
import { Header } from './header';
import { RightPane } from './right-pane';
import { SubMenu } from './sub-menu';
import './shell.css';

export const WIDE_QUERY = `(min-width: ${LAYOUT.rightPaneMinWidth + 1}px)`;
/** Phones (decision 010): the vote panel follows the page instead of pushing it down. */
export const PHONE_QUERY = '(max-width: 640px)';

/** Back and forward land where the visitor left that page. */
const useScrollRestoration = () => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (takeRouteChange('pop')) restoreScroll();
  }, [pathname, search]);
};

/** The frame of every page (SPEC section 2, shell layout). */
export const Shell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const wide = useMediaQuery(WIDE_QUERY);
  const phone = useMediaQuery(PHONE_QUERY);
  const inlineVotes = !wide && metadata && (
    <section className="pane-card vote-panel--inline">
      <VotePanel />
    </section>
  );
  useScrollRestoration();
  useIpUpdate();
  useReferralVisit();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('site.skipToContent')}
      </a>
      <Header />
      <div className="page page__body">
        <main id="main" className="main-column" tabIndex={-1}>
          <SubMenu />
          {!phone && inlineVotes}
          <Suspense fallback={<p className="page-loading">{t('common.loading')}</p>}>{children}</Suspense>
          {phone && inlineVotes}
        </main>
        {wide && metadata && <RightPane metadata={metadata} />}
      </div>
      <footer className="site-footer page">
        <p>{t('site.footer', { year: new Date().getFullYear() })}</p>
      </footer>
    </>
  );
};
