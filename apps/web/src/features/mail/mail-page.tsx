import { MAIL_FORM_MESSAGES, mailModel } from '@gatekeeper/contract';
import { useTranslation } from 'react-i18next';
import type { DialogContent } from '../../components/dialog';
import { SiteForm, type FormDialogs } from '../../components/form/site-form';
import { FIELDS } from '../../components/form/fields';
import { MASS_MAIL_FIELDS } from '../../components/form/mail-fields';
import { defineForm } from '../../components/form/form-definition';
import { Page } from '../../components/page';
import { mailRefusalTexts } from './mail-refusal';

export const MAIL_FORM = defineForm(
  () => Promise.resolve(mailModel),
  [
    { ...FIELDS.username, label: 'mail.form.username' },
    { ...FIELDS.password, label: 'mail.form.password' },
    ...MASS_MAIL_FIELDS,
  ],
  { registeredOnly: 'No' },
);

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The admin mail form (docs/product.md#mail-form): the server's answer is shown as JSON, a refusal in the
 * visitor's language, and the form's own messages are the spec's literal English ones.
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
    failure: (error): DialogContent => ({
      // A refusal (wrong credentials, not a GM, a refused captcha...) is an answer in words;
      // anything else is a server error.
      tone: 'error',
      title: answerTitle,
      message: mailRefusalTexts(error, t) ?? MAIL_FORM_MESSAGES.serverError,
    }),
    invalid: (fields): DialogContent => ({
      tone: 'error',
      title: MAIL_FORM_MESSAGES.formInvalidTitle,
      message: [
        ...(fields.some((field) => field !== 'captcha') ? [MAIL_FORM_MESSAGES.formInvalid] : []),
        ...(fields.includes('captcha') ? [t('CaptchaEmpty')] : []),
      ],
    }),
  };
  return (
    <Page title={t('pages.mail')}>
      <p className="account-intro">{t('mail.form.intro')}</p>
      <SiteForm
        config={{
          call: 'mail',
          form: MAIL_FORM,
          submitLabel: 'mail.form.submit',
          dialogs,
        }}
      />
    </Page>
  );
};

export default MailPage;
