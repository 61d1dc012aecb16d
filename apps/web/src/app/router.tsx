import type { Metadata } from '@gatekeeper/contract/lite';
import { type ComponentType, lazy } from 'react';
import { getHref, languageOfPath, matchRoute, type RouteId } from '../i18n/routes';
import { Navigate, useLocation } from '../shared/navigation';
import { LanguageSync } from './language-sync';
import { SiteDataProvider } from '../shared/site-data';
import { Shell } from './shell/shell';
import { DialogProvider } from '../components/dialog';

/** Each page is its own chunk, loaded when first visited. */
const pages: Record<RouteId, ComponentType> = {
  home: lazy(() => import('../features/home/home-page')),
  register: lazy(() => import('../features/account/account-pages').then((m) => ({ default: m.RegisterPage }))),
  changePassword: lazy(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.ChangePasswordPage })),
  ),
  recoverPassword: lazy(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.RecoverPasswordPage })),
  ),
  changePincode: lazy(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.ChangePincodePage })),
  ),
  unblockCharacter: lazy(() =>
    import('../features/account/account-pages').then((m) => ({ default: m.UnblockCharacterPage })),
  ),
  downloads: lazy(() => import('../features/downloads/downloads-page')),
  donate: lazy(() => import('../features/donate/donate-page')),
  referral: lazy(() => import('../features/referral/referral-page')),
  mail: lazy(() => import('../features/mail/mail-page')),
  fb: lazy(() => import('../features/streams/stream-registration-page')),
  notFound: lazy(() => import('../features/not-found/not-found-page')),
  statisticsReferrals: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ReferralsStatistics })),
  ),
  statisticsScore: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ScoreStatistics })),
  ),
  statisticsAssists: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.AssistsStatistics })),
  ),
  statisticsKills: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.KillsStatistics })),
  ),
  statisticsDeaths: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.DeathsStatistics })),
  ),
  statisticsKd: lazy(() => import('../features/statistics/statistics-page').then((m) => ({ default: m.KdStatistics }))),
  statisticsEventTime: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.EventTimeStatistics })),
  ),
  statisticsClans: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ClansStatistics })),
  ),
  statisticsHeroes: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.HeroesStatistics })),
  ),
  statisticsClasses: lazy(() =>
    import('../features/statistics/statistics-page').then((m) => ({ default: m.ClassesStatistics })),
  ),
};

/** Any unknown path goes to /notfound, in the language the path was written in. */
const RedirectToNotFound = () => {
  const { pathname } = useLocation();
  return <Navigate to={getHref('notFound', languageOfPath(pathname))} />;
};

/** The page of the address, from the one route table (i18n/routes.ts), in every language. */
const CurrentPage = () => {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (!route) return <RedirectToNotFound />;
  const Page = pages[route.id];
  return <Page />;
};

/** The whole page; on a pre-rendered page, with the metadata the server rendered it with. */
export const AppRouter = ({ initialMetadata }: { initialMetadata?: Metadata }) => (
  <LanguageSync>
    <SiteDataProvider initialMetadata={initialMetadata}>
      <DialogProvider>
        <Shell>
          <CurrentPage />
        </Shell>
      </DialogProvider>
    </SiteDataProvider>
  </LanguageSync>
);
