import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { api } from '@gatekeeper/contract';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUnsubscribe } from '../src/features/mail/unsubscribe-link';
import { insertGameAccount } from '../src/game/accounts';
import { type AppUnderTest, csrfHeaders, startApp, testEnvironment } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { queueMailJob } from './support/mail-job';
import { ownWorlds } from './support/own-worlds';
import { type Answer, freshLogin, postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { twoVersionMailSettings } from './support/mailed-site';
import { type TestClock, testClock } from './support/clock';
import { type ScriptedSmtp, type SmtpVerdict, startScriptedSmtp } from './support/scripted-smtp';
import { L2J_SCHEMA } from './support/game-schema';

const PUBLIC_URL = 'https://l2.example.test';
const SIGNING_KEY = 'test-signing-key-0123456789-abcdefghij';
const GM = { username: 'demogamemaster', password: 'Master.Pass3' };
const PLAYER = { username: 'demoplayer', password: 'Demo.Pass1' };
const LEASE_SECONDS = 60;
const RETRY_BASE_SECONDS = 60;
/** The variables the settings name for the highfive version's databases. */
const HIGHFIVE_ENV = { login: 'GK_TEST_HIGHFIVE_LOGIN_URL', game: 'GK_TEST_HIGHFIVE_GAME_URL' };

const mailSettings = (extra: object = {}) =>
  twoVersionMailSettings(HIGHFIVE_ENV, 3, {
    leaseSeconds: LEASE_SECONDS,
    retryBaseSeconds: RETRY_BASE_SECONDS,
    ...extra,
  });

const mailForm = (fields: Record<string, string> = {}) => ({
  ...GM,
  subject: 'Grand opening',
  version: 'interlude',
  registeredOnly: 'No',
  testEmails: '',
  content: '<p>Join us on <b>Friday</b>!</p>',
  ...fields,
});

/** A call as the page makes it; a mail form without a captcha gets a freshly solved one, as the widget gives. */
const post = async (baseUrl: string, name: 'mail' | 'unsubscribe', body: object): Promise<Answer> => {
  const withCaptcha =
    name === 'mail' && !('captcha' in body) ? { ...body, captcha: await altchaPayload(baseUrl) } : body;
  return readAnswer(
    await fetch(`${baseUrl}${api[name].path}`, {
      method: 'POST',
      headers: csrfHeaders(),
      body: JSON.stringify(withCaptcha),
    }),
  );
};

const unsubscribeParamsOf = (mail: ParsedMail) => {
  const match = /https:\/\/l2\.example\.test\/\?[^\s<>"]+/.exec(mail.text ?? '');
  expect(match, 'the mail carries an unsubscribe link').not.toBeNull();
  const url = new URL((match as RegExpExecArray)[0]);
  expect(url.searchParams.get('param')).toBe('unsubscribe');
  return {
    email: url.searchParams.get('email') ?? '',
    user: url.searchParams.get('user') ?? '',
    version: url.searchParams.get('version') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
};

/** The mails a server received for one address. */
const mailsTo = async (server: ScriptedSmtp, address: string) =>
  (await server.parsed()).filter((mail) => JSON.stringify(mail.to ?? '').includes(address));

/** Counts how often each address was handed to SMTP, over every server given. */
const deliveries = (...servers: ScriptedSmtp[]) => {
  const counts = new Map<string, number>();
  for (const server of servers) for (const to of server.recipients()) counts.set(to, (counts.get(to) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
};

/** The distinct Message-IDs each address received over the given servers. */
const messageIdsByRecipient = async (...servers: ScriptedSmtp[]) => {
  const ids: Record<string, Set<string>> = {};
  for (const server of servers) {
    for (const mail of await server.parsed()) {
      const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((address) => address?.value ?? []);
      for (const { address } of to) if (address) (ids[address] ??= new Set()).add(mail.messageId ?? '');
    }
  }
  return Object.fromEntries(Object.entries(ids).sort(([a], [b]) => a.localeCompare(b)));
};

const statuses = async (databases: TestDatabases, jobId: number) =>
  Object.fromEntries(
    (
      await databases.connections.site.db
        .selectFrom('site_mail_outbox')
        .select(['email', 'status'])
        .where('job_id', '=', jobId)
        .orderBy('id')
        .execute()
    ).map((row) => [row.email, row.status]),
  );

/** Waits (polling, no time assertion) until no mail of the job is pending or sending. */
const waitUntilSettled = (databases: TestDatabases, jobId: number, done = ['sent', 'failed', 'unconfirmed']) =>
  vi.waitFor(
    async () => {
      const open = Object.values(await statuses(databases, jobId)).filter((status) => !done.includes(status));
      expect(open).toEqual([]);
    },
    { timeout: 20_000, interval: 50 },
  );

const addresses = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index + 1).padStart(2, '0')}@example.com`);

describe.each(DATABASE_KINDS)('mail form and unsubscribe on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let highfive: TestDatabases;
  let site: AppUnderTest;
  let smtp: ScriptedSmtp;
  let clock: TestClock;

  beforeAll(async () => {
    [databases, highfive, smtp] = await Promise.all([
      createTestDatabases(kind),
      createTestDatabases(kind, { seed: false }),
      startScriptedSmtp(),
    ]);
    vi.stubEnv(HIGHFIVE_ENV.login, highfive.urls.login);
    vi.stubEnv(HIGHFIVE_ENV.game, highfive.urls.game);
    // The highfive world: who has an email, a character, a ban, a shared address.
    const login = highfive.connections.login.db;
    const accounts = [
      { login: 'hfwarrior', email: 'warrior@example.com', accessLevel: 0 },
      { login: 'hfnewbie', email: 'newbie@example.com', accessLevel: 0 },
      { login: 'hfzshared', email: 'WARRIOR@example.com', accessLevel: 0 },
      { login: 'hfbanned', email: 'banned@example.com', accessLevel: -1 },
      { login: 'hfnomail', email: null, accessLevel: 0 },
    ];
    for (const account of accounts) {
      await login
        .insertInto('accounts')
        .values({
          login: account.login,
          password: 'x',
          email: account.email,
          accessLevel: account.accessLevel,
          lastIP: null,
        })
        .execute();
    }
    await highfive.connections.game.db
      .insertInto('characters')
      .values({ charId: 900_001, account_name: 'hfwarrior', char_name: 'HfWarrior', base_class: 0 })
      .execute();
    // hfnewbie once asked for a password in Russian: the footer speaks Russian to them.
    await databases.connections.site.db
      .insertInto('site_password_resets')
      .values({ login: 'hfnewbie', key_hash: 'x'.repeat(64), language: 'ru', created_at: 0, expires_at: 0, used_at: 0 })
      .execute();
    clock = testClock();
    site = await startApp(databases, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_SIGNING_KEY: SIGNING_KEY, TRUST_PROXY: 'true' },
      settings: mailSettings(),
      now: clock.now,
    });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
    await highfive?.drop();
    await databases?.drop();
    vi.unstubAllEnvs();
  });

  const jobRows = () => databases.connections.site.db.selectFrom('site_mail_jobs').selectAll().execute();

  const newGm = async (accessLevel = 100) => {
    const username = freshLogin('gm');
    await insertGameAccount(databases.connections.login.db, L2J_SCHEMA, {
      login: username,
      password: 'Gm.Pass123',
      email: `${username}@example.com`,
    });
    await databases.connections.login.db
      .updateTable('accounts')
      .set({ accessLevel })
      .where('login', '=', username)
      .execute();
    return { username, password: 'Gm.Pass123' };
  };

  it('refuses a player who is not a GM and queues nothing', async () => {
    const before = (await jobRows()).length;
    const answer = await post(site.url, 'mail', mailForm(PLAYER));
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: ['mail.notAllowed'] });
    const below = await newGm(99);
    expect((await post(site.url, 'mail', mailForm(below))).body).toEqual(['mail.notAllowed']);
    expect((await jobRows()).length).toBe(before);
  });

  it('counts wrong passwords towards the lockout the account tools share', async () => {
    const gm = await newGm();
    const wrong = mailForm({ username: gm.username, password: 'Wrong.Pass1' });
    expect((await post(site.url, 'mail', wrong)).body).toEqual(['wrongUsernameOrPassword']);
    expect((await post(site.url, 'mail', wrong)).body).toEqual(['wrongUsernameOrPassword']);
    // The third wrong answer comes from an account tool and locks the account for both.
    const changed = await postCall(site.url, 'changePassword', {
      username: gm.username,
      password: 'Wrong.Pass1',
      newPassword: 'New.Pass123',
      confirmPassword: 'New.Pass123',
      captcha: await altchaPayload(site.url),
    });
    expect(changed.body).toEqual(['tooManyAttempts']);
    const right = await post(site.url, 'mail', mailForm({ username: gm.username, password: gm.password }));
    expect({ status: right.status, body: right.body }).toEqual({ status: 400, body: ['tooManyAttempts'] });
  });

  it('refuses an invalid form with the literal messages and a version without databases', async () => {
    const empty = await post(site.url, 'mail', { ...mailForm(), subject: '', content: '' });
    expect(empty.status).toBe(400);
    const badTest = await post(site.url, 'mail', mailForm({ testEmails: 'not-an-address' }));
    expect(badTest.status).toBe(400);
    const classic = await post(site.url, 'mail', mailForm({ version: 'classic' }));
    expect({ status: classic.status, body: classic.body }).toEqual({
      status: 400,
      body: ['mail.versionNotConfigured'],
    });
  });

  it('mails every address of the version once, only players with a character when asked, in their language', async () => {
    const all = await post(site.url, 'mail', mailForm({ version: 'highfive' }));
    expect(all.status).toBe(200);
    const { jobId, queued, skipped } = all.body as { jobId: number; queued: number; skipped: number };
    // warrior@ (shared by hfwarrior and hfzshared) once, newbie@; not the banned one, not the one without email.
    expect({ queued, skipped }).toEqual({ queued: 2, skipped: 0 });
    await waitUntilSettled(databases, jobId);
    expect(deliveries(smtp)).toEqual({ 'newbie@example.com': 1, 'warrior@example.com': 1 });

    const [newbie] = await mailsTo(smtp, 'newbie@example.com');
    const [warrior] = await mailsTo(smtp, 'warrior@example.com');
    expect(newbie?.subject).toBe('Grand opening');
    expect(newbie?.html).toContain('<b>Friday</b>');
    expect(newbie?.text).toContain('Отписаться от этих писем');
    expect(warrior?.text).toContain('Unsubscribe from these mails');
    expect(unsubscribeParamsOf(warrior as ParsedMail)).toMatchObject({ user: 'hfwarrior', version: 'highfive' });
    expect(newbie?.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain('param=unsubscribe');

    const before = smtp.recipients().length;
    const registered = await post(site.url, 'mail', mailForm({ version: 'highfive', registeredOnly: 'Yes' }));
    expect(registered.body).toMatchObject({ queued: 1, skipped: 0 });
    await waitUntilSettled(databases, (registered.body as { jobId: number }).jobId);
    expect(smtp.recipients().slice(before)).toEqual(['warrior@example.com']);
  });

  it('sanitizes the content: no scripts, no event handlers, no javascript links', async () => {
    const answer = await post(
      site.url,
      'mail',
      mailForm({
        testEmails: 'sanitized@example.com',
        content:
          '<p onclick="steal()">Hello <a href="javascript:alert(1)">x</a> <a href="https://l2.example.test/news">news</a></p><script>alert(1)</script><img src="https://l2.example.test/a.png" onerror="x()">',
      }),
    );
    expect(answer.status).toBe(200);
    await waitUntilSettled(databases, (answer.body as { jobId: number }).jobId);
    const [mail] = await mailsTo(smtp, 'sanitized@example.com');
    const html = String(mail?.html);
    expect(html).toContain('href="https://l2.example.test/news"');
    expect(html).toContain('src="https://l2.example.test/a.png"');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('sends test addresses only, and unsubscribes through the signed link of the mail', async () => {
    const first = await post(
      site.url,
      'mail',
      mailForm({ testEmails: 'Tester.One@example.com, tester.two@example.com' }),
    );
    expect(first.body).toMatchObject({ queued: 2, skipped: 0 });
    await waitUntilSettled(databases, (first.body as { jobId: number }).jobId);
    const [mail] = await mailsTo(smtp, 'tester.one@example.com');
    const params = unsubscribeParamsOf(mail as ParsedMail);
    expect(params).toMatchObject({ email: 'tester.one@example.com', user: 'demogamemaster', version: 'interlude' });

    const good = await post(site.url, 'unsubscribe', params);
    expect({ status: good.status, body: good.body }).toEqual({ status: 200, body: [] });
    // A second click of the same link is fine too.
    expect((await post(site.url, 'unsubscribe', params)).status).toBe(200);

    const before = smtp.recipients().length;
    const second = await post(
      site.url,
      'mail',
      mailForm({ testEmails: 'tester.one@example.com tester.two@example.com' }),
    );
    expect(second.body).toMatchObject({ queued: 1, skipped: 1 });
    await waitUntilSettled(databases, (second.body as { jobId: number }).jobId);
    expect(smtp.recipients().slice(before)).toEqual(['tester.two@example.com']);

    // The choice holds for that version only.
    const other = await post(site.url, 'mail', mailForm({ version: 'highfive', testEmails: 'tester.one@example.com' }));
    expect(other.body).toMatchObject({ queued: 1, skipped: 0 });
    await waitUntilSettled(databases, (other.body as { jobId: number }).jobId);
  });

  it('refuses a forged or missing signature with a translation key and records nothing', async () => {
    const victim = { email: 'victim@example.com', user: 'victim01', version: 'interlude' };
    const forgedKey = signUnsubscribe('another-key-that-is-not-the-sites-0000', victim);
    const otherAddress = signUnsubscribe(SIGNING_KEY, { ...victim, email: 'attacker@example.com' });
    for (const sig of [forgedKey, otherAddress, '', 'x']) {
      const answer = await post(site.url, 'unsubscribe', { ...victim, sig });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: 'mail.unsubscribeInvalid' });
    }
    const missing = await post(site.url, 'unsubscribe', victim);
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 400, body: 'mail.unsubscribeInvalid' });
    const rows = await databases.connections.site.db
      .selectFrom('site_mail_unsubscribes')
      .selectAll()
      .where('email', '=', victim.email)
      .execute();
    expect(rows).toEqual([]);
  });
});

/**
 * Worker failures, each on a world of its own so no other worker drains its outbox: a job is
 * queued straight into the outbox, then workers come and go.
 */
describe.each(DATABASE_KINDS)('mail outbox workers on %s', (kind: DatabaseKind) => {
  const { world, afterTest } = ownWorlds(kind);
  const cleanup = { push: afterTest };
  const sink = async (verdict?: (index: number) => SmtpVerdict) => {
    const server = await startScriptedSmtp(verdict);
    cleanup.push(() => server.close());
    return server;
  };
  const queue = (databases: TestDatabases, emails: string[]) =>
    queueMailJob(
      databases,
      emails.map((email, index) => ({ email, login: `player${index}`, language: 'en' })),
    );
  const app = async (databases: TestDatabases, smtpUrl: string, clock?: TestClock) => {
    const started = await startApp(databases, {
      env: { SMTP_URL: smtpUrl, PUBLIC_URL, MAIL_SIGNING_KEY: SIGNING_KEY },
      settings: mailSettings({ versions: {} }),
      ...(clock ? { now: clock.now } : {}),
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await started.close();
    };
    cleanup.push(close);
    return { ...started, close };
  };

  it('retries what a refusing SMTP server did not take, after the back-off, with a new worker', async () => {
    const databases = await world();
    const emails = addresses('retry', 6);
    const jobId = await queue(databases, emails);
    const refusing = await sink((index) => (index <= 2 ? 'accept' : 'refuse'));
    const first = await app(databases, refusing.url);
    // Two sent, four refused once and waiting for their back-off.
    await vi.waitFor(
      async () => {
        const rows = await databases.connections.site.db
          .selectFrom('site_mail_outbox')
          .select(['status', 'attempts'])
          .where('job_id', '=', jobId)
          .execute();
        expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
        expect(rows.filter((row) => row.status === 'pending' && row.attempts === 1)).toHaveLength(4);
      },
      { timeout: 20_000, interval: 50 },
    );
    await first.close();

    const healthy = await sink();
    const clock = testClock();
    clock.advance(RETRY_BASE_SECONDS * 1000 + 1);
    await app(databases, healthy.url, clock);
    await waitUntilSettled(databases, jobId);
    expect(deliveries(refusing, healthy)).toEqual(Object.fromEntries(emails.map((email) => [email, 1])));
    expect(Object.values(await statuses(databases, jobId))).toEqual(Array(6).fill('sent'));
  });

  it('a worker killed while SMTP held a mail: it is sent again with the same Message-ID, so nobody misses it', async () => {
    const databases = await world();
    const emails = addresses('killed', 6);
    const jobId = await queue(databases, emails);
    // The third message is taken in, and the answer never comes: the process dies in that window.
    const hanging = await sink((index) => (index < 3 ? 'accept' : 'recordAndHang'));
    const settingsDir = mkdtempSync(join(tmpdir(), 'gatekeeper-mail-'));
    cleanup.push(async () => rmSync(settingsDir, { recursive: true, force: true }));
    const settingsFile = join(settingsDir, 'settings.json');
    writeFileSync(settingsFile, JSON.stringify(mailSettings({ versions: {} })));
    // The real server, started as main.ts starts it, serves a page: any index.html will do.
    writeFileSync(join(settingsDir, 'index.html'), '<!doctype html><title>test</title>');
    const repoRoot = resolve(import.meta.dirname, '../../..');
    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...testEnvironment(databases),
        PORT: '0',
        HOST: '127.0.0.1',
        SMTP_URL: hanging.url,
        PUBLIC_URL,
        MAIL_SIGNING_KEY: SIGNING_KEY,
        SETTINGS_FILE: settingsFile,
        WEB_DIST_DIR: settingsDir,
      },
    });
    const exited = new Promise((done) => server.once('exit', done));
    cleanup.push(async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      await exited;
    });
    await hanging.waitForMessages(3);
    server.kill('SIGKILL');
    await exited;
    expect(await statuses(databases, jobId)).toMatchObject({
      [emails[0] as string]: 'sent',
      [emails[1] as string]: 'sent',
      [emails[2] as string]: 'sending',
    });

    // A new instance once the dead one's lease has run out.
    const healthy = await sink();
    const clock = testClock();
    clock.advance(LEASE_SECONDS * 1000 + 1);
    await app(databases, healthy.url, clock);
    await waitUntilSettled(databases, jobId);
    // The mail the dead instance left in the SMTP server's hands is sent again as the same mail.
    const resent = emails[2] as string;
    expect(deliveries(hanging, healthy)).toEqual(
      Object.fromEntries(emails.map((email) => [email, email === resent ? 2 : 1])),
    );
    const ids = await messageIdsByRecipient(hanging, healthy);
    expect(Object.values(ids).map((set) => set.size)).toEqual(emails.map(() => 1));
    expect((await statuses(databases, jobId))[resent]).toBe('sent');
    // It starts a real server process from the sources (tsx compiles the whole server as it loads),
    // which on a busy 2-core machine takes longer than the default 30 s by itself.
  }, 120_000);

  it('two instances drain one outbox without sending any address twice', async () => {
    const databases = await world();
    const emails = addresses('shared', 40);
    const jobId = await queue(databases, emails);
    const smtp = await sink();
    await Promise.all([app(databases, smtp.url), app(databases, smtp.url)]);
    await waitUntilSettled(databases, jobId);
    expect(deliveries(smtp)).toEqual(Object.fromEntries(emails.map((email) => [email, 1])));
  });
});
