import type { ErrorCode } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import { type Account, findAccount, isBanned, normalizeLogin, temporaryBanUntil } from '../../game/accounts';
import { l2jPasswordHash, verifyL2jPassword } from '../../game/password-hash';
import { isAccountBanned } from '../../game/punishments';
import type { GameSchema } from '../../game/schema-check';
import type { KeyValueStore } from '../../infra/key-value-store';

export interface LockoutPolicy {
  maxFailedAttempts: number;
  lockoutMinutes: number;
}

export interface CredentialsDeps {
  connections: Connections;
  schema: GameSchema;
  store: KeyValueStore;
  lockout: LockoutPolicy;
  now: () => number;
}

const failuresKey = (login: string) => `failures:${login}`;
const lockKey = (login: string) => `lockout:${login}`;
/** Compared against when the account does not exist, so both paths cost one hash. */
const ABSENT_HASH = l2jPasswordHash('absent account');

/** Banned for good (access level below 0), banned for now (ban_temp), or by a punishment. */
export const isRefused = async (
  deps: Omit<CredentialsDeps, 'store' | 'lockout'>,
  account: Account,
): Promise<boolean> => {
  if (isBanned(account)) return true;
  const until = await temporaryBanUntil(deps.connections.login.db, account.login);
  if (until !== undefined && until > deps.now()) return true;
  return deps.schema.hasPunishments && (await isAccountBanned(deps.connections.game.db, account.login, deps.now()));
};

/**
 * The check every account tool starts with: username and password (and the account's email where
 * the form asks for it). Wrong answers count towards a lockout of the account, whatever part was
 * wrong, and the answer never tells which part it was.
 */
export const checkCredentials = async (
  deps: CredentialsDeps,
  input: { username: string; password: string; email?: string },
): Promise<{ account: Account } | { error: ErrorCode }> => {
  const login = normalizeLogin(input.username);
  if ((await deps.store.count(lockKey(login))) > 0) return { error: 'tooManyAttempts' };

  const account = await findAccount(deps.connections.login.db, login);
  const passwordOk = verifyL2jPassword(input.password, account?.passwordHash ?? ABSENT_HASH) && account !== undefined;
  const emailOk =
    input.email === undefined || (account?.email ?? '').trim().toLowerCase() === input.email.trim().toLowerCase();
  if (!account || !passwordOk || !emailOk) {
    const lockoutMs = deps.lockout.lockoutMinutes * 60_000;
    const failures = await deps.store.increment(failuresKey(login), lockoutMs);
    if (failures < deps.lockout.maxFailedAttempts) return { error: 'wrongCredentials' };
    // The lock is its own key, so it lasts lockoutMinutes from the answer that set it, however
    // old the first wrong answer of the count is.
    await deps.store.claim(lockKey(login), lockoutMs);
    await deps.store.delete(failuresKey(login));
    return { error: 'tooManyAttempts' };
  }
  await deps.store.delete(failuresKey(login));
  if (await isRefused(deps, account)) return { error: 'accountBanned' };
  return { account };
};

export const clearLockout = async (store: KeyValueStore, login: string) => {
  await store.delete(lockKey(normalizeLogin(login)));
  await store.delete(failuresKey(normalizeLogin(login)));
};
