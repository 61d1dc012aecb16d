import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { type Character, listAccountCharacters } from './characters';
import type { GameSchema } from './schema-check';

/** What the referral programme reads of the game's characters. */

/** A player's own character: no GM (access level above 0), not banned (-1), not pending deletion. */
const isEligible = (character: Character): boolean => character.accessLevel === 0 && character.deleteTime === 0;

/**
 * Which of these logins have a player character at `level` or above: the referred accounts that
 * started playing. Answered in lower case, as logins are stored.
 */
export const loginsAtLevel = async (db: Kysely<GameDatabase>, logins: readonly string[], level: number) => {
  if (logins.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('characters')
    .select('account_name')
    .distinct()
    .where('account_name', 'in', [...logins])
    .where('level', '>=', level)
    .where((eb) => eb.or([eb('accesslevel', 'is', null), eb('accesslevel', '=', 0)]))
    .execute();
  return new Set(rows.flatMap((row) => (row.account_name ? [row.account_name.toLowerCase()] : [])));
};

/**
 * The character of the account that receives its referral rewards: the one the player chose while
 * it still belongs to the account and may play, else the account's highest-level character
 * (the older one on a tie). Undefined while the account has none.
 */
export const rewardCharacterOf = async (
  db: Kysely<GameDatabase>,
  game: Pick<GameSchema, 'flavor'>,
  login: string,
  chosenCharId: number | null,
): Promise<Character | undefined> => {
  const characters = (await listAccountCharacters(db, game, login)).filter(isEligible);
  const chosen = characters.find((character) => character.charId === chosenCharId);
  if (chosen) return chosen;
  return characters.reduce<Character | undefined>(
    (best, character) => (!best || character.level > best.level ? character : best),
    undefined,
  );
};
