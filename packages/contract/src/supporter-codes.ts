import { z } from 'zod';
import { CONSOLE_SEARCH_MAX } from './console';
import {
  SUPPORTER_CODE_MAX,
  SUPPORTER_CODE_MIN,
  SUPPORTER_CODE_PATTERN,
  SUPPORTER_SHARE_MAX,
  normalizeSupporterCode,
} from './supporter-share';

/**
 * Supporter codes (docs/owner/payments.md#supporter-codes, decision 052): a streamer's or a
 * partner's code a donor types on the donate page; the partner's wallet receives a share of the
 * donation's coins. The owner keeps them in the console's Donations section.
 */

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
