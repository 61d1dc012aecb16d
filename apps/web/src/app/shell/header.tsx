import { HomeHero } from '../../features/home/home-hero';
import { useLocation } from '../../shared/navigation';
import { matchRoute } from '../../i18n/routes';
import { useSiteData } from '../../shared/site-data';
import { ServerFacts } from './server-facts';
import { ReferralBanner } from '../../features/referral/referral-banner';
import { TopMenu } from './top-menu';

/**
 * The header. On the home page: the 780 px artwork with the top menu, the hero (name, chronicle,
 * rates) and the referral banner. On every other page, most often opened from a link, a compact
 * header, so that the page's own heading and content are in the first screen (decision 010).
 * At 1450 px and narrower, where the right pane is hidden, a strip under the menu carries the
 * chronicle, the event and the Order/Chaos bar.
 */
export const Header = () => {
  const { metadata } = useSiteData();
  const { pathname } = useLocation();
  const home = matchRoute(pathname)?.id === 'home';
  return (
    <header className={home ? 'site-header' : 'site-header site-header--compact'}>
      <div className="site-header__inner">
        <TopMenu compact={!home} />
        {metadata && (
          <div className="site-header__strip">
            <ServerFacts metadata={metadata} strip />
          </div>
        )}
        {home && (
          <div className="site-header__body">
            <div className="site-header__column">
              <HomeHero />
              <ReferralBanner />
            </div>
          </div>
        )}
      </div>
    </header>
  );
};
