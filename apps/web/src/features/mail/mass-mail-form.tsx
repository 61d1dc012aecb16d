import {
  type ConsoleMailJobAnswer,
  type ConsoleMailModel,
  type ConsoleMailPreviewAnswer,
  type ConsoleMailRecipientsAnswer,
  LANGUAGES,
  LANGUAGE_TAGS,
  type Language,
  type MailAnswer,
} from '@gatekeeper/contract/lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { SiteForm } from '../../components/form/site-form';
import { TabPanels } from '../../components/tab-panels';
import { NATIVE_LANGUAGE_NAMES } from '../../shared/language-names';
import { failureKeys, modelOf, useConsoleCall } from '../console/console-call';
import { CONSOLE_FORMS } from '../console/console-forms';
import { ConsoleTable } from '../console/console-table';

const STEPS = ['write', 'count', 'preview', 'confirm', 'progress'] as const;
type Step = (typeof STEPS)[number];
const STEP_LABELS: Record<Step, string> = {
  write: 'console.mail.stepWrite',
  count: 'console.mail.stepCount',
  preview: 'console.mail.stepPreview',
  confirm: 'console.mail.stepConfirm',
  progress: 'console.mail.stepProgress',
};

/** How often a queued mass mail's progress is read again while mails are left to send. */
const POLL_MS = 2_000;

/**
 * One language's mail as the worker sends it. The HTML is shown in a sandboxed frame with no
 * permission at all: no script runs, no form is sent, no link leaves the frame, and nothing in it
 * reaches the console's page, whatever the server's sanitizer let through.
 */
const MailPreview = ({ language, mail }: { language: Language; mail: ConsoleMailPreviewAnswer['mails'][Language] }) => {
  const { t } = useTranslation();
  return (
    <div className="console__mail-preview">
      <p>
        <strong>{t('mail.form.subject')}:</strong> <span lang={LANGUAGE_TAGS[language]}>{mail.subject}</span>
      </p>
      <iframe
        className="console__mail-frame"
        sandbox=""
        referrerPolicy="no-referrer"
        title={t('console.mail.previewHtml', { language: NATIVE_LANGUAGE_NAMES[language] })}
        srcDoc={`<!doctype html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"></head><body>${mail.html}</body></html>`}
      />
      <details>
        <summary>{t('console.mail.previewText')}</summary>
        <pre className="console__mail-text" lang={LANGUAGE_TAGS[language]}>
          {mail.text}
        </pre>
      </details>
    </div>
  );
};

/**
 * The mass mail in the console (docs/product.md#console-mail), in steps: write it (the mail page's
 * fields without a login or password: the stepped-up session sends), see how many players it
 * reaches per language, preview it in every language as the worker sends it, confirm with that
 * count ("Send to 897 players?"), then follow the job until every mail is sent or given up. The
 * send carries the confirmed count; when the recipients changed since, nothing goes and the new
 * count is shown to confirm again.
 */
