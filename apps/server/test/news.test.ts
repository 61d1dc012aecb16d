import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LANGUAGES, type NewsPostInput, newsPostInput } from '@gatekeeper/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCE_ATTEMPTS, newsAnnouncer } from '../src/features/news/discord-announcer';
import { newsFeed } from '../src/features/news/news-feed';
import { renderMarkdown, summaryOf } from '../src/features/news/news-render';
import { findPost } from '../src/features/news/news-repository';
import { newsService } from '../src/features/news/news-service';
import { DATABASE_KINDS, type TestDatabases, createTestDatabases } from './databases';

const HOUR = 3_600_000;

/** A post with English and, where given, other languages' texts; every other language empty. */
const post = (overrides: Partial<Omit<NewsPostInput, 'texts'>> & { texts?: Partial<NewsPostInput['texts']> }) =>
  newsPostInput.parse({
    slug: 'siege-of-aden',
    state: 'published',
    publishAt: 1_000,
    pinned: false,
    ...overrides,
    texts: {
      ...Object.fromEntries(LANGUAGES.map((language) => [language, { title: '', body: '' }])),
      en: { title: 'Siege of Aden', body: 'The **siege** starts on Saturday.' },
      ...overrides.texts,
    },
  });

/** Every way a post could try to run script in a page or a feed reader. */
export const HOSTILE_MARKDOWN = [
  '# Hostile <script>window.__newsXss = 1; console.log("NEWS-XSS")</script>',
  '<img src="x" onerror="window.__newsXss = 2; console.log(\'NEWS-XSS\')">',
  '<svg onload="console.log(\'NEWS-XSS\')"><circle r="1" /></svg>',
  '<iframe src="javascript:console.log(\'NEWS-XSS\')"></iframe>',
  '[click me](javascript:console.log("NEWS-XSS"))',
  '<a href="JaVaScRiPt:console.log(\'NEWS-XSS\')">mixed case</a>',
  '<a href="&#106;avascript:console.log(\'NEWS-XSS\')">entity</a>',
  '![image](javascript:console.log("NEWS-XSS"))',
  '<div style="background:url(javascript:alert(1))" onclick="console.log(\'NEWS-XSS\')">styled</div>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  '<details open ontoggle="console.log(\'NEWS-XSS\')">x</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror=console.log("NEWS-XSS")></style></mglyph></table></mtext></math>',
].join('\n\n');

const SCRIPT_SIGNS = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /<iframe/i,
  /<svg/i,
  /<form/i,
  /<style/i,
  /\sstyle=/i,
];

describe('news Markdown', () => {
  it('renders Markdown as HTML with its links kept', () => {
    expect(renderMarkdown('**bold** and [a link](https://example.com/x)')).toBe(
      '<p><strong>bold</strong> and <a href="https://example.com/x" rel="nofollow noopener noreferrer">a link</a></p>',
    );
  });

  it('keeps nothing that could run: scripts, event handlers, javascript: links, frames, styles', () => {
    const html = renderMarkdown(HOSTILE_MARKDOWN);
    for (const sign of SCRIPT_SIGNS) expect(html).not.toMatch(sign);
    // The text itself stays readable.
    expect(html).toContain('mixed case');
  });
});

describe("a post's summary", () => {
  it('is the rendered text of the first paragraph, not the headings and lists around it', () => {
    const body = [
      '## Patch 2.1',
      'The **Dragon Valley** drops are\nfixed; read [the notes](https://example.com/notes) &amp; enjoy.',
      '- Antharas respawns on time',
      '- Baium too',
      'A second paragraph the summary leaves out.',
    ].join('\n\n');
    expect(summaryOf(body)).toBe('The Dragon Valley drops are fixed; read the notes & enjoy.');
  });

  it('skips a paragraph that is only a picture, and sums up a post without a paragraph by all its text', () => {
    expect(summaryOf('![banner](https://example.com/b.png)\n\nDouble drop all weekend.')).toBe(
      'Double drop all weekend.',
    );
    expect(summaryOf('# Maintenance\n\n- Monday 10:00 UTC\n- one hour')).toBe('Maintenance Monday 10:00 UTC one hour');
  });

  it('keeps no markup nor script, and cuts a long paragraph at a word', () => {
    expect(summaryOf('<script>alert(1)</script>Plain <b>text</b>.')).toBe('Plain text.');
    const long = summaryOf(`${'word '.repeat(100)}end`);
    expect(long.length).toBeLessThanOrEqual(301);
    expect(long).toMatch(/ word…$/);
  });
});

