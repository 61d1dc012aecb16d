import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../shared/use-language';
import { useSiteData } from '../shared/site-data';
import { ACCOUNT_ROUTES } from '../i18n/routes';
import { Tabs } from './tabs';

type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

/**
 * The account pages' tabs (five, or four where the game has no PIN: metadata's accountTools), in
 * the site's one tab style (components/tabs.tsx), above the page's own content.
 */
export const AccountTabs = ({ active, children }: { active: AccountRoute; children: ReactNode }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const noPincode = metadata?.accountTools.pincode === false;
  const routes = ACCOUNT_ROUTES.filter((id) => !(noPincode && id === 'changePincode' && id !== active));
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
