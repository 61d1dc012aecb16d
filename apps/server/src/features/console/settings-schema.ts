import { z } from 'zod';

/** How much mass mail one console login may send in an hour (docs/owner/console.md#mass-mail-limits). */
const massMailLimit = (sends: number, recipients: number, role: string) =>
  z
    .object({
      sendsPerHour: z
        .number()
        .int()
        .min(0)
        .max(1_000)
        .default(sends)
        .describe(`Mass mails (test sends included) one ${role} may send in an hour; 0: none.`),
      recipientsPerHour: z
        .number()
        .int()
        .min(0)
        .max(10_000_000)
        .default(recipients)
        .describe(
          `Mails all of one ${role}'s mass mails of an hour may queue together; a send that would pass it queues nothing.`,
        ),
    })
    .strict()
    .prefault({});

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
    massMail: z
      .object({ gm: massMailLimit(3, 5_000, 'gm'), owner: massMailLimit(10, 100_000, 'owner') })
      .strict()
      .prefault({})
      .describe("The console's mass mail limits per login and per role, over the last hour."),
  })
  .strict()
  .refine((value) => value.ownerAccessLevel >= value.gmAccessLevel, {
    message: 'ownerAccessLevel must be at least gmAccessLevel',
    path: ['ownerAccessLevel'],
  })
  .prefault({})
  .describe("The owner's console: who gets in, and its second-factor step-up (see console.md).");

export type ConsoleSettings = z.infer<typeof consoleSettings>;
