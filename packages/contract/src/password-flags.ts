import { LIMITS, PASSWORD_SYMBOLS } from './constants';

/**
 * The password rule's live checklist, without the schema library: the page shows it as the
 * player types, before the form's schemas have loaded (rules.ts builds newPasswordField on it).
 */
const escapeForClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
const SYMBOL_CLASS = `[${escapeForClass(PASSWORD_SYMBOLS)}]`;
const ALLOWED_PASSWORD = new RegExp(`^[A-Za-z0-9${escapeForClass(PASSWORD_SYMBOLS)}]*$`);

/** Whether a new password holds a character the game's password rule forbids (shown as typed). */
export const hasForbiddenPasswordCharacter = (password: string): boolean => !ALLOWED_PASSWORD.test(password);

export const PASSWORD_FLAG_KEYS = [
  'passwordTooShort',
  'passwordMissingUppercase',
  'passwordMissingLowercase',
  'passwordMissingNumber',
  'passwordMissingSymbol',
] as const;
export type PasswordFlagKey = (typeof PASSWORD_FLAG_KEYS)[number];
export type PasswordFlags = Record<PasswordFlagKey, boolean>;

/** The live checklist under newPassRequirements: a flag is true while its requirement is unmet. */
export const passwordFlags = (password: string): PasswordFlags => ({
  passwordTooShort: password.length < LIMITS.passwordMin,
  passwordMissingUppercase: !/[A-Z]/.test(password),
  passwordMissingLowercase: !/[a-z]/.test(password),
  passwordMissingNumber: !/[0-9]/.test(password),
  passwordMissingSymbol: !new RegExp(SYMBOL_CLASS).test(password),
});

export const INITIAL_PASSWORD_FLAGS: PasswordFlags = passwordFlags('');
