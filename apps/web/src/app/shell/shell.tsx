import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page';
import { RealmSwitcher } from '../../components/realm-switcher';
import { useIpUpdate } from '../../features/account/use-ip-update';
import { useReferralVisit } from '../../features/referral/use-referral-visit';
import { VotePanel } from '../../features/votes/vote-panel';
import { useLocation } from '../../shared/navigation';
import { restoreScroll, takeRouteChange } from '../../shared/route-change';
import { useSiteData } from '../../shared/site-data';
import { Footer } from './footer';
import { Header } from './header';
import { RightPane } from './right-pane';
import { ServerFacts } from './server-facts';
import { SubMenu } from './sub-menu';
import './shell.css';

/** Back and forward land where the visitor left that page. */
const useScrollRestoration = () => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (takeRouteChange('pop')) restoreScroll();
  }, [pathname, search]);
};

/** The frame of every page (docs/product.md#shell). */
export const Shell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  // Where the quick links and the vote panel go is the stylesheet's choice (decision 010), so the
  // pre-rendered page is right at every width: the vote panel in the right pane above 1450 px and
  // after the page below; the quick links after the page on a phone, where they would push it down.
  const subMenu = (place: 'top' | 'bottom') => (
    <div className={`sub-menu--${place}`}>
      <SubMenu />
    </div>
  );
  const inlineVotes = metadata && metadata.voteSites.length > 0 && (
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
          {subMenu('top')}
          {/* At least a screen high: what comes after the page (votes, footer) starts below the first
              screen, so a ranking or a lazy page arriving after the first paint moves nothing in view. */}
          <div className="main-column__page">
            <RealmSwitcher />
            <Suspense fallback={<PageLoading />}>{children}</Suspense>
          </div>
          {metadata && (
            <section className="pane-card server-strip--bottom" aria-label={t('pane.label')}>
              <ServerFacts metadata={metadata} strip />
            </section>
          )}
          {inlineVotes}
          {subMenu('bottom')}
        </main>
        {metadata && <RightPane metadata={metadata} />}
      </div>
      <Footer />
    </>
  );
};
