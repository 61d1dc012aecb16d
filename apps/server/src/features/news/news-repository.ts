import { LANGUAGES, type Language, type NewsPostInput, type NewsState, type NewsText } from '@gatekeeper/contract';
import type { Kysely, Selectable } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { writeTransaction } from '../../db/write-retry';
import { keepVersion } from './news-versions';
import type { SiteNewsPostsTable } from './tables';

/** A post as stored: its state, dates, pin and the Markdown of every language written. */
export interface StoredPost {
  id: number;
  slug: string;
  state: NewsState;
  publishAt: number;
  pinned: boolean;
  createdAt: number;
  updatedAt: number;
  announcedAt: number | null;
  texts: Partial<Record<Language, NewsText>>;
}

type SiteDb = Kysely<SiteDatabase>;

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** A post's row as the reads select it (all but the announcement's attempts). */
type PostRow = Omit<Selectable<SiteNewsPostsTable>, 'announce_attempts'>;

/** These posts' rows with their texts attached, in the rows' order. */
const withTexts = async (db: SiteDb, rows: PostRow[]): Promise<StoredPost[]> => {
  const posts = rows.map((row): StoredPost => ({
    id: row.id,
    slug: row.slug,
    state: row.state === 'published' ? 'published' : 'draft',
    publishAt: Number(row.publish_at),
    pinned: Number(row.pinned) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    announcedAt: row.announced_at === null ? null : Number(row.announced_at),
    texts: {},
  }));
  if (posts.length === 0) return posts;
  const texts = await db
    .selectFrom('site_news_texts')
    .selectAll()
    .where(
      'post_id',
      'in',
      posts.map((post) => post.id),
    )
    .execute();
  const byId = new Map(posts.map((post) => [post.id, post]));
  for (const text of texts) {
    const post = byId.get(Number(text.post_id));
    if (post && isLanguage(text.language)) post.texts[text.language] = { title: text.title, body: text.body };
  }
  return posts;
};

const postColumns = [
  'id',
  'slug',
  'state',
  'publish_at',
  'pinned',
  'created_at',
  'updated_at',
  'announced_at',
] as const;

/** The languages a post is written in: English always, another when its title is not empty. */
const writtenTexts = (input: NewsPostInput) =>
  LANGUAGES.filter((language) => language === 'en' || input.texts[language].title.length > 0).map((language) => ({
    language,
    title: input.texts[language].title,
    body: input.texts[language].body,
  }));

/**
 * Stores a new post, or replaces post `id`'s fields and texts after keeping what they were as a
 * version replaced by `by` (news-versions.ts); the post's id.
 */
export const savePost = (db: SiteDb, input: NewsPostInput, now: number, by: string, id?: number): Promise<number> =>
  writeTransaction(db, async (trx) => {
    const fields = {
      slug: input.slug,
      state: input.state,
      publish_at: input.publishAt,
      pinned: input.pinned ? 1 : 0,
      updated_at: now,
    };
    let postId = id;
    if (postId === undefined) {
      const inserted = await trx
        .insertInto('site_news_posts')
        .values({ ...fields, created_at: now, announced_at: null })
        .executeTakeFirstOrThrow();
      postId = Number(inserted.insertId);
    } else {
      await keepVersion(trx, postId, { at: now, by, kind: 'update' });
      await trx.updateTable('site_news_posts').set(fields).where('id', '=', postId).execute();
      await trx.deleteFrom('site_news_texts').where('post_id', '=', postId).execute();
    }
    const savedId = postId;
    await trx
      .insertInto('site_news_texts')
      .values(writtenTexts(input).map((text) => ({ ...text, post_id: savedId })))
      .execute();
    return savedId;
  });

/** Deletes a post and its texts, kept first as its last version (deleted by `by`); whether there was one. */
export const deletePost = (db: SiteDb, id: number, now: number, by: string): Promise<boolean> =>
  writeTransaction(db, async (trx) => {
    await keepVersion(trx, id, { at: now, by, kind: 'delete' });
    await trx.deleteFrom('site_news_texts').where('post_id', '=', id).execute();
    const result = await trx.deleteFrom('site_news_posts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });

/** Every post, drafts and scheduled ones included (the console's list): newest first. */
export const listAllPosts = async (db: SiteDb): Promise<StoredPost[]> =>
  withTexts(
    db,
    await db
      .selectFrom('site_news_posts')
      .select(postColumns)
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  );

/** One post by id, whatever its state. */
export const findPost = async (db: SiteDb, id: number): Promise<StoredPost | undefined> =>
  (await withTexts(db, await db.selectFrom('site_news_posts').select(postColumns).where('id', '=', id).execute()))[0];

/** The posts visitors see at `now`: published, dated no later; pinned ones first, then newest first. */
export const listPublishedPosts = async (db: SiteDb, now: number): Promise<StoredPost[]> =>
  withTexts(
    db,
    await db
      .selectFrom('site_news_posts')
      .select(postColumns)
      .where('state', '=', 'published')
      .where('publish_at', '<=', now)
      .orderBy('pinned', 'desc')
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  );

/** The next publish date after `now` of a scheduled post, if any (when the pages change next). */
export const nextScheduledAt = async (db: SiteDb, now: number): Promise<number | undefined> => {
  const row = await db
    .selectFrom('site_news_posts')
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .where('state', '=', 'published')
    .where('publish_at', '>', now)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
};

/** Posts visible at `now` whose Discord announcement has not gone out, with fewer than `maxAttempts` tries. */
export const listUnannounced = async (db: SiteDb, now: number, maxAttempts: number): Promise<StoredPost[]> =>
  withTexts(
    db,
    await db
      .selectFrom('site_news_posts')
      .select(postColumns)
      .where('state', '=', 'published')
      .where('publish_at', '<=', now)
      .where('announced_at', 'is', null)
      .where('announce_attempts', '<', maxAttempts)
      .orderBy('publish_at', 'asc')
      .execute(),
  );

/**
 * Claims a post's announcement before it is sent, so that of several instances only one sends it:
 * whether this one won. A failed send gives the claim back (`releaseAnnouncement`).
 */
export const claimAnnouncement = async (db: SiteDb, id: number, now: number): Promise<boolean> => {
  const result = await db
    .updateTable('site_news_posts')
    .set({ announced_at: now })
    .where('id', '=', id)
    .where('announced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** A send that failed: the post waits for its next try, one attempt more. */
export const releaseAnnouncement = async (db: SiteDb, id: number): Promise<void> => {
  await db
    .updateTable('site_news_posts')
    .set((eb) => ({ announced_at: null, announce_attempts: eb('announce_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
};
