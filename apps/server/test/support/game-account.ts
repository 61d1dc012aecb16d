import type { TestDatabases } from '../databases';
import { passwordHash } from '../../src/game/password-hash';
import { freshLogin } from './account-calls';
import { type FlavoredWorld, flavoredWorld } from './flavored-world';

/**
 * A new game account with this password, hashed as the world's flavour hashes it; its login.
 * For suites that sign in: the account tools' own suites register theirs through the call.
 */
export const newGameAccount = async (
  databases: TestDatabases,
  password: string,
  options: { world?: FlavoredWorld; accessLevel?: number; prefix?: string } = {},
): Promise<string> => {
  const world = options.world ?? flavoredWorld('l2j');
  const login = freshLogin(options.prefix ?? 's');
  const logins = databases.connections.login.db;
  await world.insertAccounts(logins, [{ login, accessLevel: options.accessLevel ?? 0 }]);
  await logins
    .updateTable('accounts')
    .set({ password: await passwordHash(world.flavor.passwordScheme, password) })
    .where('login', '=', login)
    .execute();
  return login;
};
