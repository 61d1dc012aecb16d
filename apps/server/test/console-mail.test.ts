import { LANGUAGES, type Language, api } from '@gatekeeper/contract';
import { LOCALES } from '@gatekeeper/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases';
import { freshLogin } from './support/account-calls';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { flavoredWorld } from './support/flavored-world';
import { accountToolSettings } from './support/mailed-site';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { useSite } from './support/use-site';

/**
 * The console's Mail section (docs/product.md#console-mail), in its steps: the count per language
 * before a mass mail goes, the preview in every language as the worker would send it, the send as
 * the stepped-up gm (no password typed) with the count it confirmed, refused when the recipients
 * changed, in the audit log; the job's progress as the worker sends. A player, a signed-out browser
 * and a gm not stepped up queue nothing.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
  // The worker waits: the test reads what was queued, not what was sent.
  mail: { pollSeconds: 3600 },
};

type Counted = { perLanguage: Record<Language, number>; total: number; unsubscribed: number; unrecorded: number };
type Preview = { mails: Record<Language, { subject: string; html: string; text: string }> };
type Progress = { jobId: number; queued: number; pending: number; sent: number; failed: number; done: boolean };

/** The footer's first line as a player of this language reads it, for this login. */
const footerOf = (language: Language, login: string) =>
  LOCALES[language].mail.footer.reason.replace('{{site}}', LOCALES[language].site.name).replace('{{username}}', login);

