import { z } from 'zod';
import { CONSOLE_SEARCH_MAX } from './console';

/**
 * Supporter codes (docs/owner/payments.md#supporter-codes, decision 052): a streamer's or a
 * partner's code a donor types on the donate page; the partner's wallet receives a share of the
 * donation's coins. The owner keeps them in the console's Donations section.
 */

/** A code: letters and digits, kept upper case. */
export const SUPPORTER_CODE_MIN = 3;
export const SUPPORTER_CODE_MAX = 24;
export const SUPPORTER_CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** A share in basis points (1 = 0.01 %): at most half of the donation's coins. */
export const SUPPORTER_SHARE_MAX = 5000;
/** The rows one CSV of the codes holds at most. */
export const SUPPORTER_CODES_MAX = 1000;

/** A code as typed (donate page, console), trimmed and upper case; undefined when empty. */
export const normalizeSupporterCode = (code: string | undefined): string | undefined => {
  const text = code?.trim().toUpperCase() ?? '';
  return text === '' ? undefined : text;
};

const codeRule = (error: 'supporterCodeFormat' | 'supporterCodeUnknown') =>
  z
    .string({ error })
    .trim()
    .min(SUPPORTER_CODE_MIN, { error })
    .max(SUPPORTER_CODE_MAX, { error })
    .regex(SUPPORTER_CODE_PATTERN, { error })
    .transform((code) => code.toUpperCase());

/**
 * The donate page's optional field (createdonationorder's `supporterCode`): empty is none; a
 * code of another shape is refused as unknown, as a code nobody has.
 */
export const donationSupporterCode = z
  .string()
  .trim()
  .max(64, { error: 'supporterCodeUnknown' })
  .optional()
  .transform((code) => normalizeSupporterCode(code))
  .pipe(codeRule('supporterCodeUnknown').optional());

/**
 * The share the owner types: whole percent (1 to 50) or, with a decimal part of up to two
 * digits, basis points (7.25 is 725). Answers the basis points, or undefined when it is not one.
 */
export const shareFromPercent = (text: string): number | undefined => {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points >= 1 && points <= SUPPORTER_SHARE_MAX ? points : undefined;
};

/** A share in basis points as the console shows it: 1000 is "10", 725 is "7.25". */
export const percentOfShare = (basisPoints: number): string => {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
};

/** A code as the owner saves it: `create` adds one (refused if taken), otherwise it changes one. */
export const consoleSupporterCode = z.object({
  create: z.boolean(),
  code: codeRule('supporterCodeFormat'),
  /** The partner's game account, which must exist. */
  partnerLogin: z
    .string({ error: 'supporterPartnerUnknown' })
    .trim()
    .min(1, { error: 'supporterPartnerUnknown' })
    .max(45, { error: 'supporterPartnerUnknown' }),
  shareBasisPoints: z
    .number({ error: 'supporterShareInvalid' })
    .int({ error: 'supporterShareInvalid' })
    .min(1, { error: 'supporterShareInvalid' })
    .max(SUPPORTER_SHARE_MAX, { error: 'supporterShareInvalid' }),
  enabled: z.boolean(),
  /** When the code stops being accepted (ms since the epoch); null: never. */
  endsAt: z.number({ error: 'formInvalid' }).int().min(0).nullable(),
});
export type ConsoleSupporterCode = z.input<typeof consoleSupporterCode>;
export const consoleSupporterCodeSaveModel = z.object({ supporter: consoleSupporterCode });
export const consoleSupporterCodeSaveAnswer = z.object({ code: z.string() });

/** What a code brought, in each currency donated. */
export const supporterAmount = z.object({ currency: z.string(), cents: z.number().int() });

/** A code with its figures: donations confirmed with it, their amount, the partner's coins. */
export const consoleSupporterCodeRow = z.object({
  code: z.string(),
  partnerLogin: z.string(),
  shareBasisPoints: z.number().int(),
  enabled: z.boolean(),
  endsAt: z.number().nullable(),
  donations: z.number().int(),
  amounts: z.array(supporterAmount),
  coinsCredited: z.number().int(),
  coinsTakenBack: z.number().int(),
  /** Coins a refund's share could not take back because the partner had spent them (flagged). */
  shortfall: z.number().int(),
});
export type ConsoleSupporterCodeRow = z.infer<typeof consoleSupporterCodeRow>;

export const consoleSupporterCodesQuery = z.object({
  q: z.string({ error: 'formInvalid' }).max(CONSOLE_SEARCH_MAX, { error: 'formInvalid' }).trim().optional(),
});
export type ConsoleSupporterCodesQuery = z.input<typeof consoleSupporterCodesQuery>;

export const consoleSupporterCodesAnswer = z.object({ rows: z.array(consoleSupporterCodeRow) });
export type ConsoleSupporterCodesAnswer = z.infer<typeof consoleSupporterCodesAnswer>;
