import { z } from 'zod';
import { LIMITS } from './constants';
import { PASSWORD_FLAG_KEYS, hasForbiddenPasswordCharacter, passwordFlags } from './password-flags';

/**
 * Field rules (docs/product.md#field-rules). Every message is a translation key. An empty value reports only
 * its "empty" key (abort), so a form and a call answer one code per missing field.
 */

/**
 * A string of at most `max` characters (after trimming surrounding white space when `trim`). The
 * bound is the first check and aborts, so a longer value reaches no pattern, split or refinement:
 * whatever those cost, they never see more than `max` characters.
 */
export const boundedText = (max: number, tooLongKey: string, options: { trim?: boolean } = {}) => {
  // zod's max counts code points, a walk over the whole value; a value of more than two UTF-16
  // units per allowed code point cannot fit, and its length says so at once.
  const text = z.string().refine((value) => value.length <= 2 * max, { error: tooLongKey, abort: true });
  return (options.trim === false ? text : text.trim()).max(max, { error: tooLongKey, abort: true });
};

const required = (emptyKey: string, max: number, tooLongKey: string) =>
  boundedText(max, tooLongKey).min(1, { error: emptyKey, abort: true });

/** An existing login: no account's login is longer than the column. */
export const usernameField = required('UsernameEmpty', LIMITS.loginMax, 'formInvalid');

/**
 * Text the game's tables can hold: they are utf8mb3 (docs/game/accounts.md#logins), which has no room for a character
 * outside the Basic Multilingual Plane (an emoji), so such a name or address could never be stored.
 */
export const GAME_TEXT_PATTERN = /^[^\u{10000}-\u{10FFFF}]*$/u;

/**
 * Register: 6 to 14 Latin letters and digits (decision 007). The game client's login box types
 * nothing else, and the login packet carries the name in 14 bytes: a name with any other
 * character would be an account its player can never log in with.
 */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9]*$/;
export const newUsernameField = required('UsernameEmpty', LIMITS.usernameMax, 'usernameRequirements')
  .min(LIMITS.usernameMin, 'usernameRequirements')
  .regex(USERNAME_CHARACTERS, 'usernameCharacters');

/** An existing password is only required: accounts predate the site's rule. */
export const passwordField = boundedText(LIMITS.passwordInputMax, 'formInvalid', { trim: false }).min(1, {
  error: 'PasswordEmpty',
  abort: true,
});

export * from './password-flags';

/** Register and change password: 8-15 characters, lower, upper, digit and symbol, nothing else. */
export const newPasswordField = boundedText(LIMITS.passwordInputMax, 'passwordTooLong', { trim: false })
  .min(1, { error: 'PasswordEmpty', abort: true })
  .superRefine((password, ctx) => {
    const flags = passwordFlags(password);
    for (const key of PASSWORD_FLAG_KEYS) {
      if (flags[key]) ctx.addIssue({ code: 'custom', message: key });
    }
    if (password.length > LIMITS.passwordMax) ctx.addIssue({ code: 'custom', message: 'passwordTooLong' });
    if (hasForbiddenPasswordCharacter(password)) {
      ctx.addIssue({ code: 'custom', message: 'passwordInvalidCharacter' });
    }
  });

/**
 * A general e-mail address: something@domain.tld, one '@', no white space, a domain of two or more
 * non-empty labels. The old pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracked quadratically (64 KB
 * took seconds); here every step is one linear scan, with no pattern that could backtrack.
 */
export const isEmailAddress = (value: string): boolean => {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@') || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !domain.includes('..');
};

export const emailField = required('EmailEmpty', LIMITS.emailMax, 'emailRequirements')
  .refine(isEmailAddress, 'emailRequirements')
  .regex(GAME_TEXT_PATTERN, 'emailRequirements');

export const pincodeField = boundedText(LIMITS.pincodeMax, 'pincodeRequirements', { trim: false })
  .min(1, { error: 'PincodeEmpty', abort: true })
  .regex(new RegExp(`^[0-9]{${LIMITS.pincodeMin},${LIMITS.pincodeMax}}$`), 'pincodeRequirements');

/** A character name: a longer one than the column cannot exist (`tooLongKey` says so). */
export const charNameRule = (tooLongKey: string) => required('CharNameEmpty', LIMITS.charNameMax, tooLongKey);
export const charNameField = charNameRule('charDoesntExist');

export const captchaField = boundedText(LIMITS.captchaMax, 'captchaInvalid', { trim: false }).min(1, {
  error: 'CaptchaEmpty',
  abort: true,
});

/** The mail form's test addresses: separated by commas, semicolons, spaces or lines; each once, lower case. */
export const splitTestEmails = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export const MAIL_TEST_EMAILS_MAX = LIMITS.mailTestEmailsMax;

/** A repeat field that must equal its field (confirm password, confirm email). */
export interface Confirmation {
  field: string;
  confirm: string;
  key: string;
  /** Compare without the spaces around (the fields are trimmed). */
  trim?: boolean;
}

const textOf = (value: unknown, trim: boolean) =>
  typeof value === 'string' ? (trim ? value.trim() : value) : undefined;

/**
 * The fields of a form, with repeat fields that must match. The comparison does not wait for the
 * fields: zod runs an object's own refinements only once every field is valid (a field's "empty"
 * check aborts, and a pipe stops at any issue), and a player must see "do not match" as soon as the
 * repeat field differs, whatever else is still wrong. So the fields are parsed here, and their
 * codes and the mismatches reported together.
 */
export const withConfirmations = <Fields extends z.ZodObject>(fields: Fields, confirmations: Confirmation[]) =>
  Object.assign(
    z
      .custom<z.input<Fields>>(() => true)
      .transform((input, ctx): z.output<Fields> => {
        const parsed = fields.safeParse(input);
        for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ ...issue });
        const value = input as Record<string, unknown> | undefined;
        let matches = true;
        for (const { field, confirm, key, trim = false } of confirmations) {
          const [first, second] = [textOf(value?.[field], trim), textOf(value?.[confirm], trim)];
          if (first !== undefined && second !== undefined && first !== second) {
            ctx.addIssue({ code: 'custom', message: key, path: [confirm] });
            matches = false;
          }
        }
        return parsed.success && matches ? parsed.data : z.NEVER;
      }),
    // The form's fields, as an object model shows them (forms take their keys and defaults here).
    { fields, shape: fields.shape },
  );

/** The fields of a form schema, with or without repeat fields (for tests that walk them). */
export const formFields = (schema: z.ZodType): z.ZodObject =>
  ('fields' in schema ? schema.fields : schema) as z.ZodObject;

/** The error codes of a failed parse: each message once, in field order. */
export const errorCodesOf = (error: z.ZodError): string[] => [...new Set(error.issues.map((issue) => issue.message))];
