import { z } from 'zod';

/**
 * The referral programme (settings key `referral`). A referred account counts as playing once one
 * of its characters reaches `playingLevel`; the site looks for such accounts every `checkSeconds`
 * and credits `coins.perRef` to the referrer then, once.
 */
export const referralSettings = z
  .object({
    playingLevel: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .describe(
        'A referred account counts as playing once one of its characters (not a GM, not banned) reaches this level; its referrer then earns `coins.perRef` coins, once.',
      ),
    checkSeconds: z
      .number()
      .int()
      .min(10)
      .max(86_400)
      .default(300)
      .describe('How often the site looks for referred accounts that started playing, in the background.'),
  })
  .strict()
  .prefault({})
  .describe('The referral programme (see accounts.md).');
export type ReferralSettings = z.infer<typeof referralSettings>;
