import { LANGUAGES, type Language, type NewsState, type NewsText } from '@gatekeeper/contract';
import type { Kysely, Transaction } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

export type NewsChange = 'update' | 'delete';

/** A kept version as the console reads it. */
export interface PostVersion {
  id: number;
  slug: string;
  state: NewsState;
  publishAt: number;
  pinned: boolean;
  savedAt: number;
  replacedAt: number;
  replacedBy: string;
  change: NewsChange;
  texts: Partial<Record<Language, NewsText>>;
}

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * Keeps post `postId` as it is now, before `by` changes or deletes it at `at`; in the caller's
 * transaction, so that no edit lands without the version it replaced. Nothing for a missing post.
 */
export const keepVersion = async (
  trx: Transaction<SiteDatabase>,
  postId: number,
  change: { at: number; by: string; kind: NewsChange },
): Promise<void> => {
  const db = trx;
  const post = await db
    .selectFrom('site_news_posts')
    .select(['slug', 'state', 'publish_at', 'pinned', 'updated_at'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) return;
  const inserted = await db
    .insertInto('site_news_post_versions')
    .values({
      post_id: postId,
      slug: post.slug,
      state: post.state,
      publish_at: Number(post.publish_at),
      pinned: Number(post.pinned),
      saved_at: Number(post.updated_at),
      replaced_at: change.at,
      replaced_by: change.by,
      change_kind: change.kind,
    })
    .executeTakeFirstOrThrow();
  const versionId = Number(inserted.insertId);
  const texts = await db
    .selectFrom('site_news_texts')
    .select(['language', 'title', 'body'])
    .where('post_id', '=', postId)
    .execute();
  if (texts.length === 0) return;
  await db
    .insertInto('site_news_version_texts')
    .values(texts.map((text) => ({ version_id: versionId, ...text })))
    .execute();
};

/** Every kept version of post `postId`, the latest replaced first. */
export const listVersions = async (site: Kysely<SiteDatabase>, postId: number): Promise<PostVersion[]> => {
  const db = site;
  const rows = await db
    .selectFrom('site_news_post_versions')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const versions = rows.map((row): PostVersion => ({
    id: Number(row.id),
    slug: row.slug,
    state: row.state === 'published' ? 'published' : 'draft',
    publishAt: Number(row.publish_at),
    pinned: Number(row.pinned) === 1,
    savedAt: Number(row.saved_at),
    replacedAt: Number(row.replaced_at),
    replacedBy: row.replaced_by,
    change: row.change_kind === 'delete' ? 'delete' : 'update',
    texts: {},
  }));
  const byId = new Map(versions.map((version) => [version.id, version]));
  const texts = await db
    .selectFrom('site_news_version_texts')
    .selectAll()
    .where(
      'version_id',
      'in',
      versions.map((version) => version.id),
    )
    .execute();
  for (const text of texts) {
    const version = byId.get(Number(text.version_id));
    if (version && isLanguage(text.language)) version.texts[text.language] = { title: text.title, body: text.body };
  }
  return versions;
};
