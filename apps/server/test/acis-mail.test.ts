import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CharacterRow, characterRow, inFlavor } from '../src/game/character-row';
import { FLAVORS } from '../src/game/flavors';
import { bcryptPasswordHash } from '../src/game/password-hash';
import { type AppUnderTest, csrfHeaders, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type Answer, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { twoVersionMailSettings } from './support/mailed-site';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';

const ACIS = FLAVORS.acis;
const PASSWORD = 'Acis.Pass1';
/** The variables the settings name for the highfive version, an aCis world on databases of its own. */
const HIGHFIVE_ENV = { login: 'GK_TEST_ACIS_HIGHFIVE_LOGIN_URL', game: 'GK_TEST_ACIS_HIGHFIVE_GAME_URL' };

const SETTINGS = twoVersionMailSettings(HIGHFIVE_ENV, 50);

/**
 * The site's own aCis world: access_level is the GM check and the ban, the emails are the site's
 * records (site_account_emails); `recorded` undefined is an account made in the game.
 */
const WORLD: { login: string; accessLevel: number; recorded?: string; character?: string }[] = [
  { login: 'acisgm', accessLevel: 100, recorded: 'gm@example.com' },
  { login: 'acishelper', accessLevel: 99, recorded: 'helper@example.com' },
  { login: 'acisplayer', accessLevel: 0, recorded: 'Player@Example.com', character: 'AcisPlayer' },
  { login: 'aciszshared', accessLevel: 0, recorded: 'player@example.com', character: 'AcisShared' },
  { login: 'acisnewbie', accessLevel: 0, recorded: 'newbie@example.com' },
  { login: 'acisbanned', accessLevel: -100, recorded: 'banned@example.com', character: 'AcisBanned' },
  { login: 'acisingame', accessLevel: 0, character: 'AcisInGame' },
  { login: 'acisquiet', accessLevel: 0 },
];

const form = (fields: Record<string, string> = {}) => ({
  username: 'acisgm',
  password: PASSWORD,
  subject: 'Siege on Saturday',
  version: 'interlude',
  registeredOnly: 'No',
  testEmails: '',
  content: '<p>Bring <b>potions</b>.</p>',
  ...fields,
});

describe.each(DATABASE_KINDS)('GM mass mail on aCis tables on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let highfive: TestDatabases;
  let site: AppUnderTest;
  let smtp: SmtpSink;

  const addAccounts = async (target: TestDatabases, world: typeof WORLD, hash: string) => {
    let charId = 920_000_000;
    for (const account of world) {
      await target.connections.login.db
        .insertInto('accounts')
        .values({ login: account.login, password: hash, access_level: account.accessLevel })
        .execute();
      if (account.character === undefined) continue;
      charId += 1;
      const row: CharacterRow = characterRow({ charId, account_name: account.login, char_name: account.character });
      await target.connections.game.db.insertInto('characters').values(inFlavor(ACIS, row)).execute();
    }
  };

  beforeAll(async () => {
    [databases, highfive, smtp] = await Promise.all([
      createTestDatabases(kind, { flavor: 'acis', seed: false }),
      createTestDatabases(kind, { flavor: 'acis', seed: false }),
      startSmtpSink(),
    ]);
    const hash = await bcryptPasswordHash(PASSWORD);
    await addAccounts(databases, WORLD, hash);
    await databases.connections.site.db
      .insertInto('site_account_emails')
      .values(WORLD.flatMap((a) => (a.recorded ? [{ login: a.login, email: a.recorded, created_at: 0 }] : [])))
      .execute();
    // Another server's aCis: one login is the same as a site account's, but the site never saw its email.
    await addAccounts(
      highfive,
      [
        { login: 'acisplayer', accessLevel: 0, character: 'HfPlayer' },
        { login: 'hfwarrior', accessLevel: 0 },
      ],
      hash,
    );
    vi.stubEnv(HIGHFIVE_ENV.login, highfive.urls.login);
    vi.stubEnv(HIGHFIVE_ENV.game, highfive.urls.game);
    site = await startApp(databases, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://acis.example.test', TRUST_PROXY: 'true' },
      settings: SETTINGS,
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
    await highfive?.drop();
    await databases?.drop();
    vi.unstubAllEnvs();
  });

  const post = async (body: object): Promise<Answer> =>
    readAnswer(
      await fetch(`${site.url}${api.mail.path}`, {
        method: 'POST',
        headers: csrfHeaders(),
        body: JSON.stringify({ ...body, captcha: await altchaPayload(site.url) }),
      }),
    );

  const outbox = async (jobId: number) =>
    databases.connections.site.db
      .selectFrom('site_mail_outbox')
      .select(['email', 'login', 'status'])
      .where('job_id', '=', jobId)
      .orderBy('email')
      .execute();

  const delivered = async (jobId: number) => {
    await vi.waitFor(async () => expect((await outbox(jobId)).filter((mail) => mail.status !== 'sent')).toEqual([]), {
      timeout: 20_000,
      interval: 50,
    });
    return (await outbox(jobId)).map(({ email, login }) => ({ email, login }));
  };

  const job = (answer: Answer) => {
    expect(answer.status).toBe(200);
    return answer.body as { jobId: number; queued: number; skipped: number };
  };

  it('lets only an account of access_level at least mail.minAccessLevel send, and queues nothing else', async () => {
    const before = await databases.connections.site.db.selectFrom('site_mail_jobs').select('id').execute();
    for (const username of ['acisplayer', 'acishelper']) {
      const answer = await post(form({ username }));
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: ['mail.notAllowed'] });
    }
    const wrong = await post(form({ password: 'Wrong.Pass1' }));
    expect(wrong.body).toEqual(['wrongUsernameOrPassword']);
    const banned = await post(form({ username: 'acisbanned' }));
    expect(banned.body).toEqual(['accountBanned']);
    const after = await databases.connections.site.db.selectFrom('site_mail_jobs').select('id').execute();
    expect(after).toEqual(before);
  });

  it('mails the recorded email of every account once, and counts the accounts without one as skipped', async () => {
    const before = smtp.received.length;
    const { jobId, queued, skipped } = job(await post(form()));
    // player@ (acisplayer and aciszshared) once, gm@, helper@, newbie@; not banned@; acisingame and acisquiet unknown.
    expect({ queued, skipped }).toEqual({ queued: 4, skipped: 2 });
    expect(await delivered(jobId)).toEqual([
      { email: 'gm@example.com', login: 'acisgm' },
      { email: 'helper@example.com', login: 'acishelper' },
      { email: 'newbie@example.com', login: 'acisnewbie' },
      { email: 'player@example.com', login: 'acisplayer' },
    ]);
    const envelopes = smtp.received.slice(before).flatMap((mail) => mail.envelopeTo);
    expect(envelopes.sort()).toEqual([
      'gm@example.com',
      'helper@example.com',
      'newbie@example.com',
      'player@example.com',
    ]);
    const [row] = await databases.connections.site.db
      .selectFrom('site_mail_jobs')
      .select(['queued', 'skipped', 'created_by'])
      .where('id', '=', jobId)
      .execute();
    expect(row).toEqual({ queued: 4, skipped: 2, created_by: 'acisgm' });
  });

  it('with Registered only, keeps the accounts with a character, counting only those without an email', async () => {
    const { jobId, queued, skipped } = job(await post(form({ registeredOnly: 'Yes' })));
    // acisplayer / aciszshared share player@; acisingame has a character and no email; acisbanned is left out.
    expect({ queued, skipped }).toEqual({ queued: 1, skipped: 1 });
    expect(await delivered(jobId)).toEqual([{ email: 'player@example.com', login: 'acisplayer' }]);
  });

  it('addresses a test mail to the account whose recorded email it is, else to the sender', async () => {
    const { jobId, queued, skipped } = job(await post(form({ testEmails: 'newbie@example.com, nobody@example.com' })));
    expect({ queued, skipped }).toEqual({ queued: 2, skipped: 0 });
    expect(await delivered(jobId)).toEqual([
      { email: 'newbie@example.com', login: 'acisnewbie' },
      { email: 'nobody@example.com', login: 'acisgm' },
    ]);
  });

  it('never mails the site-recorded email to a same-named account of another server: skipped there', async () => {
    const { jobId, queued, skipped } = job(await post(form({ version: 'highfive' })));
    expect({ queued, skipped }).toEqual({ queued: 0, skipped: 2 });
    expect(await outbox(jobId)).toEqual([]);
  });
});
