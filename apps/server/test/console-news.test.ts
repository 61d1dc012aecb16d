import { LANGUAGES, type Language, api } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases';
import { testClock } from './support/clock';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { accountToolSettings } from './support/mailed-site';
import { useSite } from './support/use-site';

/**
 * The console's News section (docs/product.md#console-news): a stepped-up gm writes, publishes,
 * edits and deletes posts, each in the audit log; the public reads (the news call, the feeds)
 * change at once; a player, a signed-out browser and a gm not stepped up change nothing; hostile
 * Markdown leaves nothing that runs in the preview, the pages' posts or the feed.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 50, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  console: CONSOLE_SETTINGS,
};
const HOUR = 3_600_000;

const HOSTILE = [
  '# Trap <script>window.__pwned = 1</script>',
  '<img src="x" onerror="window.__pwned = 2">',
  '<svg onload="window.__pwned = 3"><circle r="1" /></svg>',
  '<iframe src="javascript:window.__pwned = 4"></iframe>',
  '[click me](javascript:window.__pwned=5)',
  '<a href="JaVaScRiPt:window.__pwned=6">mixed case</a>',
  '<a href="&#106;avascript:window.__pwned=7">entity</a>',
  '<div style="background:url(javascript:alert(1))" onclick="window.__pwned=8">styled</div>',
  '<details open ontoggle="window.__pwned=9">x</details>',
].join('\n\n');
const RUNS = [/<script/i, /\son[a-z]+\s*=/i, /javascript:/i, /<iframe/i, /<svg/i, /\sstyle=/i];

const texts = (given: Partial<Record<Language, { title: string; body: string }>>) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, given[language] ?? { title: '', body: '' }]));

describe.each(DATABASE_KINDS)("the console's News section (%s)", (kind) => {
  const clock = testClock();
  const site = useSite(kind, { app: { settings: SETTINGS, now: clock.now } });
  const siteDb = () => site.databases.connections.site.db;
  const post = (path: string, cookie: string | undefined, body: unknown) =>
    sessionCall(site.url, 'POST', path, cookie, body);
  const get = (path: string, cookie: string | undefined) => sessionCall(site.url, 'GET', path, cookie);
  const published = async (language: Language) =>
    (await get(`${api.getNews.path}?language=${language}`, undefined)).body as {
      slug: string;
      title: string;
      html: string;
    }[];
  const feed = async (language: Language) =>
    (await fetch(`${site.url}${language === 'en' ? '/news.atom' : `/${language}/news.atom`}`)).text();
  const auditOf = (action: string) =>
    siteDb().selectFrom('site_console_audit').selectAll().where('action', '=', action).orderBy('id').execute();
  const postCount = async () =>
    Number(
      (
        await siteDb()
          .selectFrom('site_news_posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lets a stepped-up gm publish in two languages: the news call and both feeds show it at once; audited', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const saved = await post(api.saveConsoleNews.path, gm.cookie, {
      post: {
        slug: `opening-${kind}`,
        state: 'published',
        publishAt: clock.now() - 1000,
        pinned: true,
        texts: texts({
          en: { title: `Grand opening ${kind}`, body: 'Doors open on **Friday**.' },
          ru: { title: `Открытие ${kind}`, body: 'Открываемся в **пятницу**.' },
        }),
      },
    });
    expect(saved.status).toBe(200);
    const { id } = saved.body as { id: number };

    expect((await published('en')).find((shown) => shown.slug === `opening-${kind}`)).toMatchObject({
      title: `Grand opening ${kind}`,
      html: '<p>Doors open on <strong>Friday</strong>.</p>',
    });
    expect((await published('ru')).find((shown) => shown.slug === `opening-${kind}`)?.title).toBe(`Открытие ${kind}`);
    // A language left empty falls back to English.
    expect((await published('lt')).find((shown) => shown.slug === `opening-${kind}`)?.title).toBe(
      `Grand opening ${kind}`,
    );
    expect(await feed('en')).toContain(`Grand opening ${kind}`);
    expect(await feed('ru')).toContain(`Открытие ${kind}`);

    // The console's list and the form's post.
    const list = await get(api.getConsoleNews.path, gm.cookie);
    expect((list.body as { id: number }[]).find((row) => row.id === id)).toMatchObject({
      slug: `opening-${kind}`,
      state: 'published',
      scheduled: false,
      pinned: true,
      languages: ['en', 'ru'],
    });
    const one = await get(`${api.getConsoleNewsPost.path}?id=${id}`, gm.cookie);
    expect(one.status).toBe(200);
    expect((one.body as { texts: Record<string, { title: string }> }).texts.gr).toEqual({ title: '', body: '' });

    const audit = await auditOf('news.create');
    expect(audit.at(-1)).toMatchObject({ login: gm.login, role: 'gm', record: `post ${id} opening-${kind}` });
    expect(audit.at(-1)?.detail).toContain('published');
    expect(audit.at(-1)?.detail).toContain('[en,ru]');

    // An edit back to draft takes it off the pages and the feed; the update is audited.
    const edited = await post(api.saveConsoleNews.path, gm.cookie, {
      id,
      post: {
        slug: `opening-${kind}`,
        state: 'draft',
        publishAt: clock.now(),
        pinned: false,
        texts: texts({ en: { title: `Grand opening ${kind}`, body: 'Later.' } }),
      },
    });
    expect(edited.status).toBe(200);
    expect((await published('en')).some((shown) => shown.slug === `opening-${kind}`)).toBe(false);
    expect(await feed('ru')).not.toContain(`Открытие ${kind}`);
    expect((await auditOf('news.update')).at(-1)?.record).toBe(`post ${id} opening-${kind}`);

    // Deleted: gone, audited; a second delete finds nothing.
    expect((await post(api.deleteConsoleNews.path, gm.cookie, { id })).status).toBe(200);
    expect((await get(`${api.getConsoleNewsPost.path}?id=${id}`, gm.cookie)).body).toEqual(['consoleNewsNotFound']);
    expect((await auditOf('news.delete')).at(-1)).toMatchObject({ record: `post ${id} opening-${kind}` });
    expect(await post(api.deleteConsoleNews.path, gm.cookie, { id })).toMatchObject({
      status: 404,
      body: ['consoleNewsNotFound'],
    });
  });

  it('keeps the version each edit replaced, readable in the console: who changed it, when, the text per language', async () => {
    const writer = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const editor = await consoleUser(site, clock, CONSOLE_LEVELS.owner, { stepUp: true });
    const slug = `versions-${kind}`;
    const save = (cookie: string, id: number | undefined, en: string, ru: string) =>
      post(api.saveConsoleNews.path, cookie, {
        ...(id === undefined ? {} : { id }),
        post: {
          slug,
          state: 'published',
          publishAt: 1_000,
          pinned: false,
          texts: texts({
            en: { title: en, body: `${en} body` },
            ...(ru ? { ru: { title: ru, body: `${ru} текст` } } : {}),
          }),
        },
      });
    const versionsOf = (cookie: string, id: number) => get(`${api.getConsoleNewsVersions.path}?id=${id}`, cookie);

    // The test clock moves on with real time too: a time is right within seconds (edits are a minute apart).
    const near = (at: number) => expect.toSatisfy((value: number) => Math.abs(value - at) < 5_000);
    const { id } = (await save(writer.cookie, undefined, 'First', 'Первая')).body as { id: number };
    const firstSavedAt = clock.now();
    // A new post has no earlier version.
    expect((await versionsOf(writer.cookie, id)).body).toEqual([]);

    clock.advance(60_000);
    const firstEditAt = clock.now();
    expect((await save(writer.cookie, id, 'Second', '')).status).toBe(200);
    clock.advance(60_000);
    const secondEditAt = clock.now();
    expect((await save(editor.cookie, id, 'Third', 'Третья')).status).toBe(200);

    const answer = await versionsOf(writer.cookie, id);
    expect(answer.status).toBe(200);
    const versions = api.getConsoleNewsVersions.response.parse(answer.body) as {
      replacedBy: string;
      replacedAt: number;
      savedAt: number;
      change: string;
      texts: Record<string, { title: string; body: string }>;
    }[];
    // The latest replaced first: the second text, replaced by the editor; then the first, by its writer.
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      replacedBy: editor.login,
      replacedAt: near(secondEditAt),
      savedAt: near(firstEditAt),
      change: 'update',
      texts: { en: { title: 'Second', body: 'Second body' } },
    });
    expect(Object.keys(versions[0]?.texts ?? {})).toEqual(['en']);
    expect(versions[1]).toMatchObject({
      replacedBy: writer.login,
      replacedAt: near(firstEditAt),
      savedAt: near(firstSavedAt),
      change: 'update',
      texts: { en: { title: 'First', body: 'First body' }, ru: { title: 'Первая', body: 'Первая текст' } },
    });

    // A deletion keeps the last text too, among the post's versions in the site database.
    expect((await post(api.deleteConsoleNews.path, editor.cookie, { id })).status).toBe(200);
    const kept = await siteDb()
      .selectFrom('site_news_post_versions')
      .select(['change_kind', 'replaced_by'])
      .where('post_id', '=', id)
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { change_kind: 'update', replaced_by: writer.login },
      { change_kind: 'update', replaced_by: editor.login },
      { change_kind: 'delete', replaced_by: editor.login },
    ]);

    // A post that never was: not found.
    expect(await versionsOf(writer.cookie, 999_999)).toMatchObject({ status: 404, body: ['consoleNewsNotFound'] });
  });

  it('marks a post dated later as scheduled and keeps it off the pages until then', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const saved = await post(api.saveConsoleNews.path, gm.cookie, {
      post: {
        slug: `later-${kind}`,
        state: 'published',
        publishAt: clock.now() + 48 * HOUR,
        pinned: false,
        texts: texts({ en: { title: 'Later', body: 'Soon.' } }),
      },
    });
    const { id } = saved.body as { id: number };
    const row = ((await get(api.getConsoleNews.path, gm.cookie)).body as { id: number; scheduled: boolean }[]).find(
      (one) => one.id === id,
    );
    expect(row?.scheduled).toBe(true);
    expect((await published('en')).some((shown) => shown.slug === `later-${kind}`)).toBe(false);
  });

  it('refuses bad input with its code and changes nothing: slug, English, a title missing, a slug taken', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const good = {
      slug: `unique-${kind}`,
      state: 'draft',
      publishAt: clock.now(),
      pinned: false,
      texts: texts({ en: { title: 'One', body: 'Text.' } }),
    };
    expect((await post(api.saveConsoleNews.path, gm.cookie, { post: good })).status).toBe(200);
    const before = await postCount();
    const refusals: [unknown, string][] = [
      [{ ...good, slug: 'Not A Slug' }, 'consoleNewsSlugInvalid'],
      [{ ...good, slug: 'x', texts: texts({ en: { title: '', body: 'Text.' } }) }, 'consoleNewsEnglishRequired'],
      [
        { ...good, slug: 'y', texts: texts({ en: { title: 'One', body: 'x' }, ru: { title: '', body: 'Текст' } }) },
        'consoleNewsTitleRequired',
      ],
      [{ ...good, slug: 'z', publishAt: -5 }, 'consoleNewsDateInvalid'],
      [{ ...good }, 'consoleNewsSlugTaken'],
    ];
    for (const [body, code] of refusals) {
      const answer = await post(api.saveConsoleNews.path, gm.cookie, { post: body });
      expect({ code, status: answer.status, body: answer.body }).toEqual({ code, status: 400, body: [code] });
    }
    expect(
      await post(api.saveConsoleNews.path, gm.cookie, { id: 2_000_000_000, post: { ...good, slug: 'gone' } }),
    ).toMatchObject({ status: 404, body: ['consoleNewsNotFound'] });
    expect(await postCount()).toBe(before);
  });

  it('refuses a player, a signed-out browser and a gm not stepped up; nothing written, nothing audited', async () => {
    const player = await consoleUser(site, clock, 0, { factor: true });
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { factor: true });
    const before = await postCount();
    const audited = (await auditOf('news.create')).length;
    const body = {
      post: {
        slug: `intruder-${kind}`,
        state: 'published',
        publishAt: clock.now(),
        pinned: false,
        texts: texts({ en: { title: 'Intruder', body: 'Hi.' } }),
      },
    };
    expect(await post(api.saveConsoleNews.path, player.cookie, body)).toMatchObject({
      status: 403,
      body: ['consoleForbidden'],
    });
    expect(await post(api.saveConsoleNews.path, undefined, body)).toMatchObject({ status: 401, body: ['notSignedIn'] });
    expect(await post(api.saveConsoleNews.path, gm.cookie, body)).toMatchObject({
      status: 401,
      body: ['consoleStepUpRequired'],
    });
    expect(await get(api.getConsoleNews.path, player.cookie)).toMatchObject({ status: 403 });
    expect(await postCount()).toBe(before);
    expect((await auditOf('news.create')).length).toBe(audited);
    expect((await published('en')).some((shown) => shown.slug === `intruder-${kind}`)).toBe(false);
  });

  it('sanitizes hostile Markdown in the preview, the published post and the feed', async () => {
    const gm = await consoleUser(site, clock, CONSOLE_LEVELS.gm, { stepUp: true });
    const preview = await post(api.previewConsoleNews.path, gm.cookie, { body: HOSTILE });
    expect(preview.status).toBe(200);
    const previewHtml = (preview.body as { html: string }).html;
    for (const sign of RUNS) expect(previewHtml).not.toMatch(sign);
    expect(previewHtml).toContain('mixed case');

    const saved = await post(api.saveConsoleNews.path, gm.cookie, {
      post: {
        slug: `hostile-${kind}`,
        state: 'published',
        publishAt: clock.now() - 1000,
        pinned: false,
        texts: texts({ en: { title: 'Hostile <script>window.__pwned=10</script>', body: HOSTILE } }),
      },
    });
    expect(saved.status).toBe(200);
    const shown = (await published('en')).find((one) => one.slug === `hostile-${kind}`);
    expect(shown).toBeDefined();
    for (const sign of RUNS) expect(shown?.html).not.toMatch(sign);
    expect(shown?.html).toBe(previewHtml);
    const xml = await feed('en');
    expect(xml).toContain(`hostile-${kind}`);
    // In the feed the HTML is escaped text; unescaped once, it still holds nothing that runs.
    const unescaped = xml
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    for (const sign of RUNS) expect(unescaped).not.toMatch(sign);
  });
});
