import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../db/tables';
import { findAccount, isBanned } from './accounts';
import { isAccountBanned, isCharacterBanned } from './punishments';
import type { GameSchema } from './schema-check';

/**
 * Whether a character may not receive rewards (votes' items, donations' coins): its account is
 * banned by its access level, as every flavour marks it, or, where the game has L2J Server's
 * punishments table, the account or the character has an active ban there.
 */
export const isBannedFromRewards = async (
  db: { login: Kysely<LoginDatabase>; game: Kysely<GameDatabase> },
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>,
  character: { charId: number; accountName: string | null },
  now: number,
): Promise<boolean> => {
  const login = character.accountName ?? '';
  const account = await findAccount(db.login, schema, login);
  if (account !== undefined && isBanned(account)) return true;
  if (!schema.hasPunishments) return false;
  return (await isAccountBanned(db.game, login, now)) || (await isCharacterBanned(db.game, character.charId, now));
};