describe.each(DATABASE_KINDS)("the console's Mail section (%s)", (kind) => {
  const clock = testClock();
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now } });
  const siteDb = () => site.databases.connections.site.db;
  const world = flavoredWorld('l2j');
  const count = async (cookie: string, query = 'version=interlude&registeredOnly=No') => {
    const answer = await sessionCall(site.url, 'GET', `${api.getConsoleMailRecipients.path}?${query}`, cookie);
    expect(answer.status).toBe(200);
    return answer.body as Counted;
  };
  const jobs = async () =>
    Number(
      (
        await siteDb()
          .selectFrom('site_mail_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A player account with this email; with `language`, a password recovery in it (how the site learns it). */
  const player = async (email: string, language?: Language) => {
    const login = freshLogin('m');
    await world.insertAccounts(site.databases.connections.login.db, [{ login, accessLevel: 0 }]);
    await site.databases.connections.login.db
      .updateTable('accounts')
      .set({ email })
      .where('login', '=', login)
      .execute();
    if (language) {
      await siteDb()
        .insertInto('site_password_resets')
        .values({
          login,
          key_hash: `hash-${login}`,
          language,
          created_at: clock.now(),
          expires_at: clock.now(),
          used_at: null,
        })
        .execute();
    }
    return login;
  };

  it('counts the recipients per language, leaving out the unsubscribed, before anything is sent', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const before = await count(gm.cookie);
    await player(`ru-reader-${kind}@example.com`, 'ru');
    await player(`ru-reader2-${kind}@example.com`, 'ru');
    await player(`gr-reader-${kind}@example.com`, 'gr');
    await player(`en-reader-${kind}@example.com`);
    await player(`gone-${kind}@example.com`, 'es');
    await siteDb()
      .insertInto('site_mail_unsubscribes')
      .values({ email: `gone-${kind}@example.com`, version: 'interlude', login: 'x', created_at: clock.now() })
      .execute();
    const jobsBefore = await jobs();
    const after = await count(gm.cookie);
    const added = Object.fromEntries(
      LANGUAGES.map((language) => [language, after.perLanguage[language] - before.perLanguage[language]]),
    );
    expect(added).toEqual({ en: 1, ru: 2, gr: 1, es: 0, br: 0, lt: 0 });
    expect(after.total - before.total).toBe(4);
    expect(after.unsubscribed - before.unsubscribed).toBe(1);
    // Counting queues nothing.
    expect(await jobs()).toBe(jobsBefore);
    // A version without databases is refused with its code.
    const god = await sessionCall(site.url, 'GET', `${api.getConsoleMailRecipients.path}?version=god`, gm.cookie);
    expect(god).toMatchObject({ status: 400, body: ['mail.versionNotConfigured'] });
  });

  it('sends as the stepped-up gm without a password: queued in the outbox and written to the audit log', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const expected = (await count(gm.cookie)).total;
    const sent = await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, {
      subject: `Siege night ${kind}`,
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: '',
      content: '<p>Siege on <b>Saturday</b><script>alert(1)</script></p>',
      expectedRecipients: expected,
    });
    expect(sent.status).toBe(200);
    const answer = sent.body as { jobId: number; queued: number; skipped: number };
    expect(answer.queued).toBe(expected);
    const job = await siteDb()
      .selectFrom('site_mail_jobs')
      .selectAll()
      .where('id', '=', answer.jobId)
      .executeTakeFirstOrThrow();
    expect(job.created_by).toBe(gm.login);
    expect(job.html).not.toContain('<script');
    const outbox = await siteDb()
      .selectFrom('site_mail_outbox')
      .select('email')
      .where('job_id', '=', answer.jobId)
      .execute();
    expect(outbox).toHaveLength(expected);
    const audit = await siteDb()
      .selectFrom('site_console_audit')
      .selectAll()
      .where('action', '=', 'mail.send')
      .where('record', '=', `job ${answer.jobId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ login: gm.login, role: 'gm' });
    expect(audit[0]?.detail).toContain(`Siege night ${kind}`);

    // A test run reaches only its addresses.
    const test = await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, {
      subject: 'Test',
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: `tester-${kind}@example.com`,
      content: '<p>Hello</p>',
      expectedRecipients: 1,
    });
    expect(test.body).toMatchObject({ queued: 1, skipped: 0 });
  });

  it('counts test addresses as a test send would reach them, the unsubscribed left out', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    await siteDb()
      .insertInto('site_mail_unsubscribes')
      .values({ email: `left-${kind}@example.com`, version: 'interlude', login: 'x', created_at: clock.now() })
      .execute();
    const testEmails = encodeURIComponent(`one-${kind}@example.com, left-${kind}@example.com`);
    const counted = await count(gm.cookie, `version=interlude&registeredOnly=No&testEmails=${testEmails}`);
    expect(counted).toMatchObject({ total: 1, unsubscribed: 1, unrecorded: 0 });
    expect(counted.perLanguage.en).toBe(1);
  });

  it('previews the mail in every language as the worker sends it, hostile markup made inert, nothing queued', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const jobsBefore = await jobs();
    const answer = await sessionCall(site.url, 'POST', api.previewConsoleMail.path, gm.cookie, {
      subject: `Siege & "night" ${kind}`,
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: '',
      content: [
        '<p>Siege on <b>Saturday</b></p>',
        '<script>alert("mail-xss")</script>',
        '<img src="https://example.com/a.png" onerror="alert(1)">',
        '<a href="javascript:alert(2)">click</a>',
        '<iframe src="https://example.com"></iframe>',
        '<p style="color:red;background:url(javascript:alert(3))" onclick="alert(4)">Red</p>',
      ].join(''),
    });
    expect(answer.status).toBe(200);
    const { mails } = answer.body as Preview;
    expect(Object.keys(mails).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const mail = mails[language];
      expect(mail.subject).toBe(`Siege & "night" ${kind}`);
      expect(mail.html).toContain('<p>Siege on <b>Saturday</b></p>');
      expect(mail.html).toContain('<img src="https://example.com/a.png" />');
      for (const inert of ['<script', 'mail-xss', 'onerror', 'onclick', 'javascript:', '<iframe', 'background']) {
        expect({ language, inert, found: mail.html.includes(inert) }).toEqual({ language, inert, found: false });
      }
      // The footer of that language, for the sender's login, with the signed unsubscribe link.
      const footer = footerOf(language, gm.login);
      expect(mail.html).toContain(footer);
      expect(mail.html).toContain(LOCALES[language].mail.footer.unsubscribe);
      expect(mail.html).toMatch(
        /\?param=unsubscribe&amp;email=player%40example\.invalid&amp;user=[^&]+&amp;version=interlude&amp;sig=/,
      );
      expect(mail.text).toContain('Siege on Saturday');
      expect(mail.text).toContain(footer);
      expect(mail.text).not.toContain('<');
    }
    expect(mails.ru.html).not.toBe(mails.en.html);
    expect(await jobs()).toBe(jobsBefore);

    const good = { subject: 'Hi', version: 'interlude', registeredOnly: 'No', testEmails: '', content: '<p>Hi</p>' };
    for (const [body, code] of [
      [{ ...good, content: '<script>alert(1)</script>' }, 'consoleMailContentEmpty'],
      [{ ...good, subject: '' }, 'consoleMailSubjectEmpty'],
      [{ ...good, version: 'god' }, 'mail.versionNotConfigured'],
    ] as const) {
      const refused = await sessionCall(site.url, 'POST', api.previewConsoleMail.path, gm.cookie, body);
      expect({ code, status: refused.status, body: refused.body }).toEqual({ code, status: 400, body: [code] });
    }
  });

  it('refuses a send whose confirmed count is no longer the recipients: nothing queued, audited, the new count shown', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const confirmed = (await count(gm.cookie)).total;
    // A player registers between the count and the send.
    await player(`late-${kind}@example.com`, 'lt');
    const jobsBefore = await jobs();
    const mail = {
      subject: `Changed ${kind}`,
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: '',
      content: '<p>Hello</p>',
    };
    const refused = await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, {
      ...mail,
      expectedRecipients: confirmed,
    });
    expect(refused).toMatchObject({ status: 409, body: ['consoleMailRecipientsChanged'] });
    expect(await jobs()).toBe(jobsBefore);
    const audit = await siteDb()
      .selectFrom('site_console_audit')
      .selectAll()
      .where('login', '=', gm.login)
      .where('action', '=', 'mail.refused')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toBe(`recipients changed: ${confirmed} confirmed, ${confirmed + 1} now; Changed ${kind}`);
    // The page counts again and the sender confirms the new number: it goes.
    const now = (await count(gm.cookie)).total;
    expect(now).toBe(confirmed + 1);
    const sent = await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, {
      ...mail,
      expectedRecipients: now,
    });
    expect(sent).toMatchObject({ status: 200, body: { queued: now } });
    expect(await jobs()).toBe(jobsBefore + 1);
  });

  it('refuses bad input with translated codes and queues nothing', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const before = await jobs();
    const good = {
      subject: 'Hello',
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: '',
      content: '<p>Hi</p>',
      expectedRecipients: (await count(gm.cookie)).total,
    };
    const refusals: [object, string][] = [
      [{ ...good, subject: '' }, 'consoleMailSubjectEmpty'],
      [{ ...good, version: '' }, 'consoleMailVersionEmpty'],
      [{ ...good, content: '' }, 'consoleMailContentEmpty'],
      // Nothing left once sanitized.
      [{ ...good, content: '<script>alert(1)</script>' }, 'consoleMailContentEmpty'],
      [{ ...good, version: 'god' }, 'mail.versionNotConfigured'],
      // The count the sender confirmed is part of the send.
      [{ ...good, expectedRecipients: undefined }, 'formInvalid'],
      [{ ...good, expectedRecipients: -1 }, 'formInvalid'],
    ];
    for (const [body, code] of refusals) {
      const answer = await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, body);
      expect({ code, status: answer.status, body: answer.body }).toEqual({ code, status: 400, body: [code] });
    }
    expect(await jobs()).toBe(before);
  });

  it('refuses a player, a signed-out browser and a gm not stepped up; nothing queued, nothing audited', async () => {
    const playerUser = await consoleUser(site, clock, 0, { factor: true });
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { factor: true });
    const before = await jobs();
    const body = {
      subject: 'Hello',
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: '',
      content: '<p>Hi</p>',
      expectedRecipients: 1,
    };
    expect(await sessionCall(site.url, 'POST', api.sendConsoleMail.path, playerUser.cookie, body)).toMatchObject({
      status: 403,
      body: ['consoleForbidden'],
    });
    expect(await sessionCall(site.url, 'POST', api.sendConsoleMail.path, undefined, body)).toMatchObject({
      status: 401,
      body: ['notSignedIn'],
    });
    expect(await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, body)).toMatchObject({
      status: 401,
      body: ['consoleStepUpRequired'],
    });
    expect(
      await sessionCall(site.url, 'GET', `${api.getConsoleMailRecipients.path}?version=interlude`, playerUser.cookie),
    ).toMatchObject({ status: 403 });
    expect(await sessionCall(site.url, 'POST', api.previewConsoleMail.path, playerUser.cookie, body)).toMatchObject({
      status: 403,
    });
    expect(await sessionCall(site.url, 'GET', `${api.getConsoleMailJob.path}?jobId=1`, gm.cookie)).toMatchObject({
      status: 401,
      body: ['consoleStepUpRequired'],
    });
    expect(await jobs()).toBe(before);
    const audited = await siteDb()
      .selectFrom('site_console_audit')
      .select('login')
      .where('action', '=', 'mail.send')
      .where('login', 'in', [playerUser.login, gm.login])
      .execute();
    expect(audited).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)("the console's mass mail limits (%s)", (kind) => {
  const clock = testClock();
  const LIMITED = {
    ...SETTINGS,
    console: {
      ...CONSOLE_SETTINGS,
      // The step-up outlasts the hour the test moves through.
      idleMinutes: 24 * 60,
      massMail: { gm: { sendsPerHour: 2, recipientsPerHour: 3 }, owner: { sendsPerHour: 4, recipientsPerHour: 100 } },
    },
  };
  const site = useSite(kind, { app: { settings: LIMITED, now: clock.now } });
  const siteDb = () => site.databases.connections.site.db;
  let n = 0;
  /** A test send to `count` outside addresses. */
  const send = (cookie: string, count: number) =>
    sessionCall(site.url, 'POST', api.sendConsoleMail.path, cookie, {
      subject: `Limits ${kind}`,
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: Array.from({ length: count }, () => `outside-${(n += 1)}@example.com`).join(', '),
      content: '<p>Hello</p>',
      expectedRecipients: count,
    });
  const jobsOf = async (login: string) =>
    (await siteDb().selectFrom('site_mail_jobs').select('queued').where('created_by', '=', login).execute()).map(
      (job) => Number(job.queued),
    );
  const refusals = (login: string) =>
    siteDb()
      .selectFrom('site_console_audit')
      .selectAll()
      .where('login', '=', login)
      .where('action', '=', 'mail.refused')
      .execute();

  it("holds a gm to the gm's mails and sends per hour: refused with a translated code, audited, nothing queued", async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    expect(await send(gm.cookie, 2)).toMatchObject({ status: 200, body: { queued: 2 } });
    // Two more would make 4 mails in the hour, over the gm's 3.
    expect(await send(gm.cookie, 2)).toMatchObject({ status: 429, body: ['consoleMailLimit'] });
    expect(await send(gm.cookie, 1)).toMatchObject({ status: 200, body: { queued: 1 } });
    // Two sends made: a third is refused whatever its size.
    clock.advance(30 * 60_000);
    expect(await send(gm.cookie, 1)).toMatchObject({ status: 429, body: ['consoleMailLimit'] });
    expect(await jobsOf(gm.login)).toEqual([2, 1]);
    const refused = await refusals(gm.login);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ role: 'gm' });
    expect(refused[1]?.detail).toContain('2 sends and 3 mails in the last hour');
    // An hour after the first sends, the gm may send again.
    clock.advance(31 * 60_000);
    expect(await send(gm.cookie, 1)).toMatchObject({ status: 200, body: { queued: 1 } });
  });

  it('gives an owner more than a gm', async () => {
    const owner = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    for (let i = 0; i < 4; i += 1) expect((await send(owner.cookie, 10)).status).toBe(200);
    expect(await send(owner.cookie, 1)).toMatchObject({ status: 429, body: ['consoleMailLimit'] });
    expect(await jobsOf(owner.login)).toEqual([10, 10, 10, 10]);
  });

  it('lets no more through when the sends are made at once', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(gm.cookie, 1)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    expect(await jobsOf(gm.login)).toEqual([1, 1]);
    expect(await refusals(gm.login)).toHaveLength(3);
  });
});

describe.each(DATABASE_KINDS)("the console's mass mail progress (%s)", (kind) => {
  const clock = testClock();
  let smtp: SmtpSink | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // Five mails a second: slow enough to read the job half sent, quick enough for a test.
  const PACED = { ...SETTINGS, mail: { pollSeconds: 3600, sendPerMinute: 300 } };
  const site = useSite(kind, {
    app: () => ({
      env: { SMTP_URL: smtp?.url ?? '' },
      settings: PACED,
      now: clock.now,
    }),
  });
  const progress = async (cookie: string, jobId: number) => {
    const answer = await sessionCall(site.url, 'GET', `${api.getConsoleMailJob.path}?jobId=${jobId}`, cookie);
    expect(answer.status).toBe(200);
    return answer.body as Progress;
  };

  it("follows a job's queued, sent and failed mails as the worker sends them, until it is done", async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const testEmails = Array.from({ length: 4 }, (_, i) => `progress-${i}-${kind}@example.com`);
    const sent = await sessionCall(site.url, 'POST', api.sendConsoleMail.path, gm.cookie, {
      subject: `Progress ${kind}`,
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: testEmails.join(', '),
      content: '<p>On its way</p>',
      expectedRecipients: 4,
    });
    expect(sent).toMatchObject({ status: 200, body: { queued: 4 } });
    const { jobId } = sent.body as { jobId: number };
    const seen: Progress[] = [];
    for (let tries = 0; tries < 200; tries += 1) {
      const now = await progress(gm.cookie, jobId);
      seen.push(now);
      if (now.done) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const last = seen.at(-1);
    expect(last).toEqual({ jobId, queued: 4, pending: 0, sent: 4, failed: 0, done: true });
    // Read while the worker was at it: some mails still to send, and the figures only ever move on.
    expect(seen[0]?.pending).toBeGreaterThan(0);
    for (const [i, now] of seen.entries()) {
      expect(now.queued).toBe(4);
      expect(now.pending + now.sent + now.failed).toBe(4);
      if (i > 0) expect(now.sent).toBeGreaterThanOrEqual(seen[i - 1]?.sent ?? 0);
    }
    expect(new Set(seen.map((now) => now.sent)).size).toBeGreaterThan(1);
    const received = (smtp?.received ?? []).flatMap((mail) => mail.envelopeTo);
    expect(received.filter((to) => testEmails.includes(to)).sort()).toEqual([...testEmails].sort());

    // A job that does not exist, or a number that is none.
    expect(await sessionCall(site.url, 'GET', `${api.getConsoleMailJob.path}?jobId=999999`, gm.cookie)).toMatchObject({
      status: 404,
      body: ['consoleMailJobNotFound'],
    });
    expect(await sessionCall(site.url, 'GET', `${api.getConsoleMailJob.path}?jobId=x`, gm.cookie)).toMatchObject({
      status: 400,
      body: ['consoleMailJobNotFound'],
    });
  });
});
