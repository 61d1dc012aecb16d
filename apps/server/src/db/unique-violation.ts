/** SQLite's extended result codes for a refused unique key (sqlite.org/rescode.html). */
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

/**
 * A unique key refused the row. Each driver says so its own way: better-sqlite3 by a code name,
 * node:sqlite by SQLite's extended result code (decision 008), MariaDB/MySQL by ER_DUP_ENTRY (1062).
 */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, errno, errcode } = (error ?? {}) as { code?: unknown; errno?: unknown; errcode?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    errcode === SQLITE_CONSTRAINT_UNIQUE ||
    errcode === SQLITE_CONSTRAINT_PRIMARYKEY ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062
  );
};
