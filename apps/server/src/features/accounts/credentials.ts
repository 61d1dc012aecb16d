import type { ErrorCode } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import { type Account, findAccount, isBanned, normalizeLogin, temporaryBanUntil } from '../../game/accounts';
import { l2jPasswordHash, verifyPassword } from '../../game/password-hash';
import { isAccountBanned } from '../../game/punishments';
import type { GameSchema } from '../../game/schema-check';
import type { ClaimStore } from '../../infra/durable-claims';
import type { KeyValueStore } from '../../infra/key-value-store';
import { addressBudget } from './address-budget';
import { type AccountEmail, attachEmail, emailOf } from './account-emails';

export interface LockoutPolicy {
  maxFailedAttempts: number;
  lockoutMinutes: number;
  /** Wrong credentials one address may give per hour, over all accounts (address-budget.ts). */
  failedChecksPerAddressPerHour: number;
}

export interface CredentialsDeps {
  connections: Connections;
  schema: GameSchema;
  /** Failure counters and the address budget (Redis or memory). */
  store: KeyValueStore;
  /** Lockouts, kept where a Redis restart does not lift them (the site database). */
  claims: ClaimStore;
  lockout: LockoutPolicy;
  now: () => number;
}

const failuresKey = (login: string) => `failures:${login}`;
const lockKey = (login: string) => `lockout:${login}`;
/** Wrong second-factor codes in a row: a right password does not forget them, a right code does. */
const codeFailuresKey = (login: string) => `code-failures:${login}`;
/** Compared against when the account does not exist, so both paths cost one hash of the server's scheme. */
const ABSENT_HASHES = {
  sha1: l2jPasswordHash('absent account'),
  // jBCrypt's $2a$, cost 10, of the same text: as slow as a real account's check.
  bcrypt: '$2a$10$QsgRZXu66KA7F8GdF2KPHOotv5FYXpqcFTM9f0Wk4APIyl/F4gt.a',
} as const;
const absentHash = (schema: GameSchema) => ABSENT_HASHES[schema.passwordScheme];

