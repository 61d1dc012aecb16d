import { z } from 'zod';
import { LANGUAGES, type Language } from './constants';
import { NEWS_BODY_MAX, NEWS_STATES, newsPostInput } from './news';

/**
 * The console's News section (docs/product.md#console-news): every post in every state, one
 * post's texts to edit, saving, deleting, the server's preview of a text's Markdown, and the
 * versions a post had before each edit or its deletion (who changed it, when, the text per language).
 */

const postId = z.coerce
  .number({ error: 'consoleNewsNotFound' })
  .int({ error: 'consoleNewsNotFound' })
  .positive({ error: 'consoleNewsNotFound' })
  .max(2_147_483_647, { error: 'consoleNewsNotFound' });

/** One line of the console's list: newest publish date first. */
export const consoleNewsRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  state: z.enum(NEWS_STATES),
  /** True for a published post whose date has not come: visitors do not see it yet. */
  scheduled: z.boolean(),
  publishAt: z.number(),
  pinned: z.boolean(),
  /** The English title. */
  title: z.string(),
  /** The languages the post is written in (English always). */
  languages: z.array(z.enum(LANGUAGES)),
  updatedAt: z.number(),
});
export type ConsoleNewsRow = z.infer<typeof consoleNewsRow>;
export const consoleNewsListAnswer = z.array(consoleNewsRow);

/** Which post to open in the form. */
export const consoleNewsPostQuery = z.object({ id: postId });
export type ConsoleNewsPostQuery = z.input<typeof consoleNewsPostQuery>;

/** A post as the form edits it: every language, empty where it is not written. */
export const consoleNewsPostAnswer = z.object({
  id: z.number().int(),
  slug: z.string(),
  state: z.enum(NEWS_STATES),
  publishAt: z.number(),
  pinned: z.boolean(),
  texts: z.object(
    Object.fromEntries(
      LANGUAGES.map((language) => [language, z.object({ title: z.string(), body: z.string() })]),
    ) as Record<Language, z.ZodObject<{ title: z.ZodString; body: z.ZodString }>>,
  ),
});
export type ConsoleNewsPostAnswer = z.infer<typeof consoleNewsPostAnswer>;

/** A new post (no id) or post `id` replaced, validated by the post's own model. */
export const consoleNewsSaveModel = z.object({ id: postId.optional(), post: newsPostInput });
export type ConsoleNewsSaveModel = z.input<typeof consoleNewsSaveModel>;
export const consoleNewsSaveAnswer = z.object({ id: z.number().int() });

export const consoleNewsDeleteModel = z.object({ id: postId });
export type ConsoleNewsDeleteModel = z.input<typeof consoleNewsDeleteModel>;

/** One text's Markdown, rendered and sanitized by the server exactly as the pages will show it. */
export const consoleNewsPreviewModel = z.object({
  body: z.string({ error: 'consoleNewsBodyTooLong' }).max(NEWS_BODY_MAX, { error: 'consoleNewsBodyTooLong' }),
});
export type ConsoleNewsPreviewModel = z.input<typeof consoleNewsPreviewModel>;
export const consoleNewsPreviewAnswer = z.object({ html: z.string() });

/** Whose earlier versions to read. */
export const consoleNewsVersionsQuery = z.object({ id: postId });
export type ConsoleNewsVersionsQuery = z.input<typeof consoleNewsVersionsQuery>;

/** A post as it was before one change: its fields, the languages written, and who replaced it when. */
export const consoleNewsVersion = z.object({
  id: z.number().int(),
  slug: z.string(),
  state: z.enum(NEWS_STATES),
  publishAt: z.number(),
  pinned: z.boolean(),
  /** When this version was saved. */
  savedAt: z.number(),
  /** When it was replaced, by which console login, and whether by an edit or the post's deletion. */
  replacedAt: z.number(),
  replacedBy: z.string(),
  change: z.enum(['update', 'delete']),
  /** Only the languages it was written in. */
  texts: z.partialRecord(z.enum(LANGUAGES), z.object({ title: z.string(), body: z.string() })),
});
export type ConsoleNewsVersion = z.infer<typeof consoleNewsVersion>;
/** The post's earlier versions, the latest replaced first. */
export const consoleNewsVersionsAnswer = z.array(consoleNewsVersion);
