import type { Language, NewsPostView } from '@gatekeeper/contract';
import { decodeHTML } from 'entities';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { StoredPost } from './news-repository';

/**
 * What a post's Markdown may become (docs/product.md#news): text formatting, headings, lists,
 * quotes, code, tables, links and images. Never a script, a style, a frame, a form or an event
 * handler; links only to http(s) and mailto, images only from http(s). Markdown lets raw HTML
 * through, so the sanitizer, not the Markdown parser, is what keeps a post harmless.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A post's links lead off the site: no referrer, no search-engine credit, no window.opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }) },
};

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** A post's Markdown as HTML safe to put in any page or feed. */
export const renderMarkdown = (body: string): string =>
  sanitizeHtml(markdown.parse(body, { async: false }), SANITIZE_OPTIONS).trim();

const SUMMARY_LENGTH = 300;

/** Text without markup, entities decoded, whitespace folded. */
const plainText = (html: string): string =>
  decodeHTML(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();

/** The text cut at a word to about 300 characters. */
const cutAtWord = (text: string): string => {
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > SUMMARY_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
};

/**
 * A post's summary (docs/product.md#news): the rendered text of its first paragraph, so that a
 * heading, a list or a table above or below it is not run into it; a post without a paragraph
 * of text (only a list, say) is summed up by all its text. Cut at a word to about 300 characters.
 */
export const summaryOf = (body: string): string => {
  const paragraphs = markdown.lexer(body).filter((token) => token.type === 'paragraph');
  // A paragraph of only a picture has no text: the next one sums the post up.
  const first = paragraphs.map((token) => plainText(markdown.parser([token], { async: false }))).find(Boolean);
  return cutAtWord(first ?? plainText(renderMarkdown(body)));
};

/** The language a post is shown in on a page in `language`: its own text, or English. */
export const shownLanguage = (post: StoredPost, language: Language): Language =>
  post.texts[language] ? language : 'en';

/** A post as every page of one language shows it, rendered once per post, language and version. */
export const newsRenderer = () => {
  const rendered = new Map<string, NewsPostView>();
  return (post: StoredPost, language: Language): NewsPostView => {
    const textLanguage = shownLanguage(post, language);
    const text = post.texts[textLanguage] ?? { title: '', body: '' };
    // Keyed by what the view is made of: an edit within the same millisecond is still seen.
    const key = JSON.stringify([post.id, textLanguage, post.slug, post.publishAt, post.pinned, text]);
    let view = rendered.get(key);
    if (!view) {
      const html = renderMarkdown(text.body);
      view = {
        slug: post.slug,
        language: textLanguage,
        title: text.title,
        html,
        summary: summaryOf(text.body),
        publishedAt: post.publishAt,
        pinned: post.pinned,
      };
      // An edited post's old views go: the map holds at most the posts times six languages.
      const prefix = JSON.stringify([post.id, textLanguage]).slice(0, -1);
      for (const old of rendered.keys()) if (old.startsWith(prefix)) rendered.delete(old);
      rendered.set(key, view);
    }
    return view;
  };
};

export type RenderNews = ReturnType<typeof newsRenderer>;
