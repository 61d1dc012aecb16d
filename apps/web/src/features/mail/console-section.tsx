import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { failureKeys, useConsoleCall, useConsoleRead } from '../console/console-call';
import { ConsoleTable, ReadProgress } from '../console/console-table';
import { MassMailForm } from './mass-mail-form';
import './console-section.css';

const readFailedMails = () => callApi('getConsoleFailedMails');

/**
 * The mass mail in its steps (write, count, preview, confirm, progress), then the outbox's
 * given-up mails and putting them back in the outbox (all, or one mass mail's).
 */
export const MailSection = ({ login }: { login: string }) => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const { state, reload } = useConsoleRead(readFailedMails);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const retry = (jobId?: number) => {
    setBusy(true);
    setErrors([]);
    consoleCall(() => callApi('retryConsoleFailedMails', { body: jobId === undefined ? {} : { jobId } }))
      .then((answer) => {
        setMessage(t('console.mail.requeued', { count: answer.requeued }));
        reload();
      })
      .catch((error: unknown) => setErrors(failureKeys(error)))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <MassMailForm login={login} onSent={reload} />
      <h3>{t('console.mail.outbox')}</h3>
      {message && <p role="status">{message}</p>}
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      {state.kind !== 'ready' ? (
        <ReadProgress state={state} />
      ) : (
        <>
          <ConsoleTable
            caption={t('console.mail.failed')}
            rowKey={(row) => row.id}
            rows={state.value}
            columns={[
              { id: 'email', label: t('console.mail.email'), render: (row) => row.email, keepWhole: true },
              { id: 'kind', label: t('console.mail.kind'), render: (row) => row.kind },
              { id: 'subject', label: t('console.mail.subject'), render: (row) => row.subject ?? '' },
              { id: 'attempts', label: t('console.rewards.attempts'), render: (row) => row.attempts },
              { id: 'error', label: t('console.rewards.lastError'), render: (row) => row.lastError ?? '' },
              {
                id: 'retry',
                label: t('console.rewards.actions'),
                render: (row) =>
                  row.jobId !== null && (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => retry(row.jobId ?? undefined)}
                    >
                      {t('console.mail.retryJob', { jobId: row.jobId })}
                    </button>
                  ),
              },
            ]}
          />
          {state.value.length > 0 && (
            <button type="button" className="button" disabled={busy} onClick={() => retry()}>
              {t('console.mail.retryAll')}
            </button>
          )}
        </>
      )}
    </>
  );
};
