import { LANGUAGES, type Language, getHref, getNewsPostHref } from '@gatekeeper/contract';
import { LOCALES } from '@gatekeeper/texts';
import type { FastifyInstance } from 'fastify';
import { type PreparedAnswer, prepareBytes } from '../../infra/prepared-answer';
import { publicGet } from '../../infra/public-read';
import { sdkRoute } from '../../infra/sdk-route';
import { API_HEADERS } from '../../infra/security-headers';
import { createHash } from 'node:crypto';
import { newsAnnouncer } from './discord-announcer';
import { newsFeed, newsFeedPath } from './news-feed';
import type { NewsService } from './news-service';

const siteTexts = (language: Language) =>
  LOCALES[language] as unknown as { site: { name: string }; news: { title: string } };

/**
 * The news feeds, one per language (docs/product.md#news), prepared again whenever the visible
 * posts change; and, with DISCORD_NEWS_WEBHOOK_URL, the Discord announcement of each post as it
 * is published. Neither holds start-up: a site database that is down leaves the feeds empty.
 */
export const newsRoutes = async (
  app: FastifyInstance,
  options: { news: NewsService; publicUrl: string; discordWebhookUrl: string },
): Promise<void> => {
  const feeds = new Map<Language, PreparedAnswer>();
  const prepareFeeds = () => {
    for (const language of LANGUAGES) {
      const texts = siteTexts(language);
      const xml = newsFeed({
        language,
        siteName: texts.site.name,
        title: texts.news.title,
        publicUrl: options.publicUrl,
        posts: options.news.published(language),
        postHref: (slug) => getNewsPostHref(slug, language),
        newsHref: getHref('news', language),
      });
      const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
      feeds.set(
        language,
        prepareBytes(
          {
            ...API_HEADERS,
            'content-type': 'application/atom+xml; charset=utf-8',
            'cache-control': 'no-cache',
            'cross-origin-resource-policy': 'cross-origin',
            etag,
          },
          xml,
        ),
      );
    }
  };

  const announcer = options.discordWebhookUrl
    ? newsAnnouncer({
        db: options.news.db,
        webhookUrl: options.discordWebhookUrl,
        messageOf: (post) => {
          const view = options.news.published('en').find((shown) => shown.slug === post.slug);
          return {
            title: post.texts.en?.title ?? post.slug,
            url: new URL(getNewsPostHref(post.slug, 'en'), options.publicUrl).href,
            description: view?.summary ?? '',
          };
        },
        onError: (error) => app.log.warn({ err: error }, 'news: a Discord announcement failed; tried again later'),
      })
    : undefined;

  options.news.onChange(() => {
    prepareFeeds();
    announcer?.poke();
  });
  // Read in the background: the site starts and serves while the site database is away.
  const loaded = options.news.refresh().then(() => {
    if (feeds.size === 0) prepareFeeds();
    announcer?.poke();
  });
  app.addHook('onClose', async () => {
    announcer?.stop();
    options.news.stop();
  });

  // The posts of a language, for a page the browser renders alone (the others carry them in their HTML).
  sdkRoute(app, 'getNews', async ({ query }, _request, reply) => {
    await loaded;
    return reply.header('cache-control', 'no-cache').send(options.news.published(query.language));
  });

  for (const language of LANGUAGES) {
    publicGet(
      app,
      newsFeedPath(language),
      () => feeds.get(language),
      async () => {
        await loaded;
        const feed = feeds.get(language);
        if (!feed) throw new Error('the news feeds were not prepared');
        return feed;
      },
    );
  }
};
