import { CONSOLE_LOOKUP_MAX, type ConsoleAccountView } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import { accountBan, accountCreatedAt, listAccountCharacterViews } from '../../game/account-overview';
import { type Account, findAccount, findAccountsByEmail, normalizeLogin } from '../../game/accounts';
import { findCharacterByName } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { emailOf, findRecordedEmailAccounts } from './account-emails';

/**
 * What other features know of an account, shown by the look-up: its rewards (features/rewards),
 * donations (features/donations) and sign-ins (features/sessions). app.ts fills it, since those
 * features depend on this one and not the other way.
 */
export interface AccountRecordsOfOthers {
  rewards(login: string): Promise<ConsoleAccountView['rewards']>;
  donations(login: string): Promise<ConsoleAccountView['donations']>;
  signIns(login: string, now: number): Promise<ConsoleAccountView['signIns']>;
  secondFactorOn(login: string): Promise<boolean>;
}

export interface AccountLookupDeps {
  connections: Connections;
  schema: GameSchema;
  others: AccountRecordsOfOthers;
  now: () => number;
}

/** The logins a look-up names: a login, an e-mail (the game's column or the site's), a character's account. */
const findLogins = async (
  deps: AccountLookupDeps,
  q: string,
): Promise<{ login: string; foundBy: ConsoleAccountView['foundBy'] }[]> => {
  const { connections, schema } = deps;
  const found = new Map<string, ConsoleAccountView['foundBy']>();
  const byLogin = await findAccount(connections.login.db, schema, q);
  if (byLogin) found.set(normalizeLogin(byLogin.login), 'login');
  if (q.includes('@')) {
    const emails = [q, q.toLowerCase()];
    const inGame = await findAccountsByEmail(connections.login.db, schema, [...new Set(emails)]);
    const onSite = await findRecordedEmailAccounts(connections.site.db, [q]);
    for (const row of [...inGame, ...onSite]) {
      const login = normalizeLogin(row.login);
      if (!found.has(login)) found.set(login, 'email');
    }
  }
  const character = await findCharacterByName(connections.game.db, schema, q);
  if (character?.accountName) {
    const login = normalizeLogin(character.accountName);
    if (!found.has(login)) found.set(login, 'character');
  }
  return [...found.entries()].slice(0, CONSOLE_LOOKUP_MAX).map(([login, foundBy]) => ({ login, foundBy }));
};

/** One account, read only: state, characters, rewards, donations, sign-ins (My account's own reads). */
const accountView = async (
  deps: AccountLookupDeps,
  account: Account,
  foundBy: ConsoleAccountView['foundBy'],
): Promise<ConsoleAccountView> => {
  const { connections, schema, others } = deps;
  const now = deps.now();
  const email = await emailOf({ connections, schema, now: deps.now }, account);
  const characters = await listAccountCharacterViews(connections.game.db, schema, account.login);
  return {
    login: account.login,
    foundBy,
    email: email.recorded && email.email !== '' ? email.email : null,
    accessLevel: account.accessLevel,
    createdAt: await accountCreatedAt(connections.login.db, schema, account.login),
    ban: await accountBan({ login: connections.login.db, game: connections.game.db }, schema, account, now),
    characters: characters.map(({ name, level, classId, clan, online, lastSeen }) => ({
      name,
      level,
      classId,
      clan,
      online,
      lastSeen,
    })),
    rewards: await others.rewards(account.login),
    donations: await others.donations(account.login),
    signIns: (await others.signIns(account.login, now)).slice(0, 50),
    secondFactorOn: await others.secondFactorOn(account.login),
  };
};

/** The Accounts section's look-up by login, e-mail or character name. */
export const lookUpAccounts = async (deps: AccountLookupDeps, q: string): Promise<ConsoleAccountView[]> => {
  const views: ConsoleAccountView[] = [];
  for (const { login, foundBy } of await findLogins(deps, q.trim())) {
    const account = await findAccount(deps.connections.login.db, deps.schema, login);
    if (account) views.push(await accountView(deps, account, foundBy));
  }
  return views;
};
