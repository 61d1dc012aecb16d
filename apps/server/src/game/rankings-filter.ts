import type { ExpressionBuilder, Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import type { GameFlavor } from './flavors';

/** Who a ranking shows: no GMs, no banned accounts or characters, nobody pending deletion (docs/game/rankings.md). */
export interface RankingFilter {
  /** Banned logins, read from the login database (it may be another database than the game's). */
  bannedAccounts: readonly string[];
  /** Characters banned one by one (L2J Server's punishments table, affect CHARACTER). */
  bannedCharacterIds?: readonly number[];
  limit: number;
  /** The flavour's characters key (game/flavors.ts): charId or obj_Id. */
  characterKey: GameFlavor['characters']['key'];
}

/**
 * Access level 0 (or NULL) is a player: GMs are above 0, and the emulators mark a banned
 * character with -1.
 */
export const rankedCharacters = (filter: RankingFilter) => (eb: ExpressionBuilder<GameDatabase, 'characters'>) => {
  const conditions = [
    eb.or([eb('characters.accesslevel', 'is', null), eb('characters.accesslevel', '=', 0)]),
    eb.or([eb('characters.deletetime', 'is', null), eb('characters.deletetime', '=', 0)]),
  ];
  if (filter.bannedAccounts.length > 0) {
    conditions.push(eb('characters.account_name', 'not in', [...filter.bannedAccounts]));
  }
  if (filter.bannedCharacterIds && filter.bannedCharacterIds.length > 0) {
    conditions.push(eb(`characters.${filter.characterKey}`, 'not in', [...filter.bannedCharacterIds]));
  }
  return eb.and(conditions);
};

/**
 * Characters by id with a value counted elsewhere (the site's vote ledger), as a ranking shows
 * them: name and clan, rankable characters only, highest value first, ties by name.
 */
export const rankCharactersByValue = async (
  db: Kysely<GameDatabase>,
  filter: RankingFilter,
  values: ReadonlyMap<number, number>,
): Promise<{ name: string; value: number; clan: string }[]> => {
  if (values.size === 0) return [];
  const rows = await db
    .selectFrom('characters')
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select([`characters.${filter.characterKey} as id`, 'characters.char_name as name', 'clan_data.clan_name as clan'])
    .where(`characters.${filter.characterKey}`, 'in', [...values.keys()])
    .where(rankedCharacters(filter))
    .execute();
  return rows
    .map((row) => ({ name: row.name, value: values.get(Number(row.id)) ?? 0, clan: row.clan ?? '' }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, filter.limit);
};
