import { LIMITS } from '@gatekeeper/contract/lite';

/**
 * The fields the account, referral and mail forms share, with the contract's limits. A form lists
 * the ones it shows (defineForm checks each names a key of its model) and may relabel one.
 */
export const FIELDS = {
  username: { name: 'username', label: 'forms.username', autoComplete: 'username', maxLength: LIMITS.loginMax },
  newUsername: {
    name: 'username',
    label: 'forms.username',
    autoComplete: 'username',
    maxLength: LIMITS.usernameMax,
    hint: 'forms.hints.username',
  },
  password: { name: 'password', label: 'forms.password', type: 'password', autoComplete: 'current-password' },
  newPassword: {
    name: 'newPassword',
    label: 'forms.newPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
  confirmPassword: {
    name: 'confirmPassword',
    label: 'forms.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
  email: { name: 'email', label: 'forms.email', type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax },
  confirmEmail: {
    name: 'confirmEmail',
    label: 'forms.confirmEmail',
    type: 'email',
    autoComplete: 'email',
    maxLength: LIMITS.emailMax,
  },
  charName: { name: 'charName', label: 'forms.charName', autoComplete: 'off', maxLength: LIMITS.charNameMax },
  pincode: {
    name: 'pincode',
    label: 'forms.pincode',
    type: 'password',
    autoComplete: 'off',
    inputMode: 'numeric',
    maxLength: LIMITS.pincodeMax,
    hint: 'forms.hints.pincode',
  },
} as const;
