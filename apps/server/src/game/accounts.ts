import { GAME_TEXT_PATTERN } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { LoginDatabase } from '../db/tables';
import { l2jPasswordHash } from './password-hash';

export interface Account {
  login: string;
  passwordHash: string | null;
  email: string | null;
  accessLevel: number;
}

/** Logins are stored lower-case (L2J.md); lookups compare case-insensitively on both dialects. */
export const normalizeLogin = (login: string): string => login.trim().toLowerCase();

/**
 * A name with a character the utf8mb3 tables cannot hold is in no row; asking MariaDB would only
 * fail on the mix of collations.
 */
export const fitsGameText = (text: string): boolean => GAME_TEXT_PATTERN.test(text);

export const findAccount = async (db: Kysely<LoginDatabase>, login: string): Promise<Account | undefined> => {
  if (!fitsGameText(login)) return undefined;
  const row = await db
    .selectFrom('accounts')
    .select(['login', 'password', 'email', 'accessLevel'])
    .where('login', '=', normalizeLogin(login))
    .executeTakeFirst();
  return (
    row && { login: row.login, passwordHash: row.password, email: row.email, accessLevel: Number(row.accessLevel) }
  );
};

export const isBanned = (account: Pick<Account, 'accessLevel'>): boolean => account.accessLevel < 0;

/** Inserts an account as the login server expects it; false when the login is taken. */
export const createAccount = async (
  db: Kysely<LoginDatabase>,
  input: { login: string; password: string; email: string; now?: Date },
): Promise<boolean> => {
  const result = await db
    .insertInto('accounts')
    .values({
      login: normalizeLogin(input.login),
      password: l2jPasswordHash(input.password),
      email: input.email,
      accessLevel: 0,
      lastactive: 0,
      lastIP: null,
    })
    .ignore()
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

export const setPassword = async (db: Kysely<LoginDatabase>, login: string, password: string): Promise<void> => {
  await db
    .updateTable('accounts')
    .set({ password: l2jPasswordHash(password) })
    .where('login', '=', normalizeLogin(login))
    .execute();
};

/** A temporary ban is an account_data row var='ban_temp' holding its expiry in milliseconds. */
export const temporaryBanUntil = async (db: Kysely<LoginDatabase>, login: string): Promise<number | undefined> => {
  const row = await db
    .selectFrom('account_data')
    .select('value')
    .where('account_name', '=', normalizeLogin(login))
    .where('var', '=', 'ban_temp')
    .executeTakeFirst();
  const until = Number(row?.value);
  return Number.isFinite(until) && until > 0 ? until : undefined;
};
