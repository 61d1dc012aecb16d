import type { CastleRow } from '@gatekeeper/contract';
import type { CastleState } from '../../game/castles';

export interface CastleAnswerOptions {
  /** Whether the owner makes each castle's treasury public (world.castleTreasury). */
  treasury: boolean;
  /** How long a siege lasts, in ms (online.siegeLengthMinutes, the game's SiegeLength). */
  siegeLengthMs: number;
  now: number;
}

/**
 * A castle as the page shows it (docs/product.md#castles). The siege date is the start of the next
 * siege while it lies ahead, and of the current one while it runs; a date already further past
 * than a siege's length is one the game has not moved forward yet (it does at its next start or
 * when the siege ends), so the page says no date is set rather than show a day gone by.
 */
export const castleRow = (castle: CastleState, options: CastleAnswerOptions): CastleRow => {
  const { siegeDate } = castle;
  const underway = siegeDate > 0 && siegeDate <= options.now && options.now < siegeDate + options.siegeLengthMs;
  const row: CastleRow = {
    id: castle.id,
    name: castle.name,
    owner: castle.owner,
    taxPercent: castle.taxPercent,
    siegeAt: underway || siegeDate > options.now ? siegeDate : null,
    siegeUnderway: underway,
    attackers: castle.attackers,
    defenders: castle.defenders,
  };
  return options.treasury ? { ...row, treasury: castle.treasury } : row;
};

/** The castles in the game's own order (by id: Gludio, Dion, Giran, … in every chronicle). */
export const castleRows = (castles: readonly CastleState[], options: CastleAnswerOptions): CastleRow[] =>
  [...castles].sort((a, b) => a.id - b.id).map((castle) => castleRow(castle, options));
