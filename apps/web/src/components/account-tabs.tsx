import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../shared/use-language';
import { useSiteData } from '../shared/site-data';
import { ACCOUNT_ROUTES } from '../i18n/routes';
import { useSignedInLogin } from '../shared/signed-in';
import { Tabs } from './tabs';

type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

/**
 * The account pages' tabs (five; no PIN where the game has none, metadata's accountTools; no
 * Register for a signed-in player), in
 * the site's one tab style (components/tabs.tsx), above the page's own content.
 */
export const AccountTabs = ({ active, children }: { active: AccountRoute; children: ReactNode }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const noPincode = metadata?.accountTools.pincode === false;
  // A signed-in player has an account: no Register tab, unless that is the page opened.
  const signedIn = useSignedInLogin() !== undefined;
  const hidden = (id: AccountRoute) =>
    id !== active && ((noPincode && id === 'changePincode') || (signedIn && id === 'register'));
  const routes = ACCOUNT_ROUTES.filter((id) => !hidden(id));
  return (
    <>
      <Tabs
        label={t('account.tabsLabel')}
        active={active}
        links={routes.map((id) => ({ id, to: href(id), label: t(`account.tabs.${id}`) }))}
      />
      {children}
    </>
  );
};
