import { createHash } from 'node:crypto';
import { GAME_TEXT_PATTERN } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { LoginDatabase } from '../db/tables';
import { passwordHash } from './password-hash';
import type { GameSchema } from './schema-check';

export interface Account {
  login: string;
  passwordHash: string | null;
  /** The game's own email column; undefined where the flavour keeps none (the site does). */
  email: string | null | undefined;
  accessLevel: number;
}

/** Logins are stored lower-case (docs/game/accounts.md#logins); lookups compare case-insensitively on both dialects. */
export const normalizeLogin = (login: string): string => login.trim().toLowerCase();

/**
 * A name with a character the utf8mb3 tables cannot hold is in no row; asking MariaDB would only
 * fail on the mix of collations.
 */
export const fitsGameText = (text: string): boolean => GAME_TEXT_PATTERN.test(text);

type GameOf = Pick<GameSchema, 'flavor'>;

export const findAccount = async (
  db: Kysely<LoginDatabase>,
  game: GameOf,
  login: string,
): Promise<Account | undefined> => {
  if (!fitsGameText(login)) return undefined;
  const { accessLevel, email } = game.flavor.accounts;
  const row = await db
    .selectFrom('accounts')
    .select(['login', 'password', `${accessLevel} as accessLevel`])
    .$if(email !== null, (query) => query.select('email'))
    .where('login', '=', normalizeLogin(login))
    .executeTakeFirst();
  return (
    row && {
      login: row.login,
      passwordHash: row.password,
      email: email === null ? undefined : (row.email ?? null),
      accessLevel: Number(row.accessLevel),
    }
  );
};

/** Access level below 0: banned for good (aCis's GM ban sets -100, L2J's -1). */
export const isBanned = (account: Pick<Account, 'accessLevel'>): boolean => account.accessLevel < 0;

/** The access level a ban writes: both login servers refuse any level below 0 (docs/game/accounts.md). */
export const BANNED_ACCESS_LEVEL = -1;

/**
 * Writes the account's access level, only while it still holds `from` (a level, or any ban when
 * 'banned'): a change made in the game meanwhile is not overwritten. True when written.
 */
export const changeAccessLevel = async (
  db: Kysely<LoginDatabase>,
  game: GameOf,
  login: string,
  change: { from: number | 'banned'; to: number },
): Promise<boolean> => {
  const { accessLevel } = game.flavor.accounts;
  const result = await db
    .updateTable('accounts')
    .set({ [accessLevel]: change.to })
    .where('login', '=', normalizeLogin(login))
    .where(accessLevel, change.from === 'banned' ? '<' : '=', change.from === 'banned' ? 0 : change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/**
 * Inserts an account as the flavour's login server expects it, its password in the scheme the
 * server reads; false when the login is taken. Where the game keeps no email the caller stores it.
 */
export const insertGameAccount = async (
  db: Kysely<LoginDatabase>,
  game: Pick<GameSchema, 'flavor' | 'passwordScheme'>,
  input: { login: string; password: string; email: string },
): Promise<boolean> => {
  const { accessLevel, lastActive, email, extraOnInsert } = game.flavor.accounts;
  const result = await db
    .insertInto('accounts')
    .values({
      ...extraOnInsert,
      login: normalizeLogin(input.login),
      password: await passwordHash(game.passwordScheme, input.password),
      ...(email === null ? {} : { email: input.email }),
      [accessLevel]: 0,
      [lastActive]: 0,
    })
    .ignore()
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

export const setPassword = async (
  db: Kysely<LoginDatabase>,
  game: Pick<GameSchema, 'passwordScheme'>,
  login: string,
  password: string,
): Promise<void> => {
  await db
    .updateTable('accounts')
    .set({ password: await passwordHash(game.passwordScheme, password) })
    .where('login', '=', normalizeLogin(login))
    .execute();
};

/** Writes the account's email into the game's own column; false where the flavour keeps none. */
export const setAccountEmail = async (
  db: Kysely<LoginDatabase>,
  game: Pick<GameSchema, 'flavor'>,
  login: string,
  email: string,
): Promise<boolean> => {
  if (game.flavor.accounts.email === null) return false;
  await db.updateTable('accounts').set({ email }).where('login', '=', normalizeLogin(login)).execute();
  return true;
};

/**
 * A temporary ban: an account_data row (var 'ban_temp' on L2J Server and Mobius) holding its
 * expiry in epoch milliseconds. Undefined where the flavour or the schema has none.
 */
export const temporaryBanUntil = async (
  db: Kysely<LoginDatabase>,
  game: Pick<GameSchema, 'flavor' | 'hasAccountData'>,
  login: string,
): Promise<number | undefined> => {
  const variable = game.flavor.bans.temporaryBanVar;
  if (variable === null || !game.hasAccountData) return undefined;
  const row = await db
    .selectFrom('account_data')
    .select('value')
    .where('account_name', '=', normalizeLogin(login))
    .where('var', '=', variable)
    .executeTakeFirst();
  const until = Number(row?.value);
  return Number.isFinite(until) && until > 0 ? until : undefined;
};

/** An account a mass mail may reach; email is undefined where the flavour keeps none (the site does). */
export interface MailableAccount {
  login: string;
  email: string | undefined;
}

/**
 * The accounts a mass mail may reach, by login: not banned (access level 0 or more) and, where
 * the game keeps emails, with one. Where it keeps none, every such account, its email left to
 * the site's records.
 */
export const listMailableAccounts = async (db: Kysely<LoginDatabase>, game: GameOf): Promise<MailableAccount[]> => {
  const { accessLevel, email } = game.flavor.accounts;
  if (email === null) {
    const rows = await db.selectFrom('accounts').select('login').where(accessLevel, '>=', 0).orderBy('login').execute();
    return rows.map((row) => ({ login: row.login, email: undefined }));
  }
  const rows = await db
    .selectFrom('accounts')
    .select(['login', 'email'])
    .where('email', 'is not', null)
    .where('email', '!=', '')
    .where(accessLevel, '>=', 0)
    .orderBy('login')
    .execute();
  return rows.map((row) => ({ login: row.login, email: row.email ?? '' }));
};

/** The logins (lower case) of the accounts at this access level or above: the game's staff for the console. */
export const listLoginsFromAccessLevel = async (
  db: Kysely<LoginDatabase>,
  game: GameOf,
  minAccessLevel: number,
): Promise<Set<string>> => {
  const { accessLevel } = game.flavor.accounts;
  const rows = await db.selectFrom('accounts').select('login').where(accessLevel, '>=', minAccessLevel).execute();
  return new Set(rows.map((row) => normalizeLogin(row.login)));
};

/** The accounts holding one of these emails in the game's own column; none where the flavour keeps no email. */
export const findAccountsByEmail = async (
  db: Kysely<LoginDatabase>,
  game: GameOf,
  emails: string[],
): Promise<{ login: string; email: string }[]> => {
  if (game.flavor.accounts.email === null || emails.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select(['login', 'email'])
    .where('email', 'in', emails)
    .orderBy('login')
    .execute();
  return rows.map((row) => ({ login: row.login, email: row.email ?? '' }));
};

/**
 * What the site keeps of the game's password hash (a session, an email-change link): another
 * hash since means another password.
 */
export const passwordFingerprint = (storedHash: string | null): string =>
  createHash('sha256')
    .update(`password:${storedHash ?? ''}`, 'utf8')
    .digest('hex');
