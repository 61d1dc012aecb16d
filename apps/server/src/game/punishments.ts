import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';

/** An active punishment of L2J Server's punishments table: no expiry (0) or one still ahead. */
const active = async (
  db: Kysely<GameDatabase>,
  input: { key: string; affect: 'ACCOUNT' | 'CHARACTER'; type: 'BAN' | 'JAIL'; now: number },
): Promise<boolean> => {
  const row = await db
    .selectFrom('punishments')
    .select('id')
    .where('key', '=', input.key)
    .where('affect', '=', input.affect)
    .where('type', '=', input.type)
    .where((eb) => eb.or([eb('expiration', '=', 0), eb('expiration', '>', input.now)]))
    .executeTakeFirst();
  return row !== undefined;
};

export const isAccountBanned = (db: Kysely<GameDatabase>, login: string, now = Date.now()) =>
  active(db, { key: login, affect: 'ACCOUNT', type: 'BAN', now });

export const isCharacterJailed = (db: Kysely<GameDatabase>, charId: number, now = Date.now()) =>
  active(db, { key: String(charId), affect: 'CHARACTER', type: 'JAIL', now });

export const isCharacterBanned = (db: Kysely<GameDatabase>, charId: number, now = Date.now()) =>
  active(db, { key: String(charId), affect: 'CHARACTER', type: 'BAN', now });
