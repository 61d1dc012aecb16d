import { z } from 'zod';
import { LIMITS } from './constants';
import { boundedText } from './rules';

/**
 * The owner's console (docs/owner/console.md): who is in it, the step-up with the second factor,
 * and the audit log. A `gm` reads, sends mass mail and writes news; an `owner` may also act on
 * money and rewards.
 */
export const CONSOLE_ROLES = ['gm', 'owner'] as const;
export const consoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof consoleRole>;

/**
 * The second factors the console accepts on its sign-in. `totp` is the authenticator app; a
 * passkey joins this list (docs/owner/console.md#second-factor).
 */
export const CONSOLE_FACTORS = ['totp'] as const;
export type ConsoleFactor = (typeof CONSOLE_FACTORS)[number];

/**
 * The console's step-up: which factor, and its proof (for `totp`, a code of the app or a recovery
 * code). A passkey adds its kind to CONSOLE_FACTORS and its assertion's fields here.
 */
export const consoleSignInModel = z.object({
  factor: z.enum(CONSOLE_FACTORS, { error: 'formInvalid' }),
  code: boundedText(LIMITS.secondFactorCodeMax, 'wrongSecondFactorCode').min(1, {
    error: 'wrongSecondFactorCode',
    abort: true,
  }),
});
export type ConsoleSignInModel = z.input<typeof consoleSignInModel>;

/**
 * Who is at the console: the login, the role, whether the second factor was given on this
 * session within the idle minutes (steppedUp), and the factors the account can give (empty: it
 * must switch one on in "My account" first).
 */
export const consoleMeAnswer = z.object({
  login: z.string(),
  role: consoleRole,
  idleMinutes: z.number().int(),
  steppedUp: z.boolean(),
  factors: z.array(z.enum(CONSOLE_FACTORS)),
});
export type ConsoleMeAnswer = z.infer<typeof consoleMeAnswer>;

/** The audit log's search: free text over who, what and which record; a page ends before an id. */
export const consoleAuditQuery = z.object({
  q: z.string().max(100, { error: 'formInvalid' }).optional(),
  before: z.coerce.number({ error: 'formInvalid' }).int().positive().optional(),
});
export type ConsoleAuditQuery = z.input<typeof consoleAuditQuery>;

export const consoleAuditRow = z.object({
  id: z.number().int(),
  at: z.number(),
  login: z.string(),
  role: z.string(),
  action: z.string(),
  record: z.string(),
  address: z.string(),
  detail: z.string(),
});
export type ConsoleAuditRow = z.infer<typeof consoleAuditRow>;

export const consoleAuditAnswer = z.object({
  rows: z.array(consoleAuditRow),
  /** Where the next page starts (the `before` to send), or null at the end. */
  next: z.number().int().nullable(),
});
export type ConsoleAuditAnswer = z.infer<typeof consoleAuditAnswer>;
