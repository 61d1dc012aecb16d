import { z } from 'zod';
import { LIMITS, REALM_SLUG_PATTERN } from './constants';
import { boundedText } from './rules';

/** A member of a clan as its page lists it (docs/product.md#clan-page). */
export const clanMember = z.object({
  name: z.string(),
  classId: z.number(),
  level: z.number(),
  online: z.boolean(),
});
export type ClanMember = z.infer<typeof clanMember>;

/**
 * A clan's page (docs/product.md#clan-page): its leader, level, reputation, alliance, castle (the
 * castle's id in the game, 1 Gludio to 9 Schuttgart; null without one), its crest (the id of a
 * crest the server could read and decode, shown from CLAN_CREST_PATH; null otherwise), and its
 * members, the leader first, then by level and name. `online` counts the members in the game.
 */
export const clanView = z.object({
  name: z.string(),
  leader: z.string(),
  level: z.number(),
  reputation: z.number(),
  alliance: z.string().nullable(),
  castleId: z.number().nullable(),
  crestId: z.number().nullable(),
  online: z.number(),
  members: z.array(clanMember),
});
export type ClanView = z.infer<typeof clanView>;

/** getclan's query: a clan's name in any case (longer than any clan_name column: null beyond). */
export const clanQuery = z.object({
  name: boundedText(LIMITS.charNameQueryMax, 'formInvalid', { trim: false }),
  /** The clan's realm (decision 049); the first when left out. */
  realm: z.string().regex(REALM_SLUG_PATTERN, 'formInvalid').optional(),
});

/** The crest picture's query (CLAN_CREST_PATH): a crest id of the game (a positive 32-bit integer). */
export const clanCrestQuery = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  realm: z.string().regex(REALM_SLUG_PATTERN, 'formInvalid').optional(),
});
