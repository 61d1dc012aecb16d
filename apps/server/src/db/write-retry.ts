import type { Kysely, Transaction } from 'kysely';

/**
 * MariaDB's answers when two transactions met on the same rows: a deadlock (1213, also Galera's
 * certification failure when two nodes wrote the same row) or a lock wait that ran out (1205).
 * The transaction was rolled back whole, so it may simply run again.
 */
const CONFLICT_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const CONFLICT_ERRNOS = new Set([1213, 1205]);

export const isWriteConflict = (error: unknown): boolean => {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return (
    (typeof code === 'string' && CONFLICT_CODES.has(code)) || (typeof errno === 'number' && CONFLICT_ERRNOS.has(errno))
  );
};

/** How often a conflicting write is tried in all, and the pause before the n-th retry (n x 20 ms, jittered). */
export const WRITE_ATTEMPTS = 5;
const PAUSE_MS = 20;

/** Runs a write again when it lost a conflict, up to WRITE_ATTEMPTS in all; any other error at once. */
export const retryOnConflict = async <T>(write: () => Promise<T>, attempts = WRITE_ATTEMPTS): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
      // Jittered, so two writers that met once do not meet again at the same moment.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt * (0.5 + Math.random())));
    }
  }
};

/**
 * A write transaction that is run again, whole, when it loses a conflict (deadlock, Galera
 * certification failure). Its body must only touch the database: it may run more than once.
 */
export const writeTransaction = <DB, T>(db: Kysely<DB>, body: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  retryOnConflict(() => db.transaction().execute(body));
