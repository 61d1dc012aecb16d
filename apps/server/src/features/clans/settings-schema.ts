import { z } from 'zod';

/** `clans`: the clan pages and their crests (docs/owner/world.md#clan-pages-and-crests). */
export const clansSettings = z
  .object({
    crestFolder: z
      .string()
      .max(1024)
      .default('')
      .describe(
        "aCis only: the game server's crest folder (its `data/crests`, e.g. `/opt/acis/gameserver/data/crests`), which the site reads `Crest_<id>.dds` from. Empty: clans show the plain emblem. L2J keeps crests in its game database and needs nothing here.",
      ),
  })
  .strict()
  .prefault({})
  .describe('The clan pages and their crests (see world.md).');
export type ClansSettings = z.infer<typeof clansSettings>;
