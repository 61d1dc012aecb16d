import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseMailCommand, runMailCommand } from '../src/features/mail/failed-mails-command';
import type { MailWorker } from '../src/features/mail/mail-worker';
import { OutboxRepository } from '../src/features/mail/outbox-repository';
import { startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { testClock } from './support/clock';
import { closedPort } from './support/closed-port';
import { startScriptedSmtp } from './support/scripted-smtp';

const HOUR = 3_600_000;
const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** The owner's command as the exported function runs it, with its output kept. */
const command = async (outbox: OutboxRepository, args: string[], now = Date.now) => {
  const lines: string[] = [];
  const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`error: ${line}`) };
  const parsed = parseMailCommand(args, output);
  const code = typeof parsed === 'number' ? parsed : await runMailCommand(parsed, { outbox, now, output });
  return { code, text: lines.join('\n') };
};

/**
 * A long SMTP outage: mails stay queued, retried with a capped back-off, for
 * mail.retryForHours (24 h by default) after their first try; then they are failed, and the
 * owner's command lists them and puts them back.
 */
describe.each(DATABASE_KINDS)('mail through a long SMTP outage on %s', (kind: DatabaseKind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const queueJob = (outbox: OutboxRepository, subject: string, emails: string[]) =>
    outbox.enqueue({
      createdBy: 'demogamemaster',
      createdAt: Date.now(),
      version: 'interlude',
      registeredOnly: false,
      test: false,
      subject,
      html: '<p>Bring potions.</p>',
      skipped: 0,
      mails: emails.map((email, index) => ({ email, login: `player${index}`, language: 'en' })),
    });
  const rows = (databases: TestDatabases) =>
    databases.connections.site.db.selectFrom('site_mail_outbox').selectAll().orderBy('id').execute();

  it('keeps mails pending through 24 hours of refused connections, fails them after, and sends them once each when retried', async () => {
    const databases = await createTestDatabases(kind, { seed: false });
    cleanup.push(() => databases.drop());
    const outbox = new OutboxRepository(databases.connections.site.db, databases.connections.site.dialect);
    const siege = await queueJob(outbox, 'Siege on Saturday', [
      'ann@example.com',
      'bob@example.com',
      'cid@example.com',
    ]);
    const raid = await queueJob(outbox, 'Raid boss', ['dan@example.com']);

    const port = await closedPort();
    const clock = testClock();
    const start = clock.now();
    let worker: MailWorker | undefined;
    const app = await startApp(databases, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://l2.example.test' },
      // The default retry window and cap; no idle wait worth speaking of.
      settings: { mail: { versions: {}, sendPerMinute: 60_000, pollSeconds: 1 } },
      now: clock.now,
      takeMailWorker: (taken) => {
        worker = taken;
      },
    });
    cleanup.push(() => app.close());

    // SMTP stays down for 25 hours of the site's clock: jump from one retry to the next.
    let tries = 0;
    while (clock.now() < start + 25 * HOUR) {
      await vi.waitFor(
        async () => {
          worker?.wake();
          const open = (await rows(databases)).filter(
            (row) => row.status !== 'failed' && (row.status !== 'pending' || row.next_attempt_at <= clock.now()),
          );
          expect(open).toEqual([]);
        },
        { timeout: 10_000, interval: 10 },
      );
      const outboxNow = await rows(databases);
      for (const row of outboxNow) {
        const windowEnd = Number(row.first_attempt_at) + 24 * HOUR;
        // Within its window a mail waits for its next try, never later than the window's end.
        if (clock.now() < windowEnd) {
          expect(row.status).toBe('pending');
          expect(Number(row.next_attempt_at)).toBeLessThanOrEqual(windowEnd);
          expect(Number(row.next_attempt_at) - clock.now()).toBeLessThanOrEqual(30 * 60_000);
        }
      }
      const pending = outboxNow.filter((row) => row.status === 'pending');
      if (pending.length === 0) break;
      tries += 1;
      clock.advance(Math.min(...pending.map((row) => Number(row.next_attempt_at))) - clock.now());
    }
    const failed = await rows(databases);
    expect(failed.map((row) => row.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    for (const row of failed) {
      // Tried until the end of the window, with the back-off capped at 30 minutes in between.
      expect(clock.now()).toBeGreaterThanOrEqual(Number(row.first_attempt_at) + 24 * HOUR);
      expect(row.attempts).toBeGreaterThanOrEqual(24 * 2);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    expect(tries).toBeGreaterThan(40);

    // The owner sees them...
    const listed = await command(outbox, ['--list-failed']);
    expect(listed.code).toBe(0);
    expect(listed.text).toContain(`4 failed mails (job ${siege}: 3, job ${raid}: 1)`);
    for (const email of ['ann@example.com', 'bob@example.com', 'cid@example.com', 'dan@example.com']) {
      expect(listed.text).toContain(email);
    }
    expect(listed.text).toContain('Siege on Saturday');
    expect((await command(outbox, ['--list-failed', '--job', String(raid)])).text).not.toContain('ann@example.com');

    // ...SMTP is back, and the command (the real entry point, as `npm run mail` runs it) retries one job.
    const smtp = await startScriptedSmtp(() => 'accept', { port });
    cleanup.push(() => smtp.close());
    // Run without blocking this process: its mail worker may hold the rows the command updates,
    // and a blocked event loop would keep those locks until MariaDB's lock wait timed out.
    const cli = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/mail-cli.ts', '--retry-failed', '--job', String(siege)],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, SITE_DATABASE_URL: databases.urls.site, LOGIN_DATABASE_URL: databases.urls.login },
      },
    );
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain(`3 failed mails of job ${siege} back in the outbox`);
    await vi.waitFor(
      async () => {
        worker?.wake();
        expect((await rows(databases)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'failed']);
      },
      { timeout: 10_000, interval: 20 },
    );

    // The other job through the exported function.
    const retried = await command(outbox, ['--retry-failed'], clock.now);
    expect(retried.text).toContain('1 failed mail back in the outbox');
    await vi.waitFor(
      async () => {
        worker?.wake();
        expect((await rows(databases)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect([...smtp.recipients()].sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
      'cid@example.com',
      'dan@example.com',
    ]);
    expect((await command(outbox, ['--list-failed'])).text).toBe('No failed mails.');
    // A day of retries, step by step: a count of work that on a busy 2-core machine beside other
    // suites takes longer than the default 30 s, not a timing.
  }, 120_000);

  it('answers a clear usage for a wrong command line and touches nothing', async () => {
    const outbox = { failed: vi.fn(), retryFailed: vi.fn() } as unknown as OutboxRepository;
    for (const args of [[], ['--list-failed', '--retry-failed'], ['--retry-failed', '--job', 'x'], ['--bogus']]) {
      const answer = await command(outbox, args);
      expect(answer.code).toBe(2);
      expect(answer.text).toContain('Usage: npm run mail -- --list-failed');
    }
    expect(outbox.failed).not.toHaveBeenCalled();
    expect(outbox.retryFailed).not.toHaveBeenCalled();
  });
});
