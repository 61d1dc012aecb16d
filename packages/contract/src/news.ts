import { z } from 'zod';
import { LANGUAGES, type Language } from './constants';

/** A post's state: a draft is seen only in the console; a published post from its publish date on. */
export const NEWS_STATES = ['draft', 'published'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 20_000;
export const NEWS_SLUG_MAX = 96;

/** A post's address part: lower-case letters, digits and single hyphens (`/news/<slug>`). */
export const NEWS_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const newsText = z.object({
  title: z.string().trim().max(NEWS_TITLE_MAX, { error: 'consoleNewsTitleTooLong' }),
  body: z.string().max(NEWS_BODY_MAX, { error: 'consoleNewsBodyTooLong' }),
});
export type NewsText = z.infer<typeof newsText>;

/**
 * A post as the console writes it (docs/product.md#news): Markdown per language. English is
 * required; another language counts as written when its title is not empty, and falls back to
 * English otherwise.
 */
export const newsPostInput = z
  .object({
    slug: z
      .string({ error: 'consoleNewsSlugInvalid' })
      .max(NEWS_SLUG_MAX, { error: 'consoleNewsSlugInvalid' })
      .regex(NEWS_SLUG_PATTERN, { error: 'consoleNewsSlugInvalid' }),
    state: z.enum(NEWS_STATES, { error: 'formInvalid' }),
    /** Milliseconds since the epoch; a published post with a later date is scheduled. */
    publishAt: z.number({ error: 'consoleNewsDateInvalid' }).int({ error: 'consoleNewsDateInvalid' }).nonnegative({
      error: 'consoleNewsDateInvalid',
    }),
    pinned: z.boolean({ error: 'formInvalid' }),
    texts: z.object(
      Object.fromEntries(LANGUAGES.map((language) => [language, newsText])) as Record<Language, typeof newsText>,
    ),
  })
  .superRefine((post, context) => {
    if (post.texts.en.title.length === 0) {
      context.addIssue({ code: 'custom', path: ['texts', 'en', 'title'], message: 'consoleNewsEnglishRequired' });
    }
    if (post.texts.en.body.trim().length === 0) {
      context.addIssue({ code: 'custom', path: ['texts', 'en', 'body'], message: 'consoleNewsEnglishRequired' });
    }
    // Another language's text without a title is refused: it would be shown without one.
    for (const language of LANGUAGES) {
      if (language !== 'en' && !post.texts[language].title && post.texts[language].body.trim()) {
        context.addIssue({ code: 'custom', path: ['texts', language, 'title'], message: 'consoleNewsTitleRequired' });
      }
    }
  });
export type NewsPostInput = z.infer<typeof newsPostInput>;

/** A published post as a page shows it in one language: its sanitized HTML, already rendered. */
export const newsPostView = z.object({
  slug: z.string(),
  /** The language the text is written in: the page's, or `en` when it fell back to English. */
  language: z.enum(LANGUAGES),
  title: z.string(),
  html: z.string(),
  /** The first words of the text, without markup (link previews, the home page's list). */
  summary: z.string(),
  publishedAt: z.number(),
  pinned: z.boolean(),
});
export type NewsPostView = z.infer<typeof newsPostView>;
