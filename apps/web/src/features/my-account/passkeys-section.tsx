import type { PasskeyRow } from '@gatekeeper/contract/lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { useDialog } from '../../components/dialog';
import { SiteForm } from '../../components/form/site-form';
import { useFormats } from './formats';
import { MY_ACCOUNT_FORMS } from './my-account-forms';
import { createPasskey, passkeyPromptClosed } from './passkey-ceremonies';
import { StateBadge } from './state-badge';

/** How many passkeys the account has, as the badge beside the section's title. */
export const PasskeysBadge = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  return <StateBadge tone={count > 0 ? 'on' : 'off'}>{t('myAccount.passkeys.count', { count })}</StateBadge>;
};

/**
 * The account's passkeys (docs/owner/accounts.md#passkeys): the list as the server keeps it (name,
 * when added, when last used), a form that adds one (the browser asks for the device's lock), and
 * a remove button per passkey. The form's "Add a passkey" is the section's one main action; the
 * count, once read, goes to the section's badge (`onCount`).
 */
export const PasskeysSection = ({ onCount }: { onCount?: (count: number) => void }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const showDialog = useDialog();
  const [rows, setRows] = useState<PasskeyRow[]>();
  const refused = useCallback(
    (error: unknown) => {
      const codes = errorCodesOf(error);
      showDialog({
        tone: 'error',
        title: t('myAccount.security.failed'),
        message:
          codes.length > 0
            ? codes.map((code) => t(code))
            : [t(passkeyPromptClosed(error) ? 'myAccount.passkeys.closed' : 'ServerError')],
      });
    },
    [showDialog, t],
  );
  const load = useCallback(() => {
    callApi('getPasskeys').then((read) => {
      setRows(read);
      onCount?.(read.length);
    }, refused);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dialog function is new on every render
  }, []);
  useEffect(load, [load]);
  const remove = async (row: PasskeyRow) => {
    try {
      await callApi('removePasskey', { body: { id: row.id } });
    } catch (error) {
      refused(error);
    }
    load();
  };

  return (
    <div className="my-account__passkeys">
      <p>{t('myAccount.passkeys.intro')}</p>
      {!rows && <p aria-busy="true">{t('forms.processing')}</p>}
      {rows?.length === 0 && <p>{t('myAccount.passkeys.none')}</p>}
      {rows && rows.length > 0 && (
        <ul className="my-account__rows" aria-label={t('myAccount.passkeys.title')}>
          {rows.map((row) => (
            <li key={row.id} className="my-account__row">
              <strong>{row.name}</strong>
              <span className="my-account__muted">
                {t('myAccount.passkeys.dates', {
                  created: formats.dateTime(row.createdAt),
                  used: row.lastUsedAt === null ? t('myAccount.passkeys.never') : formats.dateTime(row.lastUsedAt),
                })}
              </span>
              <button
                type="button"
                className="button"
                aria-label={t('myAccount.passkeys.removeNamed', { name: row.name })}
                onClick={() => void remove(row)}
              >
                {t('myAccount.passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SiteForm
        config={{
          call: 'addPasskey',
          form: MY_ACCOUNT_FORMS.addPasskey,
          captcha: false,
          submitLabel: 'myAccount.passkeys.add',
          prepare: async (values) => {
            const withAnswer = { ...values, response: await createPasskey() };
            return withAnswer;
          },
          onSuccess: load,
          success: { title: 'myAccount.passkeys.addedTitle', message: 'myAccount.passkeys.added' },
          failureTitle: 'myAccount.security.failed',
        }}
      />
    </div>
  );
};
