import { type ConsoleMailRecipientsAnswer, LANGUAGES, type Language, type MailAnswer } from '@gatekeeper/contract/lite';
import { MAIL_VERSIONS } from '@gatekeeper/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { SiteForm } from '../../components/form/site-form';
import { failureKeys, useConsoleCall } from './console-call';
import { CONSOLE_FORMS } from './console-forms';
import { ConsoleTable } from './console-table';
import { NATIVE_LANGUAGE_NAMES } from '../../shared/language-names';

type Version = (typeof MAIL_VERSIONS)[number];
const isVersion = (value: unknown): value is Version => (MAIL_VERSIONS as readonly unknown[]).includes(value);

/**
 * The mass mail in the console (docs/product.md#console-mail): the mail page's fields without a
 * login or password (the stepped-up session sends), a count of the recipients per language for
 * the version chosen, then the send; the answer says which job it is and how many mails it queued.
 */
export const MassMailForm = ({ login, onSent }: { login: string; onSent: () => void }) => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const [choice, setChoice] = useState<{ version?: Version; registeredOnly: 'Yes' | 'No' }>({ registeredOnly: 'No' });
  const [counted, setCounted] = useState<ConsoleMailRecipientsAnswer | undefined>();
  const [countErrors, setCountErrors] = useState<string[]>([]);
  const [counting, setCounting] = useState(false);
  const [sent, setSent] = useState('');

  const onValuesChange = (values: { version?: string; registeredOnly?: string }) => {
    const next = {
      version: isVersion(values.version) ? values.version : undefined,
      registeredOnly: values.registeredOnly === 'Yes' ? ('Yes' as const) : ('No' as const),
    };
    if (next.version !== choice.version || next.registeredOnly !== choice.registeredOnly) {
      setChoice(next);
      setCounted(undefined);
    }
  };

  const count = () => {
    if (!choice.version) {
      setCountErrors(['consoleMailVersionEmpty']);
      return;
    }
    const { version, registeredOnly } = choice;
    setCounting(true);
    setCountErrors([]);
    consoleCall(() => callApi('getConsoleMailRecipients', { query: { version, registeredOnly } }))
      .then((answer) => {
        if (Array.isArray(answer)) setCountErrors(failureKeys(answer));
        else setCounted(answer);
      })
      .catch((error: unknown) => setCountErrors(failureKeys(error)))
      .finally(() => setCounting(false));
  };

  return (
    <section className="console__mass-mail" aria-labelledby="console-mass-mail">
      <h3 id="console-mass-mail">{t('consoleMail.title')}</h3>
      <p className="account-intro">{t('consoleMail.intro', { login })}</p>
      <SiteForm
        config={{
          call: 'sendConsoleMail',
          form: CONSOLE_FORMS.mail,
          captcha: false,
          submitLabel: 'consoleMail.send',
          failureTitle: 'consoleMail.failedTitle',
          onValuesChange,
          onAnswer: (answer) => {
            const queued = answer as MailAnswer;
            setSent(t('consoleMail.sent', { jobId: queued.jobId, queued: queued.queued, skipped: queued.skipped }));
            setCounted(undefined);
            onSent();
          },
        }}
      />
      <div className="console__count">
        <button type="button" className="button" onClick={count} disabled={counting} aria-busy={counting}>
          {counting ? t('forms.processing') : t('consoleMail.count')}
        </button>
        {countErrors.length > 0 && <p role="alert">{countErrors.map((key) => t(key)).join(' ')}</p>}
        {counted && (
          <>
            <ConsoleTable
              caption={`${t('consoleMail.recipients')}: ${t(`mail.form.versions.${choice.version ?? 'interlude'}`)}`}
              rowKey={(row) => row.language}
              rows={LANGUAGES.map((language: Language) => ({ language, mails: counted.perLanguage[language] }))}
              columns={[
                {
                  id: 'language',
                  label: t('consoleMail.language'),
                  render: (row) => NATIVE_LANGUAGE_NAMES[row.language],
                },
                { id: 'mails', label: t('consoleMail.mails'), render: (row) => row.mails },
              ]}
            />
            <p role="status">
              {t('consoleMail.total', { count: counted.total })} ·{' '}
              {t('consoleMail.unsubscribed', { count: counted.unsubscribed })} ·{' '}
              {t('consoleMail.unrecorded', { count: counted.unrecorded })}
            </p>
          </>
        )}
      </div>
      {sent && <p role="status">{sent}</p>}
    </section>
  );
};
