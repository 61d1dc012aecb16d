import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from '../../shared/navigation';
import { ExternalLink } from '../../components/external-link';
import { ACCOUNT_ROUTES, STATISTICS_LANDING, STATISTICS_ROUTES, WORLD_ROUTES, type RouteId } from '../../i18n/routes';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { LanguageBar } from '../../components/language-bar';
import { OpeningNotice } from './opening-notice';
import { StatusLights } from './status-lights';
import { ScriptButton } from '../../components/script-button';
import { callApi } from '../../api/client';
import { announceSignedIn, learnSignedIn, useSignedInLogin } from '../../shared/signed-in';

/**
 * Signed in: the login and a sign-out, in the utility row's free middle (no height of its own, so
 * nothing moves when it appears after hydration). Signing out reloads My account.
 */
const SignedInBadge = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const login = useSignedInLogin();
  const { pathname } = useLocation();
  const onMyAccount = pathname === href('myAccount');
  // My account reads the account itself and announces it.
  useEffect(() => {
    if (!onMyAccount) learnSignedIn();
  }, [onMyAccount]);
  const signOut = async () => {
    await callApi('signOut', { body: {} }).catch(() => undefined);
    announceSignedIn(undefined);
    window.location.assign(href('myAccount'));
  };
  return (
    <div className="top-menu__signed-in">
      {login && (
        <>
          <NavLink to={href('myAccount')} className="top-menu__login">
            {login}
          </NavLink>
          <button type="button" className="top-menu__sign-out" onClick={() => void signOut()}>
            {t('myAccount.signOut')}
          </button>
        </>
      )}
    </div>
  );
};

/**
 * The top menu: home, news, my account, the account tools (registering only for a visitor not
 * signed in), downloads, statistics, world (bosses, castles, olympiad), donate ("opens soon" while
 * payments are not set up), the shop, the two community links (each only where the owner has set it), the
 * lights and, before the opening, the opening date.
 * Account and Statistics stay marked on every page of their section. Up to the tablet breakpoint
 * (decision 010) the links sit behind a menu button, a disclosure: aria-expanded, Escape closes it
 * and gives the focus back to the button, and following a link closes it.
 */
export const TopMenu = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const signedIn = useSignedInLogin() !== undefined;
  const section = (ids: readonly RouteId[]) => ids.map((id) => href(id));
  const items: { to: string; label: string; end?: boolean; section?: string[]; note?: string }[] = [
    { to: href('home'), label: t('menu.home'), end: true },
    { to: href('news'), label: t('menu.news') },
    { to: href('myAccount'), label: t('menu.myAccount') },
    // A signed-in player has an account: the tools open on the first that is about it.
    { to: href(signedIn ? 'changePassword' : 'register'), label: t('menu.account'), section: section(ACCOUNT_ROUTES) },
    { to: href('downloads'), label: t('menu.downloads') },
    { to: href(STATISTICS_LANDING), label: t('menu.statistics'), section: section([...STATISTICS_ROUTES, 'online']) },
    { to: href('worldBosses'), label: t('menu.world'), section: section(WORLD_ROUTES) },
    {
      to: href('donate'),
      label: t('menu.donate'),
      note: metadata?.donation.open === false ? t('menu.opensSoon') : undefined,
    },
    { to: href('shop'), label: t('menu.shop') },
  ];

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(undefined);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="top-menu">
      <div className="top-menu__utility">
        <div className="top-menu__status">
          <StatusLights />
          <OpeningNotice />
        </div>
        <SignedInBadge />
        <LanguageBar />
      </div>
      <nav className="top-menu__nav" aria-label={t('menu.label')} data-open={open || undefined}>
        <NavLink to={href('home')} className="top-menu__logo" aria-label={t('site.homeLink')}>
          <img src="/images/logo/gatekeeper.svg" alt="" width={44} height={44} />
        </NavLink>
        {/* Outside home the hero is not there: the site's name stays the page's first heading. */}
        {compact && <h1 className="top-menu__name">{t('site.name')}</h1>}
        <ScriptButton
          ref={button}
          className="top-menu__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpenOn(open ? undefined : pathname)}
        >
          <span className="top-menu__toggle-icon" aria-hidden="true" />
          {t('menu.button')}
        </ScriptButton>
        <ul className="top-menu__links" id={listId}>
          {items.map((item) => (
            <li key={item.label}>
              <NavLink to={item.to} end={item.end} section={item.section} className="top-menu__link">
                {item.label}
                {item.note && <span className="top-menu__note"> {item.note}</span>}
              </NavLink>
            </li>
          ))}
          {metadata && (
            <>
              {metadata.links.features && (
                <li>
                  <ExternalLink href={metadata.links.features} className="top-menu__link top-menu__link--external">
                    {t('menu.features')}
                    <ArrowUpRight className="top-menu__external-icon" aria-hidden="true" />
                  </ExternalLink>
                </li>
              )}
              {metadata.links.discord && (
                <li>
                  <ExternalLink href={metadata.links.discord} className="top-menu__link top-menu__link--external">
                    {t('menu.discord')}
                    <ArrowUpRight className="top-menu__external-icon" aria-hidden="true" />
                  </ExternalLink>
                </li>
              )}
            </>
          )}
        </ul>
      </nav>
    </div>
  );
};
