import { z } from 'zod';

/** The signed-in sessions of a player's own account (docs/owner/accounts.md#sessions). */
export const sessionSettings = z
  .object({
    idleMinutes: z
      .number()
      .int()
      .min(5)
      .max(30 * 24 * 60)
      .default(120)
      .describe('A session not used for this long ends: the player signs in again.'),
    absoluteDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .default(30)
      .describe('A session ends this long after its sign-in, however often it is used.'),
  })
  .strict()
  .prefault({})
  .describe("The signed-in sessions of a player's own account (see accounts.md#sessions).");

export type SessionSettings = z.infer<typeof sessionSettings>;
