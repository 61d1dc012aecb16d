import type { PageNews } from '../shared/page-data';
import {
  type ClanView,
  type Metadata,
  matchClanPage,
  matchConsoleSection,
  matchNewsPost,
  matchAnyRealmRoute,
  matchRealmRoute,
  splitRealm,
} from '@gatekeeper/contract/lite';
import { type ReactNode, use } from 'react';
import { useTranslation } from 'react-i18next';
import { completeTexts, hasSections } from '../i18n/i18n';
import { type TextPage, sectionsOf } from '../i18n/page-texts';
import { getHref, languageOfPath, languagePrefix, matchRoute, type RouteId } from '../i18n/routes';
import { otherRealmsOf } from '../shared/use-realm';
import { useSiteData } from '../shared/site-data';
import { PageLoading } from '../components/page';
import { Navigate, useLocation } from '../shared/navigation';
import { type Preloadable, preloadable } from '../shared/preloadable';
import { LanguageSync } from './language-sync';
import { SiteDataProvider } from '../shared/site-data';
import { Shell } from './shell/shell';
import { preloadHomeSections } from '../features/home/home-sections';
import { DialogProvider } from '../components/dialog';
import { type PageAnswers, PageAnswersProvider } from '../api/page-answers';

/** A news post's page (its path is the news page's and the post's slug). */
const newsPostPage = preloadable<object>(() =>
  import('../features/news/news-pages').then((m) => ({ default: m.NewsPostPage })),
);

/** A clan's page (docs/product.md#clan-page): `/clan/<name>` in each language. */
const clanPage = preloadable<object>(() => import('../features/clans/clan-page'));

/** Each page is its own chunk, loaded when first visited. */
const pages: Record<RouteId, Preloadable<object>> = {
  home: preloadable(() => import('../features/home/home-page')),
  register: preloadable(() => import('../features/account/account-pages').then((m) => ({ default: m.RegisterPage }))),
  changePassword: preloadable(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.ChangePasswordPage })),
  ),
  recoverPassword: preloadable(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.RecoverPasswordPage })),
  ),
  changePincode: preloadable(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.ChangePincodePage })),
  ),
  unblockCharacter: preloadable(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.UnblockCharacterPage })),
  ),
  myAccount: preloadable(() => import('../features/my-account/my-account-page')),
  console: preloadable(() => import('../features/console/console-page')),
  news: preloadable(() => import('../features/news/news-pages').then((m) => ({ default: m.NewsPage }))),
  downloads: preloadable(() => import('../features/downloads/downloads-page')),
  donate: preloadable(() => import('../features/donate/donate-page')),
  shop: preloadable(() => import('../features/shop/shop-page')),
  referral: preloadable(() => import('../features/referral/referral-page')),
  mail: preloadable(() => import('../features/mail/mail-page')),
  fb: preloadable(() => import('../features/streams/stream-registration-page')),
  privacy: preloadable(() => import('../features/legal/legal-pages').then((m) => ({ default: m.PrivacyPage }))),
  terms: preloadable(() => import('../features/legal/legal-pages').then((m) => ({ default: m.TermsPage }))),
  contact: preloadable(() => import('../features/legal/legal-pages').then((m) => ({ default: m.ContactPage }))),
  notFound: preloadable(() => import('../features/not-found/not-found-page')),
  statisticsReferrals: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ReferralsStatistics })),
  ),
  statisticsScore: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ScoreStatistics })),
  ),
  statisticsAssists: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.AssistsStatistics })),
  ),
  statisticsKills: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.KillsStatistics })),
  ),
  statisticsDeaths: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.DeathsStatistics })),
  ),
  statisticsKd: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.KdStatistics })),
  ),
  statisticsEventTime: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.EventTimeStatistics })),
  ),
  statisticsClans: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ClansStatistics })),
  ),
  statisticsHeroes: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.HeroesStatistics })),
  ),
  statisticsClasses: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ClassesStatistics })),
  ),
  statisticsVoters: preloadable(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.VotersStatistics })),
  ),
  worldBosses: preloadable(() => import('../features/world/bosses-page')),
  worldOlympiad: preloadable(() => import('../features/world/olympiad-page')),
  worldCastles: preloadable(() => import('../features/world/castles-page')),
  online: preloadable(() => import('../features/online/online-page')),
};

