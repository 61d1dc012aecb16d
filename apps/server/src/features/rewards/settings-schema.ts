import { z } from 'zod';

/**
 * How rewards (donation coins, referral coins, later votes) reach a character (settings key
 * `rewards`). `auto` uses what the game database has: L2J Server's character_premium_items
 * (claimed at the Dimensional Merchant), else L2J Mobius's custom_mail (delivered to online
 * players when its CustomMailManager is enabled), else the items_delayed table that RusAcis and
 * L2-Scripts poll (handed to online players), else the site's own queue for a game mod to drain
 * (plain aCis; start-up warns while `auto` ends there).
 */
export const REWARD_DELIVERY_MODES = ['auto', 'premiumItems', 'customMail', 'itemsDelayed', 'queue'] as const;

export const rewardSettings = z
  .object({
    coinItemId: z
      .number()
      .int()
      .min(1)
      .default(4037)
      .describe(
        "The item id of the coins that donations and referrals give (4037 is Coin of Luck in the L2J item tables; use your donation coin's id).",
      ),
    delivery: z
      .enum(REWARD_DELIVERY_MODES)
      .default('auto')
      .describe(
        "How rewards reach a character: `premiumItems` (L2J Server's `character_premium_items`), `customMail` (L2J Mobius's `custom_mail`), `itemsDelayed` (the `items_delayed` table that RusAcis and L2-Scripts poll), `queue` (the site's `site_reward_queue`, drained by a game mod; the only way on plain aCis, which has no table for items) or `auto` (the first of these tables the game database has, else the queue with a start-up warning).",
      ),
    sender: z
      .string()
      .min(1)
      .max(50)
      .default('Gatekeeper')
      .describe(
        "The sender the Dimensional Merchant shows (`character_premium_items.itemSender`); with `itemsDelayed`, the start of each row's `description`.",
      ),
    mailSubject: z
      .string()
      .min(1)
      .max(128)
      .default('Your reward')
      .describe('Subject of the `custom_mail` letter that carries the items (with `customMail`).'),
    mailMessage: z
      .string()
      .min(1)
      .max(1000)
      .default('Thank you for supporting the server!')
      .describe('Text of that letter.'),
    retrySeconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(60)
      .describe('How often a reward the game database refused (it was down) is tried again.'),
  })
  .strict()
  .prefault({})
  .describe('How rewards (the coins of donations and referrals) reach a character: see payments.md.');

export type RewardSettings = z.infer<typeof rewardSettings>;
