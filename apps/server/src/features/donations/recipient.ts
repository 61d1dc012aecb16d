import type { ErrorCode } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../../db/tables';
import { findCharacterByName } from '../../game/characters';
import { isBannedFromRewards } from '../../game/reward-bans';
import type { GameSchema } from '../../game/schema-check';

/** Where a donation's coins go, as its payment row records it: an account's wallet or a character. */
export interface DonationRecipient {
  to: { login: string; char_name: string; char_id: number };
  /** The account of the character (null for a wallet donation: the signed-in donor is `to.login`). */
  characterAccount: string | null;
}

/**
 * Whom a donation being started goes to, for every provider (PayPal's Orders and the provider
 * layer alike): the signed-in donor's wallet when donations go to the wallet, else a character
 * that exists and is not banned (as votes: no payment is asked for a banned one).
 */
export const donationRecipient = async (
  deps: {
    login: Kysely<LoginDatabase>;
    game: Kysely<GameDatabase>;
    schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
    now: () => number;
  },
  target: 'wallet' | 'character',
  input: { charName?: string | undefined; login?: string | undefined },
): Promise<DonationRecipient | { error: ErrorCode }> => {
  if (target === 'wallet') {
    if (!input.login) return { error: 'notSignedIn' };
    return { to: { login: input.login, char_name: '', char_id: 0 }, characterAccount: null };
  }
  const charName = input.charName?.trim() ?? '';
  if (!charName) return { error: 'CharNameEmpty' };
  const character = await findCharacterByName(deps.game, deps.schema, charName);
  if (!character) return { error: 'charDoesntExist' };
  if (await isBannedFromRewards({ login: deps.login, game: deps.game }, deps.schema, character, deps.now())) {
    return { error: 'characterBanned' };
  }
  return {
    to: { login: '', char_name: character.name, char_id: character.charId },
    characterAccount: character.accountName,
  };
};
