import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import type { GameSchema } from './schema-check';

export interface ClanStanding {
  clan: string;
  leader: string;
  level: number;
  reputation: number;
}

/** Clans by level, then reputation; ties by name so the order is stable. */
export const topClans = async (
  db: Kysely<GameDatabase>,
  game: Pick<GameSchema, 'flavor'>,
  limit: number,
): Promise<ClanStanding[]> => {
  const rows = await db
    .selectFrom('clan_data')
    .leftJoin('characters', `characters.${game.flavor.characters.key}`, 'clan_data.leader_id')
    .select([
      'clan_data.clan_name as clan',
      'characters.char_name as leader',
      'clan_data.clan_level as level',
      'clan_data.reputation_score as reputation',
    ])
    .orderBy('clan_data.clan_level', 'desc')
    .orderBy('clan_data.reputation_score', 'desc')
    .orderBy('clan_data.clan_name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    clan: row.clan ?? '',
    leader: row.leader ?? '',
    level: Number(row.level ?? 0),
    reputation: Number(row.reputation),
  }));
};
