import { type Kysely, sql } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { type RankingFilter, rankedCharacters } from './rankings-filter';

export interface ClassStanding {
  classId: number;
  /** Ranked characters whose base class it is. */
  count: number;
  /** The one with the most kills, ties by name. */
  topPlayer: string;
  topPlayerKills: number;
  totalKills: number;
}

const KILLS = sql<number>`(coalesce(characters.pvpkills, 0) + coalesce(characters.pkkills, 0))`;
/** Above any kill count the columns can hold, so every key's number has 13 digits. */
const KEY_BASE = 1_999_999_999_999;
const KEY_DIGITS = 13;
const SEPARATOR = '\t';

/**
 * Each base class (a character on a subclass counts for its main class): how many play it, its
 * best player and the kills of all its characters, most played first. Kills are the world's
 * own record, PvP plus PK (pvpkills + pkkills), which every character has.
 *
 * One pass over the characters, because this list cannot use an index: the best player of a
 * class is the smallest key "(KEY_BASE - kills) lower(name) TAB name", whose fixed-width number
 * sorts most kills first and the name breaks ties the same way on both dialects.
 */
export const classStatistics = async (db: Kysely<GameDatabase>, filter: RankingFilter): Promise<ClassStanding[]> => {
  const rows = await db
    .selectFrom('characters')
    .where(rankedCharacters(filter))
    .select([
      'characters.base_class as classId',
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(${KILLS})`.as('totalKills'),
      sql<string>`min(concat(${sql.lit(KEY_BASE)} - ${KILLS}, lower(characters.char_name), ${SEPARATOR}, characters.char_name))`.as(
        'best',
      ),
    ])
    .groupBy('characters.base_class')
    .orderBy('count', 'desc')
    .orderBy('totalKills', 'desc')
    .orderBy('characters.base_class')
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({
    classId: Number(row.classId),
    count: Number(row.count),
    topPlayer: row.best.slice(row.best.lastIndexOf(SEPARATOR) + 1),
    topPlayerKills: KEY_BASE - Number(row.best.slice(0, KEY_DIGITS)),
    totalKills: Number(row.totalKills),
  }));
};
