import { type Kysely, sql } from 'kysely';
import type { GameDatabase } from '../db/tables';

/**
 * Who is in the game now (docs/game/characters.md#online-flag): `characters.online` 1 is a player,
 * 2 an offline trader (a private store left running); a GM (accesslevel above 0) is counted apart
 * and never listed. The same rule as `countOnline`, which the status and the rankings use.
 */
export interface OnlineCounts {
  players: number;
  traders: number;
  gms: number;
}

export const countOnlineByKind = async (db: Kysely<GameDatabase>): Promise<OnlineCounts> => {
  const rows = await db
    .selectFrom('characters')
    .select((eb) => [
      'online',
      eb
        .case()
        .when(eb.and([eb('accesslevel', 'is not', null), eb('accesslevel', '>', 0)]))
        .then(1)
        .else(0)
        .end()
        .as('gm'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('online', '>', 0)
    .groupBy(['online', 'gm'])
    .execute();
  const counts: OnlineCounts = { players: 0, traders: 0, gms: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    if (Number(row.gm) === 1) counts.gms += count;
    else if (Number(row.online) === 2) counts.traders += count;
    else counts.players += count;
  }
  return counts;
};

export interface OnlineCharacter {
  name: string;
  classId: number;
  level: number;
  clan: string;
}

/** The players in the game now (online 1, not a GM), by level then name; at most `limit`. */
export const listOnlineCharacters = async (db: Kysely<GameDatabase>, limit: number): Promise<OnlineCharacter[]> => {
  const rows = await db
    .selectFrom('characters')
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select(['characters.char_name as name', 'characters.classid as classId', 'characters.level as level'])
    .select('clan_data.clan_name as clan')
    .where('characters.online', '=', 1)
    .where((eb) => eb.or([eb('characters.accesslevel', 'is', null), eb('characters.accesslevel', '<=', 0)]))
    .orderBy('characters.level', 'desc')
    .orderBy('characters.char_name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    name: row.name,
    classId: Number(row.classId ?? 0),
    level: Number(row.level ?? 0),
    clan: row.clan ?? '',
  }));
};

/**
 * Whether a castle siege is under way: `castle.siegeDate` (milliseconds, on L2J and aCis) passed
 * less than the siege's length ago (SiegeManager's SiegeLength, 120 minutes unless the game's
 * siege config changes it; docs/game/sieges.md#siege-length).
 */
export const siegeInProgress = async (
  db: Kysely<GameDatabase>,
  now: number,
  lengthMinutes: number,
): Promise<boolean> => {
  const since = now - lengthMinutes * 60_000;
  const result = await sql<{
    sieges: number | string;
  }>`SELECT COUNT(*) AS sieges FROM castle WHERE siegeDate <= ${now} AND siegeDate > ${since}`.execute(db);
  return Number(result.rows[0]?.sieges ?? 0) > 0;
};
