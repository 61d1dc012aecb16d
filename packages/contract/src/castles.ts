import { z } from 'zod';

/**
 * A castle as the Castles page shows it (docs/product.md#castles): its owner clan and the owner's
 * alliance (null: no clan holds it), tax, the next siege and the clans registered for it.
 * `siegeAt` is the epoch ms the next (or current) siege starts, null while the game has set no
 * date to come; `siegeUnderway` is true from that moment for the siege's length. `treasury` is
 * there only when the owner makes it public (settings world.castleTreasury).
 */
export const castleRow = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.object({ clan: z.string(), alliance: z.string() }).nullable(),
  taxPercent: z.number(),
  siegeAt: z.number().nullable(),
  siegeUnderway: z.boolean(),
  attackers: z.array(z.string()),
  defenders: z.array(z.string()),
  treasury: z.number().optional(),
});
export type CastleRow = z.infer<typeof castleRow>;
