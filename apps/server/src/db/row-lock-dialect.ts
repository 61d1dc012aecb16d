import { type DialectAdapter, type Kysely, type MigrationLockOptions, MysqlAdapter, MysqlDialect } from 'kysely';

/** How long a starting instance waits for another one's migrations before it gives up. */
export const MIGRATION_LOCK_WAIT_MS = 120_000;
const POLL_MS = 250;

type LockTable = Kysely<Record<string, { id: string; is_locked: number }>>;

/**
 * Kysely's MySQL adapter takes the migration lock with GET_LOCK, which Galera does not replicate
 * (each node would grant it). This one takes the row of the migration lock table instead: an
 * ordinary replicated write that only one instance can make while the row says unlocked.
 */
export class RowLockMysqlAdapter extends MysqlAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    const lockTable = db as LockTable;
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    for (;;) {
      const taken = await lockTable
        .updateTable(options.lockTable)
        .set({ is_locked: 1 })
        .where('id', '=', options.lockRowId)
        .where('is_locked', '=', 0)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return;
      if (Date.now() > deadline) {
        throw new Error(
          `another instance has held the migration lock for ${MIGRATION_LOCK_WAIT_MS / 1000} s. If no instance is ` +
            `starting (one was stopped while migrating), free it with: UPDATE ${options.lockTable} SET is_locked = 0`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  override async releaseMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await (db as LockTable)
      .updateTable(options.lockTable)
      .set({ is_locked: 0 })
      .where('id', '=', options.lockRowId)
      .execute();
  }
}

export class RowLockMysqlDialect extends MysqlDialect {
  override createAdapter(): DialectAdapter {
    return new RowLockMysqlAdapter();
  }
}
