import type { Language, NewsPostInput, NewsPostView } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { newsRenderer } from './news-render';
import {
  type StoredPost,
  deletePost,
  findPost,
  listAllPosts,
  listPublishedPosts,
  nextScheduledAt,
  savePost,
} from './news-repository';
import { type PostVersion, listVersions } from './news-versions';

/** How many posts the pages carry (home shows the first few, /news all of these). */
export const NEWS_ON_PAGES = 30;

export interface NewsService {
  readonly db: Kysely<SiteDatabase>;
  /** The published posts in a language as the pages show them, pinned first; empty while the site database is down. */
  published(language: Language): NewsPostView[];
  /** Reads the posts again (after a change, or when a scheduled one comes due); whether they changed. */
  refresh(): Promise<boolean>;
  list(): Promise<StoredPost[]>;
  find(id: number): Promise<StoredPost | undefined>;
  /** Saves a post as console login `by`; an edit keeps the version it replaces. */
  save(input: NewsPostInput, by: string, id?: number): Promise<number>;
  /** Deletes a post as `by`; its last version is kept with the others. */
  remove(id: number, by: string): Promise<boolean>;
  /** The versions post `id` had before each of its edits, the latest first. */
  versions(id: number): Promise<PostVersion[]>;
  /** Called after the visible posts changed: the pages and feeds that show them are made again. */
  onChange(listener: () => void): void;
  stop(): void;
}

/**
 * The news as the site shows it (docs/product.md#news): the visible posts kept in memory and
 * rendered once per language, read again after every change made through the console and when a
 * scheduled post's date comes. A site database that cannot be read leaves the news empty, and the
 * site serves on (apps/server/test/faults.test.ts).
 */
export const newsService = (options: {
  db: Kysely<SiteDatabase>;
  now?: () => number;
  onError: (error: unknown) => void;
}): NewsService => {
  const now = options.now ?? Date.now;
  const render = newsRenderer();
  let visible: StoredPost[] = [];
  let signature = '[]';
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const listeners: (() => void)[] = [];
  const views = new Map<Language, NewsPostView[]>();

  const scheduleNext = async () => {
    if (timer) clearTimeout(timer);
    const next = await nextScheduledAt(options.db, now());
    if (next === undefined || stopped) return;
    // setTimeout holds at most about 24.8 days; a later date is checked again then.
    timer = setTimeout(() => void refresh(), Math.min(Math.max(next - now(), 0) + 50, 2 ** 31 - 1));
    timer.unref();
  };

  const refresh = async (): Promise<boolean> => {
    try {
      const posts = (await listPublishedPosts(options.db, now())).slice(0, NEWS_ON_PAGES);
      const next = JSON.stringify(posts);
      await scheduleNext();
      if (next === signature) return false;
      visible = posts;
      signature = next;
      views.clear();
      for (const listener of listeners) listener();
      return true;
    } catch (error) {
      options.onError(error);
      return false;
    }
  };

  const changed = async <T>(result: T): Promise<T> => {
    await refresh();
    return result;
  };

  return {
    db: options.db,
    published(language) {
      let shown = views.get(language);
      if (!shown) {
        shown = visible.map((post) => render(post, language));
        views.set(language, shown);
      }
      return shown;
    },
    refresh,
    list: () => listAllPosts(options.db),
    find: (id) => findPost(options.db, id),
    save: async (input, by, id) => changed(await savePost(options.db, input, now(), by, id)),
    remove: async (id, by) => changed(await deletePost(options.db, id, now(), by)),
    versions: (id) => listVersions(options.db, id),
    onChange: (listener) => void listeners.push(listener),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