/**
 * Loads the page of an address (the not-found page for an unknown one) and what it shows at once,
 * so that it renders without suspending: before the browser hydrates the server's HTML, and on the
 * server before it renders.
 */
export const preloadPage = async (pathname: string): Promise<void> => {
  // The realms are not known here: a realm's page (decision 049) is loaded whatever its segment.
  const route = matchAnyRealmRoute(pathname);
  const page = route
    ? pages[route.id]
    : matchNewsPost(pathname)
      ? newsPostPage
      : matchClanPage(pathname) || matchClanPage(splitRealm(pathname, [firstSegment(pathname)]).path)
        ? clanPage
        : matchConsoleSection(pathname)
          ? pages.console
          : pages.notFound;
  await page.preload();
  if (route?.id === 'home') await preloadHomeSections();
};

/** Any unknown path goes to /notfound, in the language the path was written in. */
const RedirectToNotFound = () => {
  const { pathname } = useLocation();
  return <Navigate to={getHref('notFound', languageOfPath(pathname))} />;
};

/**
 * A page whose sections of texts the pre-rendered page did not carry waits for its language's
 * whole file (decision 048); the page the server rendered has its own at once.
 */
const WithTexts = ({ page, children }: { page: TextPage; children: ReactNode }) => {
  const { i18n } = useTranslation();
  if (!hasSections(i18n.language, sectionsOf(page))) use(completeTexts());
  return children;
};

/** The word after a path's language prefix (a realm's slug, if the path has one). */
const firstSegment = (pathname: string): string => {
  const rest = pathname.slice(languagePrefix(languageOfPath(pathname)).length);
  const end = rest.indexOf('/', 1);
  return rest.slice(1, end === -1 ? undefined : end).toLowerCase();
};

/**
 * The page of the address, from the one route table (i18n/routes.ts), in every language; a page
 * that shows one game world also under a realm's segment (decision 049).
 */
const CurrentPage = () => {
  const { pathname: address } = useLocation();
  const { metadata } = useSiteData();
  const { path: pathname, realm } = splitRealm(address, otherRealmsOf(metadata));
  const realmRoute = matchRealmRoute(address, otherRealmsOf(metadata));
  const route = realm === undefined ? matchRoute(pathname) : realmRoute;
  // Until the realms are known, an address with a segment that may be one waits for them.
  if (!route && metadata === undefined && matchAnyRealmRoute(address)) return <PageLoading />;
  if (realm !== undefined && !route && !matchClanPage(pathname)) return <RedirectToNotFound />;
  if (!route && realm === undefined && matchNewsPost(pathname))
    return (
      <WithTexts page="post">
        <newsPostPage.Component />
      </WithTexts>
    );
  if (!route && matchClanPage(pathname))
    return (
      <WithTexts page="clan">
        <clanPage.Component />
      </WithTexts>
    );
  // A console section's address: the console, which shows the section.
  if (!route && matchConsoleSection(pathname))
    return (
      <WithTexts page="console">
        <pages.console.Component />
      </WithTexts>
    );
  if (!route) return <RedirectToNotFound />;
  const Page = pages[route.id].Component;
  return (
    <WithTexts page={route.id}>
      <Page />
    </WithTexts>
  );
};

/** The player's frame around every page but the console's, which has its own (features/console/console-shell.tsx). */
const Framed = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  return matchConsoleSection(pathname) ? children : <Shell>{children}</Shell>;
};

/** The whole page; on a pre-rendered page, with the metadata the server rendered it with. */
export const AppRouter = ({
  initialMetadata,
  initialNews,
  initialAnswers,
  initialClan,
}: {
  initialMetadata?: Metadata;
  initialNews?: PageNews;
  initialAnswers?: PageAnswers;
  initialClan?: ClanView;
}) => (
  <LanguageSync>
    <PageAnswersProvider answers={initialAnswers}>
      <SiteDataProvider initialMetadata={initialMetadata} initialNews={initialNews} initialClan={initialClan}>
        <DialogProvider>
          <Framed>
            <CurrentPage />
          </Framed>
        </DialogProvider>
      </SiteDataProvider>
    </PageAnswersProvider>
  </LanguageSync>
);
