import { type ConsoleNewsPostAnswer, type ConsoleNewsRow, LANGUAGES, type Language } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/unique-violation';
import type { ConsoleDoor } from '../../infra/console-door';
import { renderMarkdown } from './news-render';
import type { StoredPost } from './news-repository';
import type { NewsService } from './news-service';

export interface ConsoleNewsOptions {
  door: ConsoleDoor;
  news: NewsService;
  now: () => number;
}

const languagesOf = (post: StoredPost): Language[] => LANGUAGES.filter((language) => post.texts[language]);

const rowOf = (post: StoredPost, now: number): ConsoleNewsRow => ({
  id: post.id,
  slug: post.slug,
  state: post.state,
  scheduled: post.state === 'published' && post.publishAt > now,
  publishAt: post.publishAt,
  pinned: post.pinned,
  title: post.texts.en?.title ?? '',
  languages: languagesOf(post),
  updatedAt: post.updatedAt,
});

const formOf = (post: StoredPost): ConsoleNewsPostAnswer => ({
  id: post.id,
  slug: post.slug,
  state: post.state,
  publishAt: post.publishAt,
  pinned: post.pinned,
  texts: Object.fromEntries(
    LANGUAGES.map((language) => [language, post.texts[language] ?? { title: '', body: '' }]),
  ) as ConsoleNewsPostAnswer['texts'],
});

/** What the audit log keeps of a saved post: its state, date, pin and languages. */
const detailOf = (post: { state: string; publishAt: number; pinned: boolean }, languages: readonly Language[]) =>
  `${post.state} ${new Date(post.publishAt).toISOString()}${post.pinned ? ' pinned' : ''} [${languages.join(',')}]`;

/**
 * The console's News section (docs/product.md#console-news): a gm lists every post, opens one,
 * saves (the news service then makes the home page, /news, the post's page and the feeds again),
 * deletes, previews a text through the pages' own renderer and sanitizer, and reads the versions a
 * post had before each edit. Every write is in the audit log with the post's id and address name.
 */
export const newsConsoleSection = async (app: FastifyInstance, options: ConsoleNewsOptions): Promise<void> => {
  const { door, news, now } = options;

  door.route(app, 'getConsoleNews', 'gm', async (_input, _request, reply) =>
    reply.send((await news.list()).map((post) => rowOf(post, now()))),
  );

  door.route(app, 'getConsoleNewsPost', 'gm', async ({ query }, _request, reply) => {
    const post = await news.find(query.id);
    if (!post) return reply.code(404).send(['consoleNewsNotFound']);
    return reply.send(formOf(post));
  });

  door.route(app, 'saveConsoleNews', 'gm', async ({ actor, body }, _request, reply) => {
    if (body.id !== undefined && !(await news.find(body.id))) return reply.code(404).send(['consoleNewsNotFound']);
    let id: number;
    try {
      id = await news.save(body.post, actor.login, body.id);
    } catch (error) {
      if (isUniqueViolation(error)) return reply.code(400).send(['consoleNewsSlugTaken']);
      throw error;
    }
    const languages = LANGUAGES.filter((language) => language === 'en' || body.post.texts[language].title);
    await door.record(
      actor,
      body.id === undefined ? 'news.create' : 'news.update',
      `post ${id} ${body.post.slug}`,
      detailOf(body.post, languages),
    );
    return reply.send({ id });
  });

  door.route(app, 'deleteConsoleNews', 'gm', async ({ actor, body }, _request, reply) => {
    const post = await news.find(body.id);
    if (!post || !(await news.remove(body.id, actor.login))) return reply.code(404).send(['consoleNewsNotFound']);
    await door.record(actor, 'news.delete', `post ${post.id} ${post.slug}`, post.texts.en?.title ?? '');
    return reply.send([]);
  });

  // Each edit keeps the version it replaced (features/news/news-versions.ts): who changed it, when, its texts.
  door.route(app, 'getConsoleNewsVersions', 'gm', async ({ query }, _request, reply) => {
    const versions = await news.versions(query.id);
    if (versions.length === 0 && !(await news.find(query.id))) return reply.code(404).send(['consoleNewsNotFound']);
    return reply.send(versions);
  });

  // Only the server renders Markdown: the page shows this HTML, already sanitized, as the post will be.
  door.route(app, 'previewConsoleNews', 'gm', async ({ body }, _request, reply) =>
    reply.send({ html: renderMarkdown(body.body) }),
  );
};
