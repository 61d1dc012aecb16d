import { z } from 'zod';

/** `statistics`: the rankings' length and how often they are read again. */
export const statisticsSettings = z
  .object({
    limit: z.number().int().min(1).max(1000).default(100).describe('Rows of each ranking.'),
    refreshSeconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(60)
      .describe('How often the rankings are read again from the game database, in the background.'),
  })
  .strict()
  .prefault({})
  .describe('The eleven rankings (see rankings.md).');
export type StatisticsSettings = z.infer<typeof statisticsSettings>;
