import { describe, expect, it, vi } from 'vitest';
import type { MailWorker } from '../src/features/mail/mail-worker';
import { insertGameAccount } from '../src/game/accounts';
import { startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases } from './databases';
import { queueMailJob } from './support/mail-job';
import { ownWorlds } from './support/own-worlds';
import { freshLogin, getNewPassword, postCall } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { testClock } from './support/clock';
import { closedPort } from './support/closed-port';
import { startScriptedSmtp } from './support/scripted-smtp';
import { L2J_SCHEMA } from './support/game-schema';

const PUBLIC_URL = 'https://l2.example.test';
const MINUTE = 60_000;
const SETTINGS = {
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1000 },
  mail: { versions: {}, sendPerMinute: 60_000, pollSeconds: 1 },
};

/**
 * The recovery mail leaves through the mail outbox after the answer: its time
 * no longer tells a valid username + email pair from a wrong one, and an SMTP outage loses nothing.
 * Each test has a world of its own, so that no other site's worker drains its outbox.
 */
describe.each(DATABASE_KINDS)('recovery mail through the outbox on %s', (kind: DatabaseKind) => {
  const worlds = ownWorlds(kind);
  const cleanup = { push: worlds.afterTest };

  const world = async () => {
    const databases = await worlds.world();
    const username = freshLogin();
    const account = { username, email: `${username}@example.com` };
    await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, {
      login: username,
      password: 'Start.Pass1',
      email: account.email,
    });
    return { databases, account };
  };
  const site = async (databases: TestDatabases, smtpUrl: string, clock = testClock()) => {
    let worker: MailWorker | undefined;
    const app = await startApp(databases, {
      env: { SMTP_URL: smtpUrl, PUBLIC_URL },
      settings: SETTINGS,
      now: clock.now,
      takeMailWorker: (taken) => {
        worker = taken;
      },
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
    };
    cleanup.push(close);
    return { ...app, close, clock, wake: () => worker?.wake() };
  };
  const recover = async (baseUrl: string, body: { username: string; email: string }) =>
    postCall(baseUrl, 'recoverPassword', { ...body, lang: 'en', captcha: await altchaPayload(baseUrl) });
  const outboxRows = (databases: TestDatabases) =>
    databases.connections.site.db.selectFrom('site_mail_outbox').selectAll().orderBy('id').execute();

  it('answers before a slow SMTP server has even received the mail, like a wrong pair, and the mail follows', async () => {
    const { databases, account } = await world();
    const smtp = await startScriptedSmtp(() => 'accept', { greetingDelayMs: 500 });
    cleanup.push(() => smtp.close());
    const app = await site(databases, smtp.url);

    const events: string[] = [];
    void smtp.waitForMessages(1).then(() => events.push('SMTP received the mail'));
    const wrong = await recover(app.url, { username: account.username, email: 'someone.else@example.com' });
    events.push('answered a wrong pair');
    const right = await recover(app.url, account);
    events.push('answered the right pair');
    expect([wrong, right].map((answer) => ({ status: answer.status, body: answer.body }))).toEqual([
      { status: 200, body: [] },
      { status: 200, body: [] },
    ]);

    await smtp.waitForMessages(1);
    expect(events).toEqual(['answered a wrong pair', 'answered the right pair', 'SMTP received the mail']);
    expect(smtp.recipients()).toEqual([account.email]);
    const [mail] = await smtp.parsed();
    expect(mail?.text).toContain(`${PUBLIC_URL}/?key=`);
  });

  it('keeps the mail while SMTP is down and sends it once SMTP is back; its key works from then', async () => {
    const { databases, account } = await world();
    const port = await closedPort();
    const app = await site(databases, `smtp://127.0.0.1:${port}`);

    const answer = await recover(app.url, account);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
    // The first try failed: the mail waits for its retry, its text still in the outbox.
    await vi.waitFor(
      async () => {
        const [row] = await outboxRows(databases);
        expect(row).toMatchObject({ kind: 'recovery', status: 'pending', attempts: 1, email: account.email });
        expect(row?.body).toContain('key=');
      },
      { timeout: 10_000, interval: 20 },
    );
    // Asking again meanwhile queues nothing more: one mail per account every two minutes.
    expect((await recover(app.url, account)).status).toBe(200);
    expect(await outboxRows(databases)).toHaveLength(1);

    // Three hours later (long past the key's first hour) SMTP is still down: one more failed try.
    app.clock.advance(3 * 60 * MINUTE);
    await vi.waitFor(
      async () => {
        app.wake();
        expect((await outboxRows(databases))[0]).toMatchObject({ status: 'pending', attempts: 2 });
      },
      { timeout: 10_000, interval: 20 },
    );

    const smtp = await startScriptedSmtp(() => 'accept', { port });
    cleanup.push(() => smtp.close());
    app.clock.advance(10 * MINUTE);
    await vi.waitFor(
      async () => {
        app.wake();
        expect((await outboxRows(databases))[0]?.status).toBe('sent');
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(smtp.recipients()).toEqual([account.email]);
    const [row] = await outboxRows(databases);
    // The link lives only in the mail now.
    expect(row?.body).toBeNull();

    const [mail] = await smtp.parsed();
    const key = /[?&]key=([^&\s]+)&param=password_reset/.exec(mail?.text ?? '')?.[1] ?? '';
    await vi.waitFor(
      async () => {
        const reset = await databases.connections.site.db
          .selectFrom('site_password_resets')
          .select('expires_at')
          .where('id', '=', Number(row?.ref_id))
          .executeTakeFirstOrThrow();
        expect(Number(reset.expires_at)).toBe(Number(row?.sent_at) + 60 * MINUTE);
      },
      { timeout: 10_000, interval: 20 },
    );
    app.clock.advance(50 * MINUTE);
    const redeemed = await getNewPassword(app.url, `key=${key}`);
    expect(redeemed.status).toBe(200);
  });

  it('sends a recovery mail before the rest of a mass mail that is still going out', async () => {
    const { databases, account } = await world();
    const smtp = await startScriptedSmtp();
    cleanup.push(() => smtp.close());
    // A big job waits in the outbox; the site starts after the player asked.
    await queueMailJob(
      databases,
      Array.from({ length: 20 }, (_, index) => ({
        email: `crowd${index}@example.com`,
        login: `crowd${index}`,
        language: 'en',
      })),
    );
    const port = await closedPort();
    const first = await site(databases, `smtp://127.0.0.1:${port}`);
    expect((await recover(first.url, account)).status).toBe(200);
    await first.close();

    // Everything is due when the next site starts: the mails that failed and those never tried.
    first.clock.advance(10 * MINUTE);
    await site(databases, smtp.url, first.clock);
    await smtp.waitForMessages(21);
    expect(smtp.recipients()[0]).toBe(account.email);
  });
});