describe.each(DATABASE_KINDS)('news on %s', (kind) => {
  let databases: TestDatabases;
  let clock = Date.UTC(2026, 10, 26, 12);
  const service = () =>
    newsService({
      db: databases.connections.site.db,
      now: () => clock,
      onError: (error) => {
        throw error;
      },
    });

  beforeAll(async () => {
    databases = await createTestDatabases(kind, { gameTables: false });
  });
  afterAll(async () => {
    await databases?.drop();
  });
  afterEach(async () => {
    await databases.connections.site.db.deleteFrom('site_news_texts').execute();
    await databases.connections.site.db.deleteFrom('site_news_posts').execute();
  });

  it('stores a post in each language written, and shows English where a language was left empty', async () => {
    const news = service();
    const id = await news.save(
      post({ texts: { ru: { title: 'Осада Адена', body: 'Осада начинается в **субботу**.' } } }),
      'gm',
    );
    const stored = await news.find(id);
    expect(Object.keys(stored?.texts ?? {}).sort()).toEqual(['en', 'ru']);
    expect(news.published('ru')).toEqual([
      expect.objectContaining({
        language: 'ru',
        title: 'Осада Адена',
        html: '<p>Осада начинается в <strong>субботу</strong>.</p>',
      }),
    ]);
    expect(news.published('gr')).toEqual([
      expect.objectContaining({ language: 'en', title: 'Siege of Aden', summary: 'The siege starts on Saturday.' }),
    ]);
    // An emoji needs full Unicode, which a utf8mb3 game database lacks.
    await news.save(post({ texts: { en: { title: 'Party 🎉', body: 'Come 🎉' } } }), 'gm', id);
    expect(news.published('en')[0]?.title).toBe('Party 🎉');
    expect(news.published('ru')[0]?.title).toBe('Party 🎉');
    news.stop();
  });

  it('shows neither drafts nor scheduled posts until their date, pinned posts first, then newest', async () => {
    const news = service();
    await news.save(post({ slug: 'old', publishAt: 1_000 }), 'gm');
    await news.save(post({ slug: 'newer', publishAt: 5_000 }), 'gm');
    await news.save(post({ slug: 'pinned-oldest', publishAt: 500, pinned: true }), 'gm');
    await news.save(post({ slug: 'draft', state: 'draft', publishAt: 2_000 }), 'gm');
    await news.save(post({ slug: 'scheduled', publishAt: clock + HOUR }), 'gm');
    expect(news.published('en').map((view) => view.slug)).toEqual(['pinned-oldest', 'newer', 'old']);
    expect((await news.list()).map((stored) => stored.slug)).toEqual([
      'scheduled',
      'newer',
      'draft',
      'old',
      'pinned-oldest',
    ]);
    clock += HOUR;
    expect(await news.refresh()).toBe(true);
    expect(news.published('en').map((view) => view.slug)).toEqual(['pinned-oldest', 'scheduled', 'newer', 'old']);
    news.stop();
  });

  it('tells its listeners when the visible posts change, and only then', async () => {
    const news = service();
    let changes = 0;
    news.onChange(() => (changes += 1));
    const id = await news.save(post({ state: 'draft' }), 'gm');
    expect(changes).toBe(0);
    await news.save(post({ state: 'published' }), 'gm', id);
    expect(changes).toBe(1);
    expect(await news.refresh()).toBe(false);
    expect(await news.remove(id, 'gm')).toBe(true);
    expect(changes).toBe(2);
    expect(news.published('en')).toEqual([]);
    expect(await news.remove(id, 'gm')).toBe(false);
    news.stop();
  });

  it('refuses a second post with the same address', async () => {
    const news = service();
    await news.save(post({ slug: 'same' }), 'gm');
    await expect(news.save(post({ slug: 'same' }), 'gm')).rejects.toThrow();
    expect(await news.list()).toHaveLength(1);
    news.stop();
  });

  it('writes an Atom feed per language with the sanitized text and no script', async () => {
    const news = service();
    await news.save(
      post({
        slug: 'hostile',
        texts: {
          en: { title: 'Hostile <script>alert(1)</script>', body: HOSTILE_MARKDOWN },
          ru: { title: 'Новости', body: 'Текст **новости**.' },
        },
      }),
      'gm',
    );
    const feed = (language: 'en' | 'ru') =>
      newsFeed({
        language,
        siteName: 'Gatekeeper',
        title: language === 'en' ? 'News' : 'Новости',
        publicUrl: 'https://l2.example',
        posts: news.published(language),
        postHref: (slug) => (language === 'en' ? `/news/${slug}` : `/ru/novosti/${slug}`),
        newsHref: language === 'en' ? '/news' : '/ru/novosti',
      });
    const russian = feed('ru');
    expect(russian).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(russian).toContain('https://l2.example/ru/novosti/hostile');
    expect(russian).toContain('Текст');
    const english = feed('en');
    // The title is text: escaped, never markup.
    expect(english).toContain('Hostile &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(english).not.toMatch(/<title[^>]*>(<!\[CDATA\[)?Hostile <script/);
    const content = /<content type="html"><!\[CDATA\[([\s\S]*?)\]\]><\/content>/.exec(english)?.[1] ?? english;
    for (const sign of SCRIPT_SIGNS) expect(content).not.toMatch(sign);
    news.stop();
  });

  describe('Discord announcements', () => {
    let server: Server;
    let webhookUrl = '';
    const received: { body: Record<string, unknown> }[] = [];
    let answers: { status: number; body?: unknown }[] = [];

    beforeAll(async () => {
      server = createServer((request, response) => {
        let data = '';
        request.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        request.on('end', () => {
          const answer = answers.shift() ?? { status: 204 };
          if (answer.status === 204) received.push({ body: JSON.parse(data) as Record<string, unknown> });
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/1/token`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });
    afterEach(() => {
      received.length = 0;
      answers = [];
    });

    const announcer = (errors: unknown[] = []) =>
      newsAnnouncer({
        db: databases.connections.site.db,
        webhookUrl,
        messageOf: (stored) => ({
          title: stored.texts.en?.title ?? '',
          url: `https://l2.example/news/${stored.slug}`,
          description: 'summary',
        }),
        now: () => clock,
        onError: (error) => errors.push(error),
        checkEveryMs: 3_600_000,
      });

    it('announces a published post once, with mentions off, and never a draft or an old post', async () => {
      const news = service();
      await news.save(post({ slug: 'fresh', publishAt: clock - 1_000 }), 'gm');
      await news.save(post({ slug: 'draft', state: 'draft', publishAt: clock - 1_000 }), 'gm');
      await news.save(post({ slug: 'last-year', publishAt: clock - 400 * 24 * HOUR }), 'gm');
      const discord = announcer();
      await discord.runOnce();
      await discord.runOnce();
      expect(received).toHaveLength(1);
      expect(received[0]?.body).toMatchObject({
        content: 'https://l2.example/news/fresh',
        embeds: [{ title: 'Siege of Aden', url: 'https://l2.example/news/fresh' }],
        allowed_mentions: { parse: [] },
      });
      // A second instance finds it already announced.
      const other = announcer();
      await other.runOnce();
      expect(received).toHaveLength(1);
      discord.stop();
      other.stop();
      news.stop();
    });

    it('waits for retry_after on 429 and tries again; gives up after the last attempt', async () => {
      const news = service();
      const id = await news.save(post({ slug: 'limited', publishAt: clock }), 'gm');
      answers = [{ status: 429, body: { message: 'You are being rate limited.', retry_after: 0.05, global: false } }];
      const errors: unknown[] = [];
      const discord = announcer(errors);
      await discord.runOnce();
      expect(received).toHaveLength(0);
      expect(errors).toHaveLength(1);
      expect((await findPost(databases.connections.site.db, id))?.announcedAt).toBeNull();
      // Nothing is tried before retry_after has passed; the next pass then sends it.
      await discord.runOnce();
      expect(received).toHaveLength(0);
      clock += 60;
      await discord.runOnce();
      expect(received).toHaveLength(1);
      expect((await findPost(databases.connections.site.db, id))?.announcedAt).toBe(clock);

      const failing = await news.save(post({ slug: 'broken-webhook', publishAt: clock }), 'gm');
      answers = Array.from({ length: ANNOUNCE_ATTEMPTS + 2 }, () => ({ status: 500 }));
      for (let attempt = 0; attempt < ANNOUNCE_ATTEMPTS + 2; attempt++) await discord.runOnce();
      expect(received).toHaveLength(1);
      expect(answers).toHaveLength(2);
      expect((await findPost(databases.connections.site.db, failing))?.announcedAt).toBeNull();
      discord.stop();
      news.stop();
    });
  });
});
