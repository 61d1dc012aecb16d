import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../db/tables';
import { type Account, isBanned, normalizeLogin, temporaryBanUntil } from './accounts';
import type { GameSchema } from './schema-check';

/** A ban as the game keeps it: until is epoch milliseconds, null for good (or while not banned). */
export interface AccountBan {
  banned: boolean;
  until: number | null;
}

/**
 * The account's ban by the flavour's rules, the same the account tools and rewards refuse by: an
 * access level below 0 (for good), L2J's ban_temp (until its end), and L2J Server's punishments
 * table (an ACCOUNT BAN: expiration 0 is for good). The latest end wins when several hold.
 */
export const accountBan = async (
  db: { login: Kysely<LoginDatabase>; game: Kysely<GameDatabase> },
  schema: Pick<GameSchema, 'flavor' | 'hasAccountData' | 'hasPunishments'>,
  account: Pick<Account, 'login' | 'accessLevel'>,
  now: number,
): Promise<AccountBan> => {
  if (isBanned(account)) return { banned: true, until: null };
  const ends: number[] = [];
  const temporary = await temporaryBanUntil(db.login, schema, account.login);
  if (temporary !== undefined && temporary > now) ends.push(temporary);
  if (schema.hasPunishments) {
    const rows = await db.game
      .selectFrom('punishments')
      .select('expiration')
      .where('key', '=', normalizeLogin(account.login))
      .where('affect', '=', 'ACCOUNT')
      .where('type', '=', 'BAN')
      .where((eb) => eb.or([eb('expiration', '=', 0), eb('expiration', '>', now)]))
      .execute();
    if (rows.some((row) => Number(row.expiration) === 0)) return { banned: true, until: null };
    ends.push(...rows.map((row) => Number(row.expiration)));
  }
  return ends.length === 0 ? { banned: false, until: null } : { banned: true, until: Math.max(...ends) };
};

/** A timestamp column as MariaDB (a Date) or SQLite (UTC text, "YYYY-MM-DD HH:MM:SS") gives it. */
const timestampOf = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  const parsed = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed) ? null : parsed;
};

/** When the account was made, where the flavour keeps it (L2J's created_time); null elsewhere. */
export const accountCreatedAt = async (
  db: Kysely<LoginDatabase>,
  schema: Pick<GameSchema, 'flavor'>,
  login: string,
): Promise<number | null> => {
  if (schema.flavor.accounts.createdAt === null) return null;
  const row = await db
    .selectFrom('accounts')
    .select('created_time')
    .where('login', '=', normalizeLogin(login))
    .executeTakeFirst();
  return timestampOf(row?.created_time);
};

/**
 * When each account made since `since` was made (epoch ms), where the flavour keeps it (L2J's
 * created_time); null elsewhere (aCis keeps no creation time).
 */
export const accountsCreatedSince = async (
  db: Kysely<LoginDatabase>,
  schema: Pick<GameSchema, 'flavor'>,
  since: number,
): Promise<number[] | null> => {
  if (schema.flavor.accounts.createdAt === null) return null;
  // A timestamp compares with its 'YYYY-MM-DD HH:MM:SS' text on MariaDB and SQLite alike (UTC).
  const from = new Date(since).toISOString().slice(0, 19).replace('T', ' ');
  const rows = await db.selectFrom('accounts').select('created_time').where('created_time', '>=', from).execute();
  return rows.map((row) => timestampOf(row.created_time)).filter((at): at is number => at !== null);
};

export interface AccountCharacterView {
  name: string;
  level: number;
  classId: number;
  clan: string;
  online: boolean;
  lastSeen: number | null;
  pvp: number;
  pk: number;
  timePlayedSeconds: number;
}

/**
 * The account's characters as its owner sees them: class, clan, whether in the game, last seen
 * (lastAccess, epoch ms, 0 when never), PvP and PK kills, time played (onlinetime, seconds).
 * Every flavour names these columns alike (docs/game/characters.md); only the key differs.
 */
export const listAccountCharacterViews = async (
  db: Kysely<GameDatabase>,
  schema: Pick<GameSchema, 'flavor'>,
  login: string,
): Promise<AccountCharacterView[]> => {
  const rows = await db
    .selectFrom('characters')
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select([
      'characters.char_name as name',
      'characters.level as level',
      'characters.classid as classId',
      'clan_data.clan_name as clan',
      'characters.online as online',
      'characters.lastAccess as lastAccess',
      'characters.pvpkills as pvp',
      'characters.pkkills as pk',
      'characters.onlinetime as onlineTime',
    ])
    .where('characters.account_name', '=', normalizeLogin(login))
    .orderBy(`characters.${schema.flavor.characters.key}`)
    .execute();
  return rows.map((row) => ({
    name: row.name,
    level: Number(row.level ?? 0),
    classId: Number(row.classId ?? 0),
    clan: row.clan ?? '',
    online: Number(row.online ?? 0) > 0,
    lastSeen: Number(row.lastAccess ?? 0) > 0 ? Number(row.lastAccess) : null,
    pvp: Number(row.pvp ?? 0),
    pk: Number(row.pk ?? 0),
    timePlayedSeconds: Number(row.onlineTime ?? 0),
  }));
};
