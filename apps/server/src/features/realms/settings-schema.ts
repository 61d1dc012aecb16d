import { LANGUAGES, REALM_SLUG_PATTERN, ROUTE_SLUGS } from '@gatekeeper/contract';
import { z } from 'zod';
import { hostPort } from '../../config';

/**
 * The facts of a game server the page shows (the `server` section and each realm), and `realms`:
 * one entry per game server the login server serves (decision 049, docs/owner/realms.md).
 */

/** ISO 8601 with an explicit offset, e.g. 2027-03-01T18:00:00+02:00. */
export const openingDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, 'expected YYYY-MM-DDTHH:MM:SS+HH:MM')
  .refine((value) => {
    const timestamp = Date.parse(value);
    if (Number.isNaN(timestamp)) return false;
    // Date.parse rolls 30 February over into March: the written day must exist as written.
    const [year, month, day] = value.slice(0, 10).split('-').map(Number);
    const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
    return calendar.getUTCFullYear() === year && calendar.getUTCMonth() + 1 === month && calendar.getUTCDate() === day;
  }, 'not a real date');

const rate = z.number().positive().max(100_000);

export const rates = z
  .object({
    exp: rate.optional().describe('Experience rate (5 shows `x5`).'),
    sp: rate.optional().describe('Skill point rate.'),
    adena: rate.optional().describe('Adena rate.'),
    drop: rate.optional().describe('Item drop rate.'),
  })
  .strict();
export type Rates = z.infer<typeof rates>;

/** A game server's `host:port` (port 7777 when left out). */
export const statusAddress = hostPort(7777);

/**
 * Words a realm's slug may not be: it is the first segment after the language prefix, so it may
 * not read as a language, the start of a page's path in any language, or the server's own paths.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...LANGUAGES,
  ...Object.values(ROUTE_SLUGS).flatMap((slugs) =>
    Object.values(slugs).flatMap((path) => (path === '' ? [] : [path.split('/')[0] ?? ''])),
  ),
  'sdk',
  'locales',
  'assets',
  'images',
  'healthz',
]);

const slug = z
  .string()
  .regex(REALM_SLUG_PATTERN, 'expected lower-case letters, digits and -, at most 24 characters')
  .refine((value) => !RESERVED_SLUGS.has(value), {
    error: (issue) =>
      `"${String(issue.input)}" is a language or the start of one of the site's own addresses; pick another slug`,
  });

const realmEntry = z
  .object({
    id: z
      .number()
      .int()
      .min(1)
      .max(127)
      .describe("The login server's `gameservers.server_id` of this game server (the client lists it by this id)."),
    slug: slug.describe(
      "The realm's word in addresses (`/x50/statistics/pvp`): lower-case letters, digits and `-`; not a language code nor the start of a page's path.",
    ),
    name: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .describe("How the site names the realm (the home page's cards, the status lights)."),
    chronicle: z.string().optional().describe("The realm's chronicle; left out, `server.chronicle`."),
    rates: rates.optional().describe("The realm's rates; left out, `server.rates`."),
    openingDate: openingDate
      .nullable()
      .optional()
      .describe("The realm's opening time (ISO 8601 with its UTC offset); left out, `server.openingDate`."),
    statusAddress: statusAddress
      .optional()
      .describe(
        "The game server's `host:port` for its status light; left out, `GAME_SERVER_ADDRESS` for the first realm (required for the others).",
      ),
  })
  .strict();
export type RealmEntry = z.infer<typeof realmEntry>;

/**
 * `realms`, each entry with its own vote sites, whose schema the votes feature owns (settings.ts
 * hands it in), so this feature knows nothing of them.
 */
export const realmsSettingsWith = <VoteSites extends z.ZodType>(voteSites: VoteSites) =>
  z
    .array(realmEntry.extend({ voteSites }).strict())
    .max(20)
    .superRefine((entries, context) => {
      const seen = { id: new Map<number, number>(), slug: new Map<string, number>() };
      entries.forEach((entry, index) => {
        for (const key of ['id', 'slug'] as const) {
          const earlier = (seen[key] as Map<unknown, number>).get(entry[key]);
          if (earlier !== undefined) {
            context.addIssue({
              code: 'custom',
              path: [index, key],
              message: `${key} ${entry[key]} is already realm ${earlier}'s; each realm has its own`,
            });
          }
          (seen[key] as Map<unknown, number>).set(entry[key], index);
        }
        if (index > 0 && entry.statusAddress === undefined) {
          context.addIssue({
            code: 'custom',
            path: [index, 'statusAddress'],
            message: "required for every realm after the first (its game server's host:port)",
          });
        }
      });
    })
    .prefault([])
    .describe(
      "The game servers the site serves, one entry per row of the login server's `gameservers` table (see realms.md). Empty: one realm, made of `GAME_DATABASE_URL`, `GAME_SERVER_ADDRESS` and `server`. The first entry reads `GAME_DATABASE_URL`; every other one `REALM_<SLUG>_DATABASE_URL`.",
    );
