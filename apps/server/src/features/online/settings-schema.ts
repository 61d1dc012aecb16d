import { z } from 'zod';

/** `online`: who is online (off by default) and when to hide the list (docs/owner/online.md). */
export const onlineSettings = z
  .object({
    listPlayers: z
      .boolean()
      .default(false)
      .describe('List the players online now (name, class, level, clan) on the Online page. GMs are never listed.'),
    hideDuringSiege: z
      .boolean()
      .default(false)
      .describe('Hide the list while a castle siege is in progress, so that it cannot be used to scout.'),
    siegeLengthMinutes: z
      .number()
      .int()
      .min(1)
      .max(1_440)
      .default(120)
      .describe(
        "How long a siege lasts: the game's `SiegeLength` (config/Siege.properties), 120 minutes unless changed.",
      ),
    listLimit: z.number().int().min(1).max(1_000).default(300).describe('The most players the list shows.'),
  })
  .strict()
  .prefault({})
  .describe('The Online page: players over time, and who is online now (see online.md).');
export type OnlineSettings = z.infer<typeof onlineSettings>;
