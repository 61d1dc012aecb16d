import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { claimAnnouncement, listUnannounced, releaseAnnouncement, type StoredPost } from './news-repository';

/** How often a post's announcement is tried before the site gives up on it. */
export const ANNOUNCE_ATTEMPTS = 8;
/** A post published longer ago than this is never announced (a webhook set up later does not flood the channel). */
export const ANNOUNCE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60_000;
const TIMEOUT_MS = 10_000;

export type SendOutcome = { ok: true } | { ok: false; retryAfterMs?: number; reason: string };

/**
 * One message to a Discord webhook (docs/integrations.md#discord-webhooks): a JSON POST; 204 (or
 * 200) is sent, 429 asks to wait `retry_after` seconds. Mentions are switched off: a post's text
 * must not ping @everyone.
 */
export const sendDiscordMessage = async (
  webhookUrl: string,
  message: { title: string; url: string; description: string },
): Promise<SendOutcome> => {
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        content: message.url,
        embeds: [
          { title: message.title.slice(0, 256), url: message.url, description: message.description.slice(0, 2048) },
        ],
        allowed_mentions: { parse: [] },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return { ok: true };
    if (response.status === 429) {
      const body = (await response.json().catch(() => ({}))) as { retry_after?: unknown };
      const seconds =
        typeof body.retry_after === 'number' ? body.retry_after : Number(response.headers.get('retry-after'));
      return {
        ok: false,
        reason: 'rate limited',
        retryAfterMs: Number.isFinite(seconds) ? Math.ceil(seconds * 1000) : undefined,
      };
    }
    return { ok: false, reason: `status ${response.status}` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
};

export interface NewsAnnouncer {
  /** Announces what is due, in the background: never awaited by the console's calls. */
  poke(): void;
  /** One pass over the posts due (tests, and each periodic check). */
  runOnce(): Promise<void>;
  stop(): void;
}

/**
 * The Discord announcement of each post, once, when it is published (or when its publish date
 * comes): claimed in the database before it is sent, so only one instance sends it, and given back
 * when the send failed, to be tried again at the next check, up to ANNOUNCE_ATTEMPTS times.
 */
export const newsAnnouncer = (options: {
  db: Kysely<SiteDatabase>;
  webhookUrl: string;
  /** The English text of the post, its address and summary. */
  messageOf: (post: StoredPost) => { title: string; url: string; description: string };
  now?: () => number;
  onError: (error: unknown) => void;
  checkEveryMs?: number;
}): NewsAnnouncer => {
  const now = options.now ?? Date.now;
  let running: Promise<void> | undefined;
  let again = false;
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const pass = async () => {
    if (now() < pausedUntil) return;
    const due = await listUnannounced(options.db, now(), ANNOUNCE_ATTEMPTS);
    for (const post of due) {
      if (post.publishAt < now() - ANNOUNCE_WINDOW_MS) continue;
      if (!(await claimAnnouncement(options.db, post.id, now()))) continue;
      const outcome = await sendDiscordMessage(options.webhookUrl, options.messageOf(post));
      if (outcome.ok) continue;
      await releaseAnnouncement(options.db, post.id);
      options.onError(new Error(`Discord announcement of news post ${post.slug}: ${outcome.reason}`));
      if (outcome.retryAfterMs !== undefined) {
        pausedUntil = now() + outcome.retryAfterMs;
        schedule(outcome.retryAfterMs);
      }
      return;
    }
  };

  const runOnce = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      void runOnce().finally(() => schedule(options.checkEveryMs ?? CHECK_EVERY_MS));
    }, delayMs);
    timer.unref();
  };
  schedule(options.checkEveryMs ?? CHECK_EVERY_MS);

  return {
    poke: () => void runOnce(),
    runOnce,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
