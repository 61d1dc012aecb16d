import type { Kysely } from 'kysely';
import { isServiceUnavailable } from '../../infra/unavailable';
import { writeFitting } from '../../infra/fit-text';
import { GraphApiError, type LiveVideo } from './graph-api-client';
import { removeLiveStream, saveLiveStream } from '../streams/live-streams-repository';
import {
  LIVE_STREAM_SOURCE,
  deleteFacebookUser,
  listStreamersDue,
  markPolled,
  sweepEndedData,
} from './streamers-repository';
import type { SiteDatabase } from '../../db/tables';

/** A stream not confirmed live for this long is deleted (the privacy policy's promise). */
export const STREAM_DATA_MAX_AGE_MS = 5 * 60_000;
/** How often the collector wakes: Unregister at the NPC is honoured within this time. */
export const COLLECTOR_TICK_MS = 10_000;

export interface CollectorDeps {
  /** Whether this instance runs the timed round (infra/shared-refresh.ts); every instance when absent. */
  takeTurn?: (name: string, periodMs: number) => Promise<boolean>;
  site: Kysely<SiteDatabase>;
  /**
   * Which of these characters of a realm (its slug, null for the first) are in the game; a realm
   * whose database does not answer throws ServiceUnavailableError (decision 049).
   */
  charactersInGame: (realm: string | null, charIds: number[]) => Promise<Set<number>>;
  /** The user's live video now, undefined when none; throws GraphApiError. */
  fetchLiveVideo: (fbUserId: string, accessToken: string) => Promise<LiveVideo | undefined>;
  /** Decrypts a stored token (token-cipher.ts). */
  decryptToken: (stored: string, fbUserId: string) => string;
  pollMs: number;
  now: () => number;
  onError: (error: unknown, context: string) => void;
}

export interface Collector {
  /** One round: housekeeping, then the live videos of the streamers due. Rounds never overlap. */
  collectOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Reads the latest public live video of every streamer whose bound character is in the game and
 * keeps it in site_live_streams (getlivestreams shows it on the home page). A stream that ended,
 * a character that left the game and a token Facebook no longer accepts delete the stream at
 * once; when Facebook cannot be asked, the stream is deleted once it is STREAM_DATA_MAX_AGE_MS old.
 */
export const createCollector = (deps: CollectorDeps): Collector => {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const pollStreamer = async (streamer: { fbUserId: string; accessToken: string }, now: number) => {
    try {
      const token = deps.decryptToken(streamer.accessToken, streamer.fbUserId);
      const video = await deps.fetchLiveVideo(streamer.fbUserId, token);
      if (video) {
        await writeFitting(
          video,
          (fitting) =>
            saveLiveStream(
              deps.site,
              {
                source: LIVE_STREAM_SOURCE,
                ownerKey: streamer.fbUserId,
                type: 'FACEBOOK',
                channel: fitting.videoUrl,
                title: fitting.title,
                viewers: fitting.viewers,
              },
              now,
            ),
          () => deps.onError(new Error('the live streams table refused a 4-byte character'), 'storing the title as is'),
        );
      } else await removeLiveStream(deps.site, LIVE_STREAM_SOURCE, streamer.fbUserId);
    } catch (error) {
      if (error instanceof GraphApiError && error.tokenInvalid) {
        // Expired or revoked: nothing more can be read; the streamer authorizes again on the fb page.
        await deleteFacebookUser(deps.site, streamer.fbUserId);
        return;
      }
      deps.onError(error, 'live video');
    }
  };

  const round = async () => {
    const now = deps.now();
    await sweepEndedData(deps.site, { now, staleBefore: now - STREAM_DATA_MAX_AGE_MS });
    const due = await listStreamersDue(deps.site, now - deps.pollMs);
    // Each character is looked for in its own realm's game (decision 049). The streamers of a realm
    // whose database does not answer wait for it: their streams go once STREAM_DATA_MAX_AGE_MS old.
    const byRealm = new Map<string | null, typeof due>();
    for (const streamer of due) byRealm.set(streamer.realm, [...(byRealm.get(streamer.realm) ?? []), streamer]);
    for (const [realm, streamers] of byRealm) {
      let inGame: Set<number>;
      try {
        inGame = await deps.charactersInGame(
          realm,
          streamers.map((streamer) => streamer.charId),
        );
      } catch (error) {
        if (!isServiceUnavailable(error)) throw error;
        continue;
      }
      for (const streamer of streamers) {
        if (inGame.has(streamer.charId)) await pollStreamer(streamer, now);
        else await removeLiveStream(deps.site, LIVE_STREAM_SOURCE, streamer.fbUserId);
        await markPolled(deps.site, streamer.id, now);
      }
    }
  };

  const collectOnce = () => {
    running ??= round()
      .catch((error: unknown) => deps.onError(error, 'round'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    collectOnce,
    start() {
      if (timer) return;
      // One instance per tick polls the Graph API; the others would only repeat its calls.
      timer = setInterval(() => {
        void (deps.takeTurn?.('facebook-collector', COLLECTOR_TICK_MS) ?? Promise.resolve(true)).then((mine) => {
          if (mine) void collectOnce();
        });
      }, COLLECTOR_TICK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
};
