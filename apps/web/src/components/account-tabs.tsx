import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '../shared/navigation';
import { useLanguage } from '../shared/use-language';
import { useSiteData } from '../shared/site-data';
import { ACCOUNT_ROUTES } from '../i18n/routes';
import './account-tabs.css';

type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

/**
 * The account tabs (five, or four where the game has no PIN: metadata's accountTools). Each tab
 * is a link to its own route; the active one is selected.
 * Arrow keys, Home and End move between tabs as the WAI-ARIA tabs pattern asks.
 */
export const AccountTabs = ({ active, children }: { active: AccountRoute; children: ReactNode }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const activeTab = useRef<HTMLAnchorElement>(null);
  const { metadata } = useSiteData();
  const noPincode = metadata?.accountTools.pincode === false;
  const routes = ACCOUNT_ROUTES.filter((id) => !(noPincode && id === 'changePincode' && id !== active));

  // Each tab is its own page: after an arrow key the new page's active tab takes the focus.
  useEffect(() => {
    if ((location.state as { focusTab?: boolean } | null)?.focusTab) activeTab.current?.focus();
  }, [location.state]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = routes.indexOf(active);
    const last = routes.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % routes.length
        : event.key === 'ArrowLeft'
          ? (index + last) % routes.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    void navigate(href(routes[next] as AccountRoute), { state: { focusTab: true } });
  };

  return (
    <section className="account-tabs">
      <div role="tablist" aria-label={t('account.tabsLabel')} className="account-tabs__list" onKeyDown={onKeyDown}>
        {routes.map((id) => (
          <Link
            key={id}
            ref={id === active ? activeTab : undefined}
            id={`account-tab-${id}`}
            role="tab"
            to={href(id)}
            aria-selected={id === active}
            aria-controls="account-tab-panel"
            tabIndex={id === active ? 0 : -1}
            className={`account-tabs__tab${id === active ? ' account-tabs__tab--active' : ''}`}
          >
            {t(`account.tabs.${id}`)}
          </Link>
        ))}
      </div>
      <div
        id="account-tab-panel"
        role="tabpanel"
        aria-labelledby={`account-tab-${active}`}
        className="account-tabs__panel"
      >
        {children}
      </div>
    </section>
  );
};
