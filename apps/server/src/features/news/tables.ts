import type { Generated } from 'kysely';

/** One news post (features/news); its texts are in site_news_texts. */
export interface SiteNewsPostsTable {
  id: Generated<number>;
  slug: string;
  /** 'draft' or 'published'; a published post with a future publish_at is scheduled. */
  state: string;
  publish_at: number;
  pinned: number;
  created_at: number;
  updated_at: number;
  announced_at: number | null;
  announce_attempts: Generated<number>;
}

/** A news post's Markdown in one language. */
export interface SiteNewsTextsTable {
  post_id: number;
  language: string;
  title: string;
  body: string;
}

/** A post as it was before one edit or its deletion (site_news_post_versions): never changed. */
export interface SiteNewsPostVersionsTable {
  id: Generated<number>;
  post_id: number;
  slug: string;
  state: string;
  publish_at: number;
  pinned: number;
  /** When this version was saved (the post's updated_at then). */
  saved_at: number;
  replaced_at: number;
  /** The console login whose change replaced it. */
  replaced_by: string;
  /** 'update' or 'delete'. */
  change_kind: string;
}

/** One language's title and Markdown of a kept version. */
export interface SiteNewsVersionTextsTable {
  version_id: number;
  language: string;
  title: string;
  body: string;
}

/** The news feature's site tables (migrations.ts): only this feature names them. */
export type NewsTables = {
  site_news_posts: SiteNewsPostsTable;
  site_news_texts: SiteNewsTextsTable;
  site_news_post_versions: SiteNewsPostVersionsTable;
  site_news_version_texts: SiteNewsVersionTextsTable;
};
