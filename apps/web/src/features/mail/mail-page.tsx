import { MAIL_FORM_MESSAGES, MAIL_VERSIONS, type MailModel, mailModel } from '@gatekeeper/contract';
import { useTranslation } from 'react-i18next';
import { CallError } from '../../api/client';
import type { DialogContent } from '../../components/dialog';
import { AccountForm, type FormDialogs } from '../../components/form/account-form';
import type { FieldSpec } from '../../components/form/form-field';
import { Page } from '../../components/page';

type MailValues = Required<MailModel>;

const FIELDS: FieldSpec<MailValues>[] = [
  { name: 'username', label: 'mail.form.username', autoComplete: 'username', maxLength: 45 },
  { name: 'password', label: 'mail.form.password', type: 'password', autoComplete: 'current-password' },
  { name: 'subject', label: 'mail.form.subject', autoComplete: 'off', maxLength: 200 },
  {
    name: 'version',
    label: 'mail.form.version',
    type: 'select',
    options: [
      { value: '', label: 'mail.form.chooseVersion' },
      ...MAIL_VERSIONS.map((version) => ({ value: version, label: `mail.form.versions.${version}` })),
    ],
  },
  {
    name: 'registeredOnly',
    label: 'mail.form.registeredOnly',
    type: 'radio',
    options: [
      { value: 'Yes', label: 'mail.form.yes' },
      { value: 'No', label: 'mail.form.no' },
    ],
  },
  {
    name: 'testEmails',
    label: 'mail.form.testEmails',
    inputMode: 'email',
    autoComplete: 'off',
    hint: 'mail.form.testEmailsHint',
  },
  { name: 'content', label: 'mail.form.content', type: 'textarea', rows: 12, hint: 'mail.form.contentHint' },
];

const DEFAULTS: MailValues = {
  username: '',
  password: '',
  subject: '',
  version: '' as MailValues['version'],
  registeredOnly: 'No',
  testEmails: '',
  content: '',
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The admin mail form (SPEC, Mail form): the server's answer is shown as JSON, and the form's own
 * messages are the spec's literal English ones.
 */
const MailPage = () => {
  const { t } = useTranslation();
  const answerTitle = t('mail.form.answerTitle');
  const dialogs: FormDialogs = {
    answer: (answer): DialogContent => ({
      tone: 'info',
      title: answerTitle,
      message: json(answer),
      preformatted: true,
    }),
    failure: (error): DialogContent =>
      // A refusal (wrong credentials, not a GM...) is an answer too; anything else is a server error.
      error instanceof CallError && error.status >= 400 && error.status < 500 && typeof error.body !== 'string'
        ? { tone: 'error', title: answerTitle, message: json(error.body), preformatted: true }
        : { tone: 'error', title: answerTitle, message: MAIL_FORM_MESSAGES.serverError },
    invalid: { tone: 'error', title: MAIL_FORM_MESSAGES.formInvalidTitle, message: MAIL_FORM_MESSAGES.formInvalid },
  };
  return (
    <Page title={t('pages.mail')}>
      <p className="account-intro">{t('mail.form.intro')}</p>
      <AccountForm<MailValues>
        config={{
          call: 'mail',
          schema: mailModel as never,
          fields: FIELDS,
          defaults: DEFAULTS,
          submitLabel: 'mail.form.submit',
          captcha: false,
          dialogs,
        }}
      />
    </Page>
  );
};

export default MailPage;