export const MassMailForm = ({
  login,
  onSent,
  pollMs = POLL_MS,
}: {
  login: string;
  onSent: () => void;
  pollMs?: number;
}) => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const [step, setStep] = useState<Step>('write');
  // What the form's submit handed over (its success comes before its answer), and the mail the later steps stand for.
  const submitted = useRef<ConsoleMailModel | undefined>(undefined);
  const [written, setWritten] = useState<ConsoleMailModel | undefined>();
  const [preview, setPreview] = useState<ConsoleMailPreviewAnswer | undefined>();
  const [counted, setCounted] = useState<ConsoleMailRecipientsAnswer | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<{ queued: MailAnswer; progress?: ConsoleMailJobAnswer } | undefined>();
  // A new mail starts from an empty form: the form is mounted again.
  const [formKey, setFormKey] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const go = (next: Step) => {
    setErrors([]);
    moved.current = true;
    setStep(next);
  };
  // A screen reader hears where the owner is after each step; the first render keeps the focus where it is.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const count = (values: ConsoleMailModel) =>
    consoleCall(() =>
      callApi('getConsoleMailRecipients', {
        query: {
          version: values.version,
          registeredOnly: values.registeredOnly ?? 'No',
          testEmails: values.testEmails ?? '',
        },
      }),
    ).then((answer) => {
      if (Array.isArray(answer)) throw new Error('the count is a list');
      setCounted(answer);
      return answer;
    });

  const afterWrite = (answer: ConsoleMailPreviewAnswer | string[]) => {
    const values = submitted.current;
    if (!values) return;
    setWritten(values);
    setPreview(modelOf(answer));
    setBusy(true);
    count(values)
      .then(() => go('count'))
      .catch((error: unknown) => setErrors(failureKeys(error)))
      .finally(() => setBusy(false));
  };

  const send = () => {
    const values = written;
    if (!values || !counted) return;
    setBusy(true);
    setErrors([]);
    consoleCall(() => callApi('sendConsoleMail', { body: { ...values, expectedRecipients: counted.total } }))
      .then((answer) => {
        if (Array.isArray(answer)) throw new Error('the send is a list');
        setJob({ queued: answer });
        onSent();
        go('progress');
      })
      .catch(async (error: unknown) => {
        const keys = failureKeys(error);
        setErrors(keys);
        // The recipients changed since the count: the question shows the new number to confirm.
        if (errorCodesOf(error).includes('consoleMailRecipientsChanged')) {
          await count(values).catch((again: unknown) => setErrors([...keys, ...failureKeys(again)]));
        }
      })
      .finally(() => setBusy(false));
  };

  const jobId = job?.queued.jobId;
  const progress = job?.progress;
  const done = progress?.done ?? false;
  useEffect(() => {
    if (step !== 'progress' || jobId === undefined || done) return;
    let live = true;
    const read = () =>
      consoleCall(() => callApi('getConsoleMailJob', { query: { jobId } })).then(
        (answer) => {
          if (live && !Array.isArray(answer)) setJob((current) => current && { ...current, progress: answer });
        },
        (error: unknown) => live && setErrors(failureKeys(error)),
      );
    // Read at once, then again after each pause, until the job is done or the section closes.
    const timer = setTimeout(() => void read(), progress === undefined ? 0 : pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [step, jobId, done, progress, pollMs, consoleCall]);

  const writeAnother = () => {
    submitted.current = undefined;
    setWritten(undefined);
    setPreview(undefined);
    setCounted(undefined);
    setJob(undefined);
    setFormKey((key) => key + 1);
    go('write');
  };

  const back = (to: Step) => (
    <button type="button" className="button" onClick={() => go(to)} disabled={busy}>
      {t('console.mail.back')}
    </button>
  );
  const alert = errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>;

  return (
    <section className="console__mass-mail" aria-labelledby="console-mass-mail">
      <h3 id="console-mass-mail">{t('console.mail.title')}</h3>
      <p className="account-intro">{t('console.mail.intro', { login })}</p>
      <ol className="console__steps" aria-label={t('console.mail.steps')}>
        {STEPS.map((one) => (
          <li key={one} aria-current={one === step ? 'step' : undefined}>
            {t(STEP_LABELS[one])}
          </li>
        ))}
      </ol>
      <h4 ref={heading} tabIndex={-1} className="console__step-title">
        {t(STEP_LABELS[step])}
      </h4>

      {/* Kept while the later steps show: Back returns to what was written. */}
      <div hidden={step !== 'write'}>
        <SiteForm
          key={formKey}
          config={{
            call: 'previewConsoleMail',
            form: CONSOLE_FORMS.mail,
            captcha: false,
            keepValues: true,
            submitLabel: 'console.mail.toCount',
            failureTitle: 'console.mail.failedTitle',
            onSuccess: (values) => {
              submitted.current = values;
            },
            onAnswer: afterWrite,
          }}
        />
        {busy && <p aria-busy="true">{t('forms.processing')}</p>}
        {step === 'write' && alert}
      </div>

      {step === 'count' && counted && (
        <div className="console__count">
          <ConsoleTable
            caption={`${t('console.mail.recipients')}: ${t(`mail.form.versions.${written?.version ?? 'interlude'}`)}`}
            rowKey={(row) => row.language}
            rows={LANGUAGES.map((language: Language) => ({ language, mails: counted.perLanguage[language] }))}
            columns={[
              {
                id: 'language',
                label: t('console.mail.language'),
                render: (row) => NATIVE_LANGUAGE_NAMES[row.language],
              },
              { id: 'mails', label: t('console.mail.mails'), render: (row) => row.mails },
            ]}
          />
          <p role="status">
            {t('console.mail.total', { count: counted.total })} ·{' '}
            {t('console.mail.unsubscribed', { count: counted.unsubscribed })} ·{' '}
            {t('console.mail.unrecorded', { count: counted.unrecorded })}
          </p>
          {counted.total === 0 && <p role="alert">{t('console.mail.nobody')}</p>}
          <div className="console__actions">
            {back('write')}
            {counted.total > 0 && (
              <button type="button" className="button button--primary" onClick={() => go('preview')}>
                {t('console.mail.toPreview')}
              </button>
            )}
          </div>
        </div>
      )}

      {step === 'preview' && preview && (
        <div className="console__preview-step">
          <p className="account-intro">{t('console.mail.previewNote')}</p>
          <TabPanels
            label={t('console.mail.previewLanguages')}
            panels={LANGUAGES.map((language) => ({
              id: language,
              label: NATIVE_LANGUAGE_NAMES[language],
              render: () => <MailPreview language={language} mail={preview.mails[language]} />,
            }))}
          />
          <div className="console__actions">
            {back('count')}
            <button type="button" className="button button--primary" onClick={() => go('confirm')}>
              {t('console.mail.toConfirm')}
            </button>
          </div>
        </div>
      )}

      {step === 'confirm' && counted && (
        <div className="console__confirm">
          <p className="console__question">{t('console.mail.confirm', { count: counted.total })}</p>
          {alert}
          <div className="console__actions">
            {back('preview')}
            <button
              type="button"
              className="button button--primary"
              onClick={send}
              disabled={busy || counted.total === 0}
              aria-busy={busy}
            >
              {busy ? t('forms.processing') : t('console.mail.confirmYes')}
            </button>
          </div>
        </div>
      )}

      {step === 'progress' && job && (
        <div className="console__progress">
          <p role="status">
            {t('console.mail.sent', {
              jobId: job.queued.jobId,
              queued: job.queued.queued,
              skipped: job.queued.skipped,
            })}
          </p>
          {job.progress && (
            <dl className="console__facts" aria-label={t('console.mail.progressTitle', { jobId: job.queued.jobId })}>
              {(
                [
                  ['console.mail.progressQueued', job.progress.queued],
                  ['console.mail.progressPending', job.progress.pending],
                  ['console.mail.progressSent', job.progress.sent],
                  ['console.mail.progressFailed', job.progress.failed],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <p role="status" aria-live="polite">
            {t(done ? 'console.mail.progressDone' : 'console.mail.progressRunning')}
          </p>
          {alert}
          <button type="button" className="button" onClick={writeAnother}>
            {t('console.mail.writeAnother')}
          </button>
        </div>
      )}
    </section>
  );
};
