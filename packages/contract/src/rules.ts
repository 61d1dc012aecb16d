import { z } from 'zod';
import { LIMITS, PASSWORD_SYMBOLS } from './constants';

/**
 * Field rules of SPEC section 5. Every message is a translation key. An empty value reports only
 * its "empty" key (abort), so a form and a call answer one code per missing field.
 */

const required = (emptyKey: string) => z.string().trim().min(1, { error: emptyKey, abort: true });

export const usernameField = required('UsernameEmpty');

/**
 * Text the game's tables can hold: they are utf8mb3 (L2J.md), which has no room for a character
 * outside the Basic Multilingual Plane (an emoji), so such a name or address could never be stored.
 */
export const GAME_TEXT_PATTERN = /^[^\u{10000}-\u{10FFFF}]*$/u;

/** Register: 6 to 14 characters of any kind the game can store. */
export const newUsernameField = usernameField
  .min(LIMITS.usernameMin, 'usernameRequirements')
  .max(LIMITS.usernameMax, 'usernameRequirements')
  .regex(GAME_TEXT_PATTERN, 'usernameRequirements');

/** An existing password is only required: accounts predate the site's rule. */
export const passwordField = z.string().min(1, { error: 'PasswordEmpty', abort: true });

const escapeForClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
const SYMBOL_CLASS = `[${escapeForClass(PASSWORD_SYMBOLS)}]`;
const ALLOWED_PASSWORD = new RegExp(`^[A-Za-z0-9${escapeForClass(PASSWORD_SYMBOLS)}]*$`);

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

/** Register and change password: 8-15 characters, lower, upper, digit and symbol, nothing else. */
export const newPasswordField = z
  .string()
  .min(1, { error: 'PasswordEmpty', abort: true })
  .superRefine((password, ctx) => {
    const flags = passwordFlags(password);
    for (const key of PASSWORD_FLAG_KEYS) {
      if (flags[key]) ctx.addIssue({ code: 'custom', message: key });
    }
    if (password.length > LIMITS.passwordMax) ctx.addIssue({ code: 'custom', message: 'passwordTooLong' });
    if (!ALLOWED_PASSWORD.test(password)) {
      ctx.addIssue({ code: 'custom', message: 'passwordInvalidCharacter' });
    }
  });

/** A general e-mail pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = required('EmailEmpty')
  .max(LIMITS.emailMax, 'emailRequirements')
  .regex(EMAIL_PATTERN, 'emailRequirements')
  .regex(GAME_TEXT_PATTERN, 'emailRequirements');

export const pincodeField = z
  .string()
  .min(1, { error: 'PincodeEmpty', abort: true })
  .regex(new RegExp(`^[0-9]{${LIMITS.pincodeMin},${LIMITS.pincodeMax}}$`), 'pincodeRequirements');

export const charNameField = required('CharNameEmpty');

export const captchaField = z.string().min(1, { error: 'CaptchaEmpty', abort: true });

/** The mail form's test addresses: separated by commas, semicolons, spaces or lines; each once, lower case. */
export const splitTestEmails = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export const MAIL_TEST_EMAILS_MAX = 20;

/** A refinement that reports `key` on `path` when two fields differ (confirm password / email). */
export const matching =
  <T extends Record<string, unknown>>(field: keyof T & string, confirm: keyof T & string, key: string) =>
  (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[confirm]) ctx.addIssue({ code: 'custom', message: key, path: [confirm] });
  };

/** The error codes of a failed parse: each message once, in field order. */
export const errorCodesOf = (error: z.ZodError): string[] => [...new Set(error.issues.map((issue) => issue.message))];
