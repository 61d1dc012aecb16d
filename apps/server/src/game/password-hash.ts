import { createHash, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcryptjs';
import { Piscina } from 'piscina';
import type { PasswordScheme } from './flavors';

/** L2J Server, Mobius and old aCis: Base64(SHA-1(UTF-8 bytes)), 28 characters (docs/game/accounts.md#password-hashes). */
export const l2jPasswordHash = (password: string): string =>
  createHash('sha1').update(password, 'utf8').digest('base64');

/** jBCrypt's gensalt(): cost 10 (aCis BCrypt.GENSALT_DEFAULT_LOG2_ROUNDS). */
export const BCRYPT_COST = 10;
/**
 * BCrypt reads at most 72 bytes of key, and the `$2a$` revision appends a NUL byte: longer
 * passwords would be cut, so two different ones could match. The site's rule stays far below.
 */
export const BCRYPT_MAX_PASSWORD_BYTES = 71;

type BcryptTask =
  { kind: 'hash'; password: string; salt: string } | { kind: 'compare'; password: string; hash: string };

/** How long an idle BCrypt thread is kept before it ends (a quiet site holds none). */
const IDLE_THREAD_MS = 60_000;
let pool: Piscina<BcryptTask, string | boolean> | undefined;

/**
 * BCrypt runs on worker threads at a lower priority (nice +10): a hash costs tens of milliseconds
 * of CPU in JavaScript, which on the event loop would stall every read for that long, and at a
 * lower priority the threads take the CPU the reads leave (docs/performance.md: a ranking's p99 while
 * registrations run). The pool starts with the first hash; sha1 sites never start it.
 */
const runBcrypt = <T extends string | boolean>(task: BcryptTask): Promise<T> => {
  pool ??= new Piscina<BcryptTask, string | boolean>({
    filename: new URL('./bcrypt-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: availableParallelism(),
    idleTimeout: IDLE_THREAD_MS,
    niceIncrement: 10,
  });
  return pool.run(task) as Promise<T>;
};

/** Ends the BCrypt threads (the site's stop); a later hash starts them again. */
export const closePasswordHashing = async (): Promise<void> => {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
};

/**
 * A BCrypt hash aCis's login server accepts: jBCrypt's hashpw throws "Invalid salt revision" for
 * anything but `$2a$` (and the bare `$2$`), while bcryptjs salts with `$2b$`. The two revisions
 * hash the same for passwords this short, so the salt is asked for as `$2a$`.
 */
export const bcryptPasswordHash = async (password: string): Promise<string> => {
  if (Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_PASSWORD_BYTES) {
    throw new RangeError(`a BCrypt password may hold at most ${BCRYPT_MAX_PASSWORD_BYTES} bytes`);
  }
  const salt = bcrypt.genSaltSync(BCRYPT_COST).replace(/^\$2[aby]\$/, '$2a$');
  const hash = await runBcrypt<string>({ kind: 'hash', password, salt });
  if (!hash.startsWith(`$2a$${BCRYPT_COST}$`)) throw new Error('bcrypt answered another revision than $2a$');
  return hash;
};

export const passwordHash = (scheme: PasswordScheme, password: string): Promise<string> =>
  scheme === 'bcrypt' ? bcryptPasswordHash(password) : Promise.resolve(l2jPasswordHash(password));

const BCRYPT_HASH = /^\$2a?\$\d\d\$[./A-Za-z0-9]{53}$/;
const SHA1_HASH = /^[A-Za-z0-9+/]{27}=$/;

/** Which scheme a stored hash is in, undefined when neither (an empty or foreign value). */
export const schemeOfHash = (stored: string): PasswordScheme | undefined =>
  BCRYPT_HASH.test(stored) ? 'bcrypt' : SHA1_HASH.test(stored) ? 'sha1' : undefined;

/** Constant-time comparison of a password against a stored l2j hash. */
export const verifyL2jPassword = (password: string, storedHash: string | null): boolean => {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, 'utf8');
  const actual = Buffer.from(l2jPasswordHash(password), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

let bcryptChecks = 0;
/** How many BCrypt checks this process has made: the same work for an unknown login as a known one. */
export const bcryptChecksMade = (): number => bcryptChecks;

/**
 * Checks a password against a stored hash of either scheme, told by its form: an aCis server may
 * hold both (accounts from before its move to BCrypt). Only what jBCrypt itself accepts verifies.
 */
export const verifyPassword = async (password: string, storedHash: string | null): Promise<boolean> => {
  if (!storedHash) return false;
  if (schemeOfHash(storedHash) === 'bcrypt') {
    bcryptChecks += 1;
    return runBcrypt<boolean>({ kind: 'compare', password, hash: storedHash });
  }
  return verifyL2jPassword(password, storedHash);
};