export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The name an account's counters, lock and throttles are kept under: its stored login once the
 * lookup found it (MariaDB's collation also finds 'player' for 'pláyer'), else the typed one.
 */
export const counterLogin = (typed: string, account: Account | undefined): string =>
  normalizeLogin(account?.login ?? typed);

/** Whether the typed login is the stored one in another case, not a look-alike the collation matched. */
export const isExactLogin = (typed: string, account: Account): boolean =>
  normalizeLogin(typed) === normalizeLogin(account.login);

/** Banned for good (access level below 0), banned for now (ban_temp), or by a punishment. */
export const isRefused = async (
  deps: Omit<CredentialsDeps, 'store' | 'claims' | 'lockout'>,
  account: Account,
): Promise<boolean> => {
  if (isBanned(account)) return true;
  const until = await temporaryBanUntil(deps.connections.login.db, deps.schema, account.login);
  if (until !== undefined && until > deps.now()) return true;
  return deps.schema.hasPunishments && (await isAccountBanned(deps.connections.game.db, account.login, deps.now()));
};

/**
 * The check every account tool starts with: username and password (and the account's email where
 * the form asks for it). Wrong answers count towards a lockout of the account, whatever part was
 * wrong, and the answer never tells which part it was; they also spend the address's budget.
 */
export const checkCredentials = async (
  deps: CredentialsDeps,
  input: { username: string; password: string; email?: string; address: string },
): Promise<{ account: Account } | { error: ErrorCode }> => {
  const checked = await checkPassword(deps, input);
  if ('error' in checked) return { error: checked.error };
  const { account, email } = checked;
  if (await isRefused(deps, account)) return { error: 'accountBanned' };
  // An account made in the game has no email where the game keeps none: the first form that
  // proves the password and names an email attaches it, for recovery from then on.
  if (input.email !== undefined && !email.recorded) await attachEmail(deps, account.login, input.email);
  return { account };
};

/**
 * The password part of checkCredentials, without the ban check: signing in lets a banned
 * account read its ban. On an error, `account` is the account the typed login found (for its
 * history), undefined when there is none.
 */
export const checkPassword = async (
  deps: CredentialsDeps,
  input: { username: string; password: string; email?: string; address: string },
): Promise<{ account: Account; email: AccountEmail } | { error: ErrorCode; account: Account | undefined }> => {
  const budget = addressBudget(deps.store, deps.lockout.failedChecksPerAddressPerHour);
  if (!(await budget.take(input.address))) return { error: 'tooManyAttempts', account: undefined };

  const found = await findAccount(deps.connections.login.db, deps.schema, input.username);
  const login = counterLogin(input.username, found);
  const account = found && isExactLogin(input.username, found) ? found : undefined;
  const turn = await takeTurn(deps, login, [failuresKey(login)]);
  if (turn.kind === 'refused') {
    await budget.giveBack(input.address);
    return { error: 'tooManyAttempts', account };
  }

  const passwordOk =
    (await verifyPassword(input.password, account?.passwordHash ?? absentHash(deps.schema))) && account !== undefined;
  const email: AccountEmail = account ? await emailOf(deps, account) : { recorded: false };
  const emailOk = input.email === undefined || !email.recorded || sameEmail(email.email, input.email);
  if (!account || !passwordOk || !emailOk) {
    if (turn.kind === 'last') {
      await lock(deps, login);
      return { error: 'tooManyAttempts', account };
    }
    // Name only the fields the form has: change password and the mail form ask for no email.
    return { error: input.email === undefined ? 'wrongUsernameOrPassword' : 'wrongCredentials', account };
  }
  await budget.giveBack(input.address);
  await forgetTurn(deps, turn);
  return { account, email };
};

/**
 * One answer's turn at an account, taken before the answer is checked (count first, compare
 * after): requests sent together each take a turn of their own, so however many arrive at once,
 * no more than maxFailedAttempts are ever checked before the lock. 'last' is the turn that locks
 * the account if its answer is wrong; past it, nothing is checked.
 */
type Turn = { kind: 'refused' } | { kind: 'last' | 'more'; counts: Map<string, number> };
const takeTurn = async (deps: CredentialsDeps, login: string, counters: string[]): Promise<Turn> => {
  if ((await deps.claims.count(lockKey(login))) > 0) return { kind: 'refused' };
  const lockoutMs = deps.lockout.lockoutMinutes * 60_000;
  const counts = new Map<string, number>();
  for (const counter of counters) counts.set(counter, await deps.store.increment(counter, lockoutMs));
  const turn = Math.max(...counts.values());
  if (turn > deps.lockout.maxFailedAttempts) {
    await lock(deps, login);
    return { kind: 'refused' };
  }
  return { kind: turn === deps.lockout.maxFailedAttempts ? 'last' : 'more', counts };
};

/**
 * A right answer forgets the wrong ones counted before it. Answers still being checked beside it
 * keep their turns: it then gives back only its own, so a right answer in a burst of wrong ones
 * frees no turn for them.
 */
const forgetTurn = async (deps: CredentialsDeps, turn: Extract<Turn, { counts: unknown }>): Promise<void> => {
  for (const [counter, count] of turn.counts) await deps.store.forgetUpTo(counter, count);
};

/**
 * The lock is its own key, so it lasts lockoutMinutes from the answer that set it, however old the
 * first wrong answer of the count is. The counters are left to expire: cleared here, a request
 * still on its way would find them empty and be checked.
 */
const lock = async (deps: CredentialsDeps, login: string): Promise<void> => {
  await deps.claims.claim(lockKey(login), deps.lockout.lockoutMinutes * 60_000);
};

/**
 * A check that follows the password (a second factor's code, a passkey, the console's step-up),
 * under the account's lockout and the address's budget, its turn taken before `isRight` runs (see
 * takeTurn). A wrong answer counts towards the lockout like a wrong password, and also on its own,
 * a count a right password does not reset (signing in again gives no fresh guesses at the code);
 * either count reaching maxFailedAttempts locks the account. A right answer forgets both.
 * 'refused': nothing was checked (the account is locked, the address's budget is spent);
 * 'locked': this wrong answer locked the account.
 */
export const checkCode = async (
  deps: CredentialsDeps,
  login: string,
  address: string,
  isRight: () => Promise<boolean>,
): Promise<'right' | 'wrong' | 'locked' | 'refused'> => {
  const budget = addressBudget(deps.store, deps.lockout.failedChecksPerAddressPerHour);
  if (!(await budget.take(address))) return 'refused';
  const key = normalizeLogin(login);
  const turn = await takeTurn(deps, key, [failuresKey(key), codeFailuresKey(key)]);
  if (turn.kind === 'refused') {
    await budget.giveBack(address);
    return 'refused';
  }
  if (await isRight()) {
    await budget.giveBack(address);
    await forgetTurn(deps, turn);
    return 'right';
  }
  if (turn.kind === 'more') return 'wrong';
  await lock(deps, key);
  return 'locked';
};

/** Lifts an account's lock and forgets its wrong answers; login is the stored one. */
export const clearLockout = async (deps: Pick<CredentialsDeps, 'store' | 'claims'>, login: string) => {
  await deps.claims.delete(lockKey(normalizeLogin(login)));
  await deps.store.delete(failuresKey(normalizeLogin(login)));
  await deps.store.delete(codeFailuresKey(normalizeLogin(login)));
};
