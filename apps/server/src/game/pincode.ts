import { writeTransaction } from '../db/write-retry';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { l2jPasswordHash } from './password-hash';

/** The character-selection PIN of L2J Server and Mobius: account_gsdata secauth_pwd / secauth_wte. */
export const PIN_VAR = 'secauth_pwd';
export const PIN_WRONG_ATTEMPTS_VAR = 'secauth_wte';

/**
 * Stores Base64(SHA-1(PIN)) and resets the wrong-attempt counter to 0, in one transaction: a
 * player locked out by wrong PINs starts again with the new one. Only for an account with a
 * character: Mobius deletes at every start the account_gsdata rows of accounts without one
 * (the caller checks, see hasAnyCharacter).
 */
export const setPincode = async (db: Kysely<GameDatabase>, accountName: string, pincode: string): Promise<void> => {
  await writeTransaction(db, async (trx) => {
    await trx
      .deleteFrom('account_gsdata')
      .where('account_name', '=', accountName)
      .where('var', 'in', [PIN_VAR, PIN_WRONG_ATTEMPTS_VAR])
      .execute();
    await trx
      .insertInto('account_gsdata')
      .values([
        { account_name: accountName, var: PIN_VAR, value: l2jPasswordHash(pincode) },
        { account_name: accountName, var: PIN_WRONG_ATTEMPTS_VAR, value: '0' },
      ])
      .execute();
  });
};

export const readPincodeHash = async (db: Kysely<GameDatabase>, accountName: string): Promise<string | undefined> => {
  const row = await db
    .selectFrom('account_gsdata')
    .select('value')
    .where('account_name', '=', accountName)
    .where('var', '=', PIN_VAR)
    .executeTakeFirst();
  return row?.value ?? undefined;
};
