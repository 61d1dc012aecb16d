import { type Migration, sql } from 'kysely';
import { isMysql } from './migration-dialect';
import type { AnyKysely } from './connections';

/** The migrator's own tables hold ASCII names only; their 255-character key stays utf8mb3. */
const MIGRATOR_TABLES = new Set(['site_migrations', 'site_migrations_lock']);

/**
 * utf8mb4 with the same comparison rules as before (utf8mb3_general_ci -> utf8mb4_general_ci), so
 * that no unique key starts to see two stored values as equal; utf8mb4_unicode_ci otherwise.
 */
const targetCollation = async (db: AnyKysely, current: string | null): Promise<string> => {
  const mapped = current?.replace(/^utf8(mb3)?_/, 'utf8mb4_');
  if (mapped && mapped !== current && /^utf8mb4_[a-z0-9_]+$/.test(mapped)) {
    const { rows } = await sql<{ name: string }>`
      select COLLATION_NAME as name from information_schema.COLLATIONS where COLLATION_NAME = ${mapped}`.execute(db);
    if (rows.length > 0) return mapped;
  }
  return 'utf8mb4_unicode_ci';
};

/**
 * Game databases are often utf8mb3, which refuses 4-byte characters (emoji) in a donor's e-mail,
 * a character name typed on PayPal or a live video's title. Every site_* table is converted to
 * utf8mb4; tables created from here on are made utf8mb4 by their own migration. Indexed text
 * columns of site tables are at most 128 characters (512 bytes), within InnoDB's 767-byte key
 * prefix of old row formats. Nothing to do on SQLite.
 */
export const siteCharsetMigrations: Record<string, Migration> = {
  '090_site_tables_utf8mb4': {
    async up(db: AnyKysely) {
      if (!isMysql(db)) return;
      const { rows } = await sql<{ name: string; collation: string | null }>`
        select TABLE_NAME as name, TABLE_COLLATION as collation from information_schema.TABLES
        where TABLE_SCHEMA = database() and TABLE_TYPE = 'BASE TABLE' and TABLE_NAME like ${'site\\_%'}`.execute(db);
      for (const { name, collation } of rows) {
        if (MIGRATOR_TABLES.has(name) || collation?.startsWith('utf8mb4_')) continue;
        const target = await targetCollation(db, collation);
        await sql`alter table ${sql.table(name)} convert to character set utf8mb4 collate ${sql.raw(target)}`.execute(
          db,
        );
      }
    },
  },
};
