import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { voteMigrations } from '../src/features/votes/migrations';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';

/**
 * 101_votes_turns on a site that already paid votes: each voter of the ledger's last day, and each
 * character it paid, starts with the time of its last paid vote, so no vote is paid again after
 * the upgrade; older rows stay in the ledger (the top voters count them) and take no turn.
 */
describe.each(DATABASE_KINDS)('vote turns migration on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases | undefined;
  afterEach(async () => {
    await databases?.drop();
    databases = undefined;
  });

  it("carries the last paid votes of the ledger's voters and characters over", async () => {
    databases = await createTestDatabases(kind, { seed: false, gameTables: false });
    const db = databases.connections.site.db;
    for (const table of ['site_vote_turns', 'site_vote_claims']) await db.schema.dropTable(table).execute();
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => voteMigrations },
      migrationTableName: 'test_vote_migrations',
      migrationLockTableName: 'test_vote_migrations_lock',
    });
    expect((await migrator.migrateTo('100_votes_claims')).error).toBeUndefined();
    const now = Date.now();
    const hour = 3_600_000;
    const row = (site: string, voter: string, charId: number, createdAt: number, votedAt: number | null) => ({
      site,
      voter,
      vote_window: String(createdAt),
      char_id: charId,
      request_id: `vote:${site}:${voter}:${createdAt}`,
      voted_at: votedAt,
      created_at: createdAt,
    });
    await db
      .insertInto('site_vote_claims')
      .values([
        // A callback keyed by the name as typed, before: the character's turn is carried over too.
        row('Top100Arena', 'demoknight', 5, now - hour, null),
        row('Top100Arena', 'demoknight', 5, now - 20 * hour, null),
        // A vote by address, with the site's own time.
        row('L2TopZone', '198.18.0.1', 5, now - 2 * hour, now - 3 * hour),
        // Three days old: the ledger keeps it, no turn needs it.
        row('L2TopZone', '198.18.0.2', 6, now - 72 * hour, now - 72 * hour),
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const turns = await db.selectFrom('site_vote_turns').selectAll().orderBy('site').orderBy('voter').execute();
    expect(turns.map((turn) => [turn.site, turn.voter, Number(turn.last_vote_at)])).toEqual([
      ['L2TopZone', '198.18.0.1', now - 3 * hour],
      ['L2TopZone', 'char:5', now - 3 * hour],
      ['Top100Arena', 'char:5', now - hour],
      ['Top100Arena', 'demoknight', now - hour],
    ]);
    expect(await db.selectFrom('site_vote_claims').select('id').execute()).toHaveLength(4);
  });
});
