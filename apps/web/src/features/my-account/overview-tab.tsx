import type { AccountAnswer } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { ConsoleLink } from './console-link';
import { useFormats } from './formats';

/** Login, masked email, when created, the sign-in before this one, and the ban state. */
export const OverviewTab = ({ account }: { account: AccountAnswer }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('myAccount.overview.login'), account.login],
    [t('myAccount.overview.email'), account.email ?? t('myAccount.overview.none')],
    [
      t('myAccount.overview.created'),
      account.createdAt === null ? t('myAccount.overview.unknown') : formats.dateTime(account.createdAt),
    ],
    [
      t('myAccount.overview.lastSignIn'),
      account.lastSignIn
        ? `${formats.dateTime(account.lastSignIn.at)} · ${account.lastSignIn.address} · ${account.lastSignIn.device}`
        : t('myAccount.overview.none'),
    ],
    [t('myAccount.overview.ban'), account.ban.banned ? t('myAccount.banned.title') : t('myAccount.overview.notBanned')],
  ];
  return (
    <>
      <dl className="my-account__facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ConsoleLink />
    </>
  );
};
