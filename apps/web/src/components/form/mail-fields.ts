import { LIMITS, MAIL_VERSIONS } from '@gatekeeper/contract';
import type { FieldSpec } from './form-field';

/** What a mass mail says and whom it reaches: the fields the mail page and the console's Mail section share. */
export interface MassMailValues {
  subject: string;
  version: string;
  registeredOnly: string;
  testEmails: string;
  content: string;
}

/**
 * The mass mail's fields after the sender's (docs/product.md#mail-form): the mail page puts its
 * login and password before them, the console (docs/product.md#console-mail) shows them alone.
 */
export const MASS_MAIL_FIELDS: FieldSpec<MassMailValues>[] = [
  { name: 'subject', label: 'mail.form.subject', autoComplete: 'off', maxLength: LIMITS.mailSubjectMax },
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
