import { z } from 'zod';

/** Who gets into the owner's console and how long its step-up holds (docs/owner/console.md). */
export const consoleSettings = z
  .object({
    gmAccessLevel: z
      .number()
      .int()
      .min(1)
      .default(100)
      .describe(
        'The least game access level (accounts.accessLevel on L2J, access_level on aCis) that opens the console as a gm: read, mass mail, news.',
      ),
    ownerAccessLevel: z
      .number()
      .int()
      .min(1)
      .default(127)
      .describe(
        'The least game access level that opens the console as an owner: also money (donations) and rewards. At least gmAccessLevel.',
      ),
    idleMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15)
      .describe('The console asks for the second factor again after this many minutes without a console call.'),
  })
  .strict()
  .refine((value) => value.ownerAccessLevel >= value.gmAccessLevel, {
    message: 'ownerAccessLevel must be at least gmAccessLevel',
    path: ['ownerAccessLevel'],
  })
  .prefault({})
  .describe("The owner's console: who gets in, and its second-factor step-up (see console.md).");

export type ConsoleSettings = z.infer<typeof consoleSettings>;
