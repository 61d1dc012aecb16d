import { CONSOLE_BAN_DURATIONS, LIMITS } from '@gatekeeper/contract/lite';
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
  /** An owner's ban of the account shown (docs/owner/console.md#accounts): why, and how long. */
  ban: defineForm(
    () => models().then((m) => m.consoleBanFields),
    [
      { name: 'reason', label: 'console.accounts.reason', type: 'textarea', rows: 2, maxLength: 500 },
      {
        name: 'duration',
        label: 'console.accounts.duration',
        type: 'select',
        options: [
          { value: '', label: 'console.accounts.chooseDuration' },
          ...CONSOLE_BAN_DURATIONS.map((duration) => ({
            value: duration,
            label: `console.accounts.durations.${duration}`,
          })),
        ],
        hint: 'console.accounts.banHint',
      },
    ],
  ),
};
