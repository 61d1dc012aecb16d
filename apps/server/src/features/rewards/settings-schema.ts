import { z } from 'zod';

/**
 * How rewards (donation coins, referral coins, later votes) reach a character (settings key
 * `rewards`). `auto` uses what the game database has: L2J Server's character_premium_items
 * (claimed at the Dimensional Merchant), else L2J Mobius's custom_mail (delivered to online
 * players when its CustomMailManager is enabled), else the site's own queue for a game mod to drain.
 */
export const REWARD_DELIVERY_MODES = ['auto', 'premiumItems', 'customMail', 'queue'] as const;

export const rewardSettings = z
  .object({
    /** The item the coins are: 4037 is Coin of Luck in the L2J item tables; owners use their own. */
    coinItemId: z.number().int().min(1).default(4037),
    delivery: z.enum(REWARD_DELIVERY_MODES).default('auto'),
    /** Shown in game as the sender (character_premium_items.itemSender, at most 50 characters). */
    sender: z.string().min(1).max(50).default('Gatekeeper'),
    /** Subject and text of the custom_mail letter that carries the items (L2J Mobius). */
    mailSubject: z.string().min(1).max(128).default('Your reward'),
    mailMessage: z.string().min(1).max(1000).default('Thank you for supporting the server!'),
    /** How often grants that failed (the game database was down) are tried again. */
    retrySeconds: z.number().int().min(5).max(86_400).default(60),
  })
  .strict()
  .prefault({});

export type RewardSettings = z.infer<typeof rewardSettings>;
