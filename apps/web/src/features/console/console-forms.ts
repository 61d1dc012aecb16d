import { LIMITS } from '@gatekeeper/contract/lite';
import { defineForm } from '../../components/form/form-definition';
import { MASS_MAIL_FIELDS } from '../../components/form/mail-fields';

const models = () => import('./console-models');

export const CONSOLE_FORMS = {
  /** The step-up: a code of the authenticator app or a recovery code; the factor is the app's. */
  signIn: defineForm(
    () => models().then((m) => m.consoleSignInModel),
    [
      {
        name: 'code',
        label: 'myAccount.code',
        autoComplete: 'one-time-code',
        maxLength: LIMITS.secondFactorCodeMax,
        hint: 'myAccount.codeHint',
      },
    ],
    { factor: 'totp' },
  ),
  /** The mass mail (docs/product.md#console-mail). */
  mail: defineForm(() => models().then((m) => m.consoleMailModel), MASS_MAIL_FIELDS, { registeredOnly: 'No' }),
};
