import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import type { RankedCharacter } from './event-stats';
import { type RankingFilter, rankedCharacters } from './rankings-filter';
import type { GameSchema } from './schema-check';

/** Heroes with how many times each was hero (heroes.count), most first. */
export const listHeroes = async (
  db: Kysely<GameDatabase>,
  game: Pick<GameSchema, 'flavor'>,
  filter: RankingFilter,
): Promise<RankedCharacter[]> => {
  const heroKey = game.flavor.heroes.characterKey;
  const rows = await db
    .selectFrom('heroes')
    .innerJoin('characters', `characters.${filter.characterKey}`, `heroes.${heroKey}`)
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select(['characters.char_name as name', 'heroes.count as value', 'clan_data.clan_name as clan'])
    .where(rankedCharacters(filter))
    .orderBy('heroes.count', 'desc')
    .orderBy('characters.char_name')
    .orderBy(`characters.${filter.characterKey}`)
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({ name: row.name, value: Number(row.value), clan: row.clan ?? '' }));
};
