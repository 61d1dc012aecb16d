import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { fitsGameText } from './accounts';
import type { GameSchema } from './schema-check';

type GameOf = Pick<GameSchema, 'flavor'>;

export interface Character {
  charId: number;
  accountName: string | null;
  name: string;
  level: number;
  online: number;
  accessLevel: number;
  deleteTime: number;
}

/** The character's columns, its key under the name charId whatever the flavour calls it. */
const columns = (game: GameOf) =>
  [
    `${game.flavor.characters.key} as charId`,
    'account_name',
    'char_name',
    'level',
    'online',
    'accesslevel',
    'deletetime',
  ] as const;

const toCharacter = (row: {
  charId: number;
  account_name: string | null;
  char_name: string;
  level: number | null;
  online: number | null;
  accesslevel: number | null;
  deletetime: number | null;
}): Character => ({
  charId: Number(row.charId),
  accountName: row.account_name,
  name: row.char_name,
  level: Number(row.level ?? 0),
  online: Number(row.online ?? 0),
  accessLevel: Number(row.accesslevel ?? 0),
  deleteTime: Number(row.deletetime ?? 0),
});

/** Character names match whatever their case, as on MariaDB's general_ci collation. */
export const findCharacterByName = async (
  db: Kysely<GameDatabase>,
  game: GameOf,
  name: string,
): Promise<Character | undefined> => {
  if (!fitsGameText(name)) return undefined;
  const row = await db
    .selectFrom('characters')
    .select(columns(game))
    .where('char_name', '=', name.trim())
    .executeTakeFirst();
  return row && toCharacter(row);
};

export const characterExists = async (db: Kysely<GameDatabase>, game: GameOf, name: string): Promise<boolean> =>
  (await findCharacterByName(db, game, name)) !== undefined;

export const listAccountCharacters = async (
  db: Kysely<GameDatabase>,
  game: GameOf,
  login: string,
): Promise<Character[]> =>
  (
    await db
      .selectFrom('characters')
      .select(columns(game))
      .where('account_name', '=', login)
      .orderBy(game.flavor.characters.key)
      .execute()
  ).map(toCharacter);

/** Whether the account has any character row at all (pending deletion included), as the game counts. */
export const hasAnyCharacter = async (db: Kysely<GameDatabase>, login: string): Promise<boolean> =>
  (await db.selectFrom('characters').select('account_name').where('account_name', '=', login).executeTakeFirst()) !==
  undefined;

/** The highest character level of each of these accounts (lower case login), for the referral list. */
export const bestLevels = async (db: Kysely<GameDatabase>, logins: string[]): Promise<Map<string, number>> => {
  if (logins.length === 0) return new Map();
  const rows = await db
    .selectFrom('characters')
    .select(['account_name', (eb) => eb.fn.max('level').as('level')])
    .where('account_name', 'in', logins)
    .groupBy('account_name')
    .execute();
  return new Map(rows.map((row) => [(row.account_name ?? '').toLowerCase(), Number(row.level ?? 0)]));
};

/** The accounts (lower case) with at least one character row, for a mail to players only. */
export const listAccountsWithCharacters = async (db: Kysely<GameDatabase>): Promise<Set<string>> =>
  new Set(
    (await db.selectFrom('characters').select('account_name').distinct().execute()).map((row) =>
      (row.account_name ?? '').toLowerCase(),
    ),
  );

/**
 * aCis: a character jailed by a GM (characters.punish_level JAIL). Its timer only runs while it is
 * online, so the level alone says it is still jailed. False where the flavour has no such column.
 */
export const isJailedInRow = async (db: Kysely<GameDatabase>, game: GameOf, charId: number): Promise<boolean> => {
  const { punishLevel, key } = game.flavor.characters;
  const jail = game.flavor.bans.jailPunishLevel;
  if (punishLevel === null || jail === null) return false;
  const row = await db
    .selectFrom('characters')
    .select(`${punishLevel} as level`)
    .where(key, '=', charId)
    .executeTakeFirst();
  return Number(row?.level) === jail;
};

/** 0 offline, 1 online, 2 offline trader: only 0 may be moved (the game saves its own position). */
export const isOffline = (character: Pick<Character, 'online'>): boolean => character.online === 0;

export const countOnline = async (db: Kysely<GameDatabase>): Promise<number> => {
  const row = await db
    .selectFrom('characters')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('online', '>', 0)
    .where((eb) => eb.or([eb('accesslevel', 'is', null), eb('accesslevel', '<=', 0)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export interface Location {
  x: number;
  y: number;
  z: number;
}

/** Moves an offline character of the account; answers false when nothing matched. */
export const moveOfflineCharacter = async (
  db: Kysely<GameDatabase>,
  game: GameOf,
  input: { charId: number; accountName: string; to: Location },
): Promise<boolean> => {
  const result = await db
    .updateTable('characters')
    .set({ x: input.to.x, y: input.to.y, z: input.to.z })
    .where(game.flavor.characters.key, '=', input.charId)
    .where('account_name', '=', input.accountName)
    .where('online', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Of the given characters, those in the game now (online 1; an offline trader, 2, is not playing). */
export const charactersInGame = async (
  db: Kysely<GameDatabase>,
  game: GameOf,
  charIds: number[],
): Promise<Set<number>> => {
  if (charIds.length === 0) return new Set();
  const key = game.flavor.characters.key;
  const rows = await db
    .selectFrom('characters')
    .select(`${key} as charId`)
    .where(key, 'in', charIds)
    .where('online', '=', 1)
    .execute();
  return new Set(rows.map((row) => Number(row.charId)));
};
