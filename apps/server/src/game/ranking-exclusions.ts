import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../db/tables';
import type { RankingFilter } from './rankings-filter';
import type { GameSchema } from './schema-check';

/**
 * Logins that may not play, from the login database: access level below 0, or a temporary ban
 * (account_data var 'ban_temp', its expiry in milliseconds) that has not run out.
 */
export const listBannedLogins = async (
  db: Kysely<LoginDatabase>,
  game: Pick<GameSchema, 'flavor' | 'hasAccountData'>,
  now: number,
): Promise<string[]> => {
  const temporaryBanVar = game.hasAccountData ? game.flavor.bans.temporaryBanVar : null;
  const [banned, temporary] = await Promise.all([
    db.selectFrom('accounts').select('login').where(game.flavor.accounts.accessLevel, '<', 0).execute(),
    // Few rows, and the value is text: compare the expiry here rather than cast it in two dialects.
    temporaryBanVar === null
      ? []
      : db.selectFrom('account_data').select(['account_name', 'value']).where('var', '=', temporaryBanVar).execute(),
  ]);
  const logins = new Set(banned.map((row) => row.login.toLowerCase()));
  for (const row of temporary) {
    if (Number(row.value) > now) logins.add(row.account_name.toLowerCase());
  }
  return [...logins].sort();
};

/** Active bans of L2J Server's punishments table (game database): no expiry (0) or one still ahead. */
export const listPunishmentBans = async (
  db: Kysely<GameDatabase>,
  now: number,
): Promise<{ logins: string[]; characterIds: number[] }> => {
  const rows = await db
    .selectFrom('punishments')
    .select(['key', 'affect'])
    .where('type', '=', 'BAN')
    .where('affect', 'in', ['ACCOUNT', 'CHARACTER'])
    .where((eb) => eb.or([eb('expiration', '=', 0), eb('expiration', '>', now)]))
    .execute();
  const logins = new Set<string>();
  const characterIds = new Set<number>();
  for (const row of rows) {
    if (row.affect === 'ACCOUNT') logins.add(row.key.toLowerCase());
    else if (/^\d+$/.test(row.key)) characterIds.add(Number(row.key));
  }
  return { logins: [...logins].sort(), characterIds: [...characterIds].sort((a, b) => a - b) };
};

/** Everyone a ranking leaves out besides GMs and characters pending deletion. */
export const readRankingFilter = async (
  databases: {
    login: Kysely<LoginDatabase>;
    game: Kysely<GameDatabase>;
    /**
     * The login database's flavour when it is not the game's: a realm after the first of another
     * emulator shares the first one's login database (decision 049).
     */
    loginSchema?: Pick<GameSchema, 'flavor' | 'hasAccountData'>;
  },
  schema: Pick<GameSchema, 'flavor' | 'hasAccountData' | 'hasPunishments'>,
  limit: number,
  now = Date.now(),
): Promise<RankingFilter> => {
  const [logins, punishments] = await Promise.all([
    listBannedLogins(databases.login, databases.loginSchema ?? schema, now),
    schema.hasPunishments ? listPunishmentBans(databases.game, now) : { logins: [], characterIds: [] },
  ]);
  return {
    characterKey: schema.flavor.characters.key,
    bannedAccounts: [...new Set([...logins, ...punishments.logins])].sort(),
    bannedCharacterIds: punishments.characterIds,
    limit,
  };
};
