import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import type { GameFlavor } from './flavors';

export interface CastleOwner {
  clan: string;
  /** The owner clan's alliance; '' when it has none. */
  alliance: string;
}

export interface CastleState {
  id: number;
  name: string;
  taxPercent: number;
  treasury: number;
  /** Epoch ms of the next (or current) siege; 0 when the game has not set one. */
  siegeDate: number;
  owner: CastleOwner | null;
  /** Clans registered to attack at the next siege, by name. */
  attackers: string[];
  /** Clans registered (and approved) to defend, by name; the owner itself is not repeated here. */
  defenders: string[];
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/**
 * Every castle with its owner, tax, treasury, siege date and registered clans (docs/game/castles.md).
 * Three small reads: `castle` (nine rows in a usual chronicle), the clans holding a castle
 * (`clan_data.hasCastle`), and the siege registrations joined to their clans' names. The owner is
 * found through `clan_data.hasCastle` as the game itself does; siege_clans' side is read in the
 * flavour's own form (`flavor.siegeSides`), and a defender waiting for approval is left out.
 */
export const readCastles = async (db: Kysely<GameDatabase>, flavor: GameFlavor): Promise<CastleState[]> => {
  const castles = await db
    .selectFrom('castle')
    .select(['id', 'name', 'taxPercent', 'treasury', 'siegeDate'])
    .orderBy('id')
    .execute();
  const owners = await db
    .selectFrom('clan_data')
    .select(['clan_id', 'clan_name', 'ally_name', 'hasCastle'])
    .where('hasCastle', '>', 0)
    .execute();
  const { attackers, defenders } = flavor.siegeSides;
  const registered = await db
    .selectFrom('siege_clans')
    .innerJoin('clan_data', 'clan_data.clan_id', 'siege_clans.clan_id')
    .select(['siege_clans.castle_id', 'siege_clans.type', 'clan_data.clan_id', 'clan_data.clan_name'])
    .where('siege_clans.type', 'in', [...attackers, ...defenders])
    .execute();

  const ownerOf = new Map(owners.map((row) => [Number(row.hasCastle), row]));
  const isAttacker = (type: number | string | null) =>
    attackers.some((side) => String(side).toLowerCase() === String(type).toLowerCase());

  return castles.map((castle) => {
    const id = Number(castle.id);
    const owner = ownerOf.get(id);
    const sides = registered.filter((row) => Number(row.castle_id) === id && row.clan_name);
    return {
      id,
      name: castle.name,
      taxPercent: Number(castle.taxPercent),
      treasury: Number(castle.treasury),
      siegeDate: Number(castle.siegeDate),
      owner: owner?.clan_name ? { clan: owner.clan_name, alliance: owner.ally_name ?? '' } : null,
      attackers: sides
        .filter((row) => isAttacker(row.type))
        .map((row) => row.clan_name!)
        .sort(byName),
      defenders: sides
        .filter((row) => !isAttacker(row.type) && Number(row.clan_id) !== Number(owner?.clan_id))
        .map((row) => row.clan_name!)
        .sort(byName),
    };
  });
};
