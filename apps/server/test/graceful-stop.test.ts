import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnvironment } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';
import { queueMailJob } from './support/mail-job';
import { rawPost } from './support/raw-post';
import { type ScriptedSmtp, startScriptedSmtp } from './support/scripted-smtp';
import { type SiteProcess, startSiteProcess } from './support/site-process';

/** A request whose body is still on its way: the client sends the rest when the test says. */
const slowRequest = (port: number, body: string) => {
  const half = Math.floor(body.length / 2);
  const post = rawPost(port, body, half);
  return {
    finish: async () => {
      post.socket.write(body.slice(half));
      await post.closed;
      return post.answer();
    },
  };
};

const refusesConnections = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });

/**
 * SIGTERM, as systemd or a rolling deploy sends it: the instance stops taking connections,
 * answers the request it is reading, hands back the mail SMTP has not answered for, and exits 0.
 */
describe('a stopping instance', () => {
  let databases: TestDatabases;
  let smtp: ScriptedSmtp;
  let site: SiteProcess;

  beforeAll(async () => {
    databases = await createTestDatabases('sqlite', { seed: false });
    // SMTP takes the first mail and never answers: it is in the instance's hands when it stops.
    smtp = await startScriptedSmtp(() => 'recordAndHang');
    site = await startSiteProcess({
      env: { ...testEnvironment(databases), SMTP_URL: smtp.url, PUBLIC_URL: 'https://l2.example.test' },
      settings: { mail: { sendPerMinute: 600, pollSeconds: 1, leaseSeconds: 600 } },
    });
  });
  afterAll(async () => {
    await site?.dispose();
    await smtp?.close();
    await databases?.drop();
  });

  it('finishes the request in flight, refuses new connections, gives back its mail and exits 0', async () => {
    const mails = ['first@players.test', 'second@players.test'].map((email, i) => ({
      email,
      login: `stopper${i}`,
      language: 'en',
    }));
    const jobId = await queueMailJob(databases, mails);
    await smtp.waitForMessages(1);
    const request = slowRequest(
      site.port,
      JSON.stringify({ username: 'stopping1', password: 'secret12', captcha: '' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stoppedAt = Date.now();
    site.child.kill('SIGTERM');
    await expect.poll(() => refusesConnections(site.port), { timeout: 3_000, interval: 50 }).toBe(true);

    // Read to the end and answered as any other time: the form's captcha is missing.
    const answer = await request.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer, answer).toMatch(/captcha/i);

    const code = await site.exited;
    expect(code, site.output()).toBe(0);
    // Within the bound: the mail worker's grace for SMTP's answer (5 s) and no more.
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);

    const rows = await databases.connections.site.db
      .selectFrom('site_mail_outbox')
      .select(['email', 'status', 'claimed_by'])
      .where('job_id', '=', jobId)
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'first@players.test', status: 'pending', claimed_by: null },
      { email: 'second@players.test', status: 'pending', claimed_by: null },
    ]);
  });
});
