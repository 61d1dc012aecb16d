import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteForm } from '../../components/form/site-form';
import { useFormats } from './formats';
import { MY_ACCOUNT_FORMS } from './my-account-forms';

/** Whether the session proved the password recently enough, and a re-render the moment it stops. */
export const useFreshProof = (provedUntil: number | null): boolean => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (provedUntil === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, provedUntil - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [provedUntil]);
  return provedUntil !== null && provedUntil > now;
};

/**
 * The password typed again before the email, passkeys or authenticator change
 * (docs/owner/accounts.md#a-stolen-session): a session alone cannot change what protects the account.
 */
export const ConfirmIdentitySection = ({ onConfirmed }: { onConfirmed: () => void }) => {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('myAccount.confirmIdentity.intro')}</p>
      <SiteForm
        config={{
          call: 'confirmIdentity',
          form: MY_ACCOUNT_FORMS.confirmIdentity,
          captcha: false,
          submitLabel: 'myAccount.confirmIdentity.submit',
          onAnswer: onConfirmed,
          failureTitle: 'myAccount.security.failed',
        }}
      />
    </>
  );
};

/** Until when the confirmed password lets the account's protections change. */
export const ProvedUntil = ({ until }: { until: number }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  return (
    <p className="my-account__muted" role="status">
      {t('myAccount.confirmIdentity.done', { time: formats.time(until) })}
    </p>
  );
};
