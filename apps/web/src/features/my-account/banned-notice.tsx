import type { AccountAnswer } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { ContactLink } from '../../components/contact-link';
import { useSiteData } from '../../shared/site-data';
import { useFormats } from './formats';

/**
 * A banned account's page (docs/product.md#my-account): that it is banned and until when, the
 * reason where the console's ban gave one, where to appeal where the owner set it
 * (legal.appealContact), and a sign-out; nothing else.
 */
export const BannedNotice = ({ account, onSignOut }: { account: AccountAnswer; onSignOut: () => void }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const { metadata } = useSiteData();
  const appeal = metadata?.legal.appealContact ?? '';
  return (
    <section className="my-account__banned" aria-labelledby="my-account-banned">
      <h3 id="my-account-banned">{t('myAccount.banned.title')}</h3>
      <p role="status">
        {account.ban.until === null
          ? t('myAccount.banned.forGood')
          : t('myAccount.banned.until', { date: formats.dateTime(account.ban.until) })}
      </p>
      {account.ban.reason && <p>{t('myAccount.banned.reason', { reason: account.ban.reason })}</p>}
      {appeal && (
        <p>
          {t('myAccount.banned.appeal')} <ContactLink contact={appeal} />
        </p>
      )}
      <button type="button" className="button" onClick={onSignOut}>
        {t('myAccount.signOut')}
      </button>
    </section>
  );
};
