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

/** A clan as the directory of clan pages holds it (docs/product.md#clan-page). */
export interface ClanEntry {
  id: number;
  name: string;
  leader: string;
  level: number;
  reputation: number;
  alliance: string | null;
  /** The castle's id (1 Gludio … 9 Schuttgart); null without one. */
  castleId: number | null;
  /** The small crest's id; null without one. */
  crestId: number | null;
}

const positiveOrNull = (value: number | string | null | undefined): number | null => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) && number > 0 ? number : null;
};

/** Every clan with a name: one row each, the leader's name joined (one query, no members). */
export const readClanDirectory = async (
  db: Kysely<GameDatabase>,
  game: Pick<GameSchema, 'flavor'>,
): Promise<ClanEntry[]> => {
  const rows = await db
    .selectFrom('clan_data')
    .leftJoin('characters', `characters.${game.flavor.characters.key}`, 'clan_data.leader_id')
    .select([
      'clan_data.clan_id as id',
      'clan_data.clan_name as name',
      'characters.char_name as leader',
      'clan_data.clan_level as level',
      'clan_data.reputation_score as reputation',
      'clan_data.ally_name as alliance',
      'clan_data.hasCastle as castleId',
      'clan_data.crest_id as crestId',
    ])
    .where('clan_data.clan_name', 'is not', null)
    .where('clan_data.clan_name', '!=', '')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name ?? '',
    leader: row.leader ?? '',
    level: Number(row.level ?? 0),
    reputation: Number(row.reputation),
    alliance: row.alliance ? row.alliance : null,
    castleId: positiveOrNull(row.castleId),
    crestId: positiveOrNull(row.crestId),
  }));
};

export interface ClanMemberRow {
  id: number;
  name: string;
  classId: number;
  level: number;
  /** characters.online: 0 offline, 1 playing, 2 an offline trader (docs/game/characters.md). */
  online: number;
}

/** A clan's members (characters.clanid, indexed), not deleted ones; the caller orders them. */
export const readClanMembers = async (
  db: Kysely<GameDatabase>,
  game: Pick<GameSchema, 'flavor'>,
  clanId: number,
): Promise<ClanMemberRow[]> => {
  const rows = await db
    .selectFrom('characters')
    .select([
      `${game.flavor.characters.key} as id`,
      'char_name as name',
      'classid as classId',
      'level',
      'online',
    ] as const)
    .where('clanid', '=', clanId)
    .where((eb) => eb.or([eb('deletetime', 'is', null), eb('deletetime', '=', 0)]))
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    classId: Number(row.classId ?? 0),
    level: Number(row.level ?? 0),
    online: Number(row.online ?? 0),
  }));
};
