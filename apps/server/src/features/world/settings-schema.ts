import { BOSS_RESPAWN_DETAILS } from '@gatekeeper/contract';
import { z } from 'zod';

/** `world`: the World pages (docs/owner/world.md). */
export const worldSettings = z
  .object({
    bossRespawn: z
      .enum(BOSS_RESPAWN_DETAILS)
      .default('status')
      .describe(
        "How much the Bosses page tells of a dead boss's return: `status` (alive or dead, and a dead raid boss's respawn delays: the game's rule, not its schedule), `day` (the UTC day it returns) or `exact` (the moment the game scheduled). Exact times help campers.",
      ),
    castleTreasury: z
      .boolean()
      .default(false)
      .describe(
        "Show each castle's treasury (the adena its tax has gathered) on the Castles page. Off by default: it tells rivals how rich an owner is.",
      ),
    refreshSeconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(60)
      .describe('How often the World pages are read again from the game database, in the background.'),
  })
  .strict()
  .prefault({})
  .describe('The World pages (see world.md).');
export type WorldSettings = z.infer<typeof worldSettings>;
