import { type Migration, sql } from 'kysely';
import { fullUnicodeTable } from '../../db/migration-dialect';
import type { AnyKysely } from '../../db/connections';

/** The 12 hours between two paid votes of one voter at one site (features/votes/site-checks.ts). */
const VOTE_WINDOW_MS = 12 * 3_600_000;

/**
 * The vote ledger (site_vote_claims): one row per rewarded vote, unique per site, voter and vote
 * (its window). The vote turns (site_vote_turns): one row per site and voter (an address, or
 * `char:<id>` for the character paid), holding the time of its last paid vote; a vote is paid only
 * by the conditional write that moves that time on by 12 hours or more (vote-claims.ts).
 */
export const voteMigrations: Record<string, Migration> = {
  '100_votes_claims': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_vote_claims')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('site', 'varchar(64)', (col) => col.notNull())
        .addColumn('voter', 'varchar(64)', (col) => col.notNull())
        .addColumn('vote_window', 'varchar(32)', (col) => col.notNull())
        .addColumn('char_id', 'integer', (col) => col.notNull())
        .addColumn('request_id', 'varchar(128)', (col) => col.notNull())
        .addColumn('voted_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('site_vote_claims_once', ['site', 'voter', 'vote_window'])
        .modifyEnd(fullUnicodeTable(db, { innodb: true, binary: true }))
        .execute();
      await db.schema
        .createIndex('site_vote_claims_created_at')
        .ifNotExists()
        .on('site_vote_claims')
        .column('created_at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_vote_claims').ifExists().execute();
    },
  },
  '101_votes_turns': {
    async up(db: AnyKysely) {
      await db.schema
        .createTable('site_vote_turns')
        .ifNotExists()
        .addColumn('site', 'varchar(64)', (col) => col.notNull())
        .addColumn('voter', 'varchar(64)', (col) => col.notNull())
        .addColumn('last_vote_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('site_vote_turns_key', ['site', 'voter'])
        .modifyEnd(fullUnicodeTable(db, { innodb: true, binary: true }))
        .execute();
      // The votes paid before: each voter of the ledger, and each character it paid, keeps the time
      // of its last paid vote (the site's, else ours), so that no vote of the last 12 hours is paid again.
      const since = Date.now() - 2 * VOTE_WINDOW_MS;
      const last = sql<number>`max(coalesce(voted_at, created_at))`;
      const byVoter = await db
        .selectFrom('site_vote_claims')
        .select(['site', 'voter', last.as('at')])
        .where('created_at', '>=', since)
        .groupBy(['site', 'voter'])
        .execute();
      const byCharacter = await db
        .selectFrom('site_vote_claims')
        .select(['site', 'char_id', last.as('at')])
        .where('created_at', '>=', since)
        .groupBy(['site', 'char_id'])
        .execute();
      const turns = new Map<string, { site: string; voter: string; last_vote_at: number }>();
      const keep = (site: string, voter: string, at: number) => {
        const key = `${site}\n${voter}`;
        const known = turns.get(key);
        if (!known || known.last_vote_at < at) turns.set(key, { site, voter, last_vote_at: at });
      };
      for (const row of byVoter) keep(String(row.site), String(row.voter), Number(row.at));
      for (const row of byCharacter) keep(String(row.site), `char:${Number(row.char_id)}`, Number(row.at));
      const rows = [...turns.values()];
      for (let start = 0; start < rows.length; start += 500) {
        await db
          .insertInto('site_vote_turns')
          .values(rows.slice(start, start + 500))
          .ignore()
          .execute();
      }
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_vote_turns').ifExists().execute();
    },
  },
  '102_votes_site_failures': {
    async up(db: AnyKysely) {
      // A vote site that did not answer a claim (site-failures.ts): the console's Votes section counts them.
      await db.schema
        .createTable('site_vote_failures')
        .ifNotExists()
        .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
        .addColumn('site', 'varchar(64)', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('reason', 'varchar(255)', (col) => col.notNull())
        .modifyEnd(fullUnicodeTable(db, { innodb: true }))
        .execute();
      await db.schema
        .createIndex('site_vote_failures_at')
        .ifNotExists()
        .on('site_vote_failures')
        .column('at')
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_vote_failures').ifExists().execute();
    },
  },
  '103_votes_realm': {
    async up(db: AnyKysely) {
      // The realm whose character a vote paid (decision 049): null is the first realm, so the votes
      // of before, and the first realm's after its slug changed (`main` to a declared one), stay its own.
      await db.schema.alterTable('site_vote_claims').addColumn('realm', 'varchar(24)').execute();
      await db.schema
        .createIndex('site_vote_claims_realm_created_at')
        .ifNotExists()
        .on('site_vote_claims')
        .columns(['realm', 'created_at'])
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropIndex('site_vote_claims_realm_created_at').ifExists().on('site_vote_claims').execute();
      await db.schema.alterTable('site_vote_claims').dropColumn('realm').execute();
    },
  },
};
