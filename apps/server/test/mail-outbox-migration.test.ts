import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { mailMigrations } from '../src/features/mail/migrations';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';

/**
 * 031_mail_outbox_single_mails on a site that already has mail in its outbox: every row stays as
 * it was (ids too), becomes a 'mass' mail, and the table takes single mails without a job.
 */
describe.each(DATABASE_KINDS)('mail outbox migration on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases | undefined;
  afterEach(async () => {
    await databases?.drop();
    databases = undefined;
  });

  it('keeps the queued mails and their ids, and takes single mails afterwards', async () => {
    databases = await createTestDatabases(kind, { seed: false, gameTables: false });
    const db = databases.connections.site.db;
    // Back to the tables as 030 left them, under a migration table of this test's own.
    for (const table of ['site_mail_unsubscribes', 'site_mail_outbox', 'site_mail_jobs']) {
      await db.schema.dropTable(table).execute();
    }
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => mailMigrations },
      migrationTableName: 'test_mail_migrations',
      migrationLockTableName: 'test_mail_migrations_lock',
    });
    expect((await migrator.migrateTo('030_mail_outbox')).error).toBeUndefined();
    const old = [
      { id: 7, job_id: 3, email: 'ann@example.com', login: 'ann', language: 'en', status: 'sent', attempts: 1 },
      { id: 9, job_id: 3, email: 'bob@example.com', login: 'bob', language: 'ru', status: 'pending', attempts: 2 },
    ] as const;
    for (const row of old) {
      await sql`insert into site_mail_outbox (id, job_id, email, login, language, status, attempts, next_attempt_at, last_error)
        values (${row.id}, ${row.job_id}, ${row.email}, ${row.login}, ${row.language}, ${row.status}, ${row.attempts}, 1000, 'x')`.execute(
        db,
      );
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('site_mail_outbox').selectAll().orderBy('id').execute();
    expect(rows).toEqual(
      old.map((row) =>
        expect.objectContaining({
          ...row,
          next_attempt_at: 1000,
          last_error: 'x',
          kind: 'mass',
          subject: null,
          body: null,
          ref_id: null,
          first_attempt_at: null,
        }),
      ),
    );
    // Still one mail per job and address; single mails have no job, any number per address.
    await expect(
      db
        .insertInto('site_mail_outbox')
        .values({
          job_id: 3,
          email: 'ann@example.com',
          login: 'ann',
          language: 'en',
          status: 'pending',
          next_attempt_at: 0,
          attempts: 0,
        })
        .execute(),
    ).rejects.toThrow();
    for (const subject of ['Ξέχασες τον κωδικό; 🔑', 'Ещё раз 🔑']) {
      await db
        .insertInto('site_mail_outbox')
        .values({
          job_id: null,
          kind: 'recovery',
          subject,
          body: `${subject}\nhttps://l2.example.test/?key=k&param=password_reset`,
          email: 'ann@example.com',
          login: 'ann',
          language: 'gr',
          status: 'pending',
          attempts: 0,
          next_attempt_at: 0,
        })
        .execute();
    }
    const single = await db
      .selectFrom('site_mail_outbox')
      .select(['id', 'subject'])
      .where('kind', '=', 'recovery')
      .execute();
    expect(single.map((row) => row.subject)).toEqual(['Ξέχασες τον κωδικό; 🔑', 'Ещё раз 🔑']);
    expect(Math.min(...single.map((row) => row.id))).toBeGreaterThan(9);
  });
});
