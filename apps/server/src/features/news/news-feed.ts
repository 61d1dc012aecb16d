import { LANGUAGE_TAGS, type Language } from '@gatekeeper/contract';
import { Feed } from 'feed';
import type { NewsPostView } from '@gatekeeper/contract';

/**
 * Text as HTML: the feed library writes titles and summaries as `type="html"`, which a reader
 * renders as markup, so a title's `<script>` must reach it as the characters, not as a tag.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The feed's path in a language: /news.atom for English, /<code>/news.atom for the others. */
export const newsFeedPath = (language: Language): string =>
  language === 'en' ? '/news.atom' : `/${language}/news.atom`;

/**
 * The Atom feed of one language's news (docs/product.md#news): the posts as that language's pages
 * show them, English where a post has no text in it, newest first (the pin is the site's, not a
 * reader's order). Content is the same sanitized HTML the pages show.
 */
export const newsFeed = (options: {
  language: Language;
  siteName: string;
  title: string;
  publicUrl: string;
  posts: NewsPostView[];
  postHref: (slug: string) => string;
  newsHref: string;
}): string => {
  const url = (path: string) => new URL(path, options.publicUrl).href;
  const posts = [...options.posts].sort((a, b) => b.publishedAt - a.publishedAt);
  const feed = new Feed({
    id: url(newsFeedPath(options.language)),
    title: `${options.title} · ${options.siteName}`,
    link: url(options.newsHref),
    language: LANGUAGE_TAGS[options.language],
    updated: new Date(posts[0]?.publishedAt ?? 0),
    feedLinks: { atom: url(newsFeedPath(options.language)) },
    generator: false,
    copyright: options.siteName,
  });
  for (const post of posts) {
    feed.addItem({
      title: escapeHtml(post.title),
      id: url(options.postHref(post.slug)),
      link: url(options.postHref(post.slug)),
      date: new Date(post.publishedAt),
      published: new Date(post.publishedAt),
      description: escapeHtml(post.summary),
      content: post.html,
    });
  }
  return feed.atom1();
};
