import { LIVE_STREAM_SLOTS, type LiveStream, STREAM_TYPES } from '@gatekeeper/contract';
import { type RefreshingValue, refreshingValue } from '../../infra/refreshing-value';
import type { StoredLiveStream } from './live-streams-repository';
import type { LiveStreamSetting } from './settings-schema';

/** getlivestreams is read from memory and refreshed this often. */
export const LIVE_STREAMS_REFRESH_MS = 15_000;
/** A registered stream not updated for this long has ended (its poller stopped touching it). */
export const LIVE_STREAM_FRESH_MS = 10 * 60_000;

const sameStream = (a: LiveStream, b: LiveStream) =>
  a.type === b.type && a.channel.toLowerCase() === b.channel.toLowerCase();

/**
 * The home page's three slots: the owner's streams from the settings first, then the registered
 * ones (already most watched first), each stream once.
 */
export const mergeLiveStreams = (configured: LiveStreamSetting[], stored: StoredLiveStream[]): LiveStream[] => {
  const merged: LiveStream[] = [];
  const candidates: LiveStream[] = [
    ...configured.map(({ type, channel }) => ({ type, channel })),
    ...stored
      .filter((row) => (STREAM_TYPES as readonly string[]).includes(row.type) && row.channel.trim() !== '')
      // The collector keeps only streams their provider reported live a moment ago.
      .map(({ type, channel, title }) =>
        title ? { type, channel, title, live: true } : { type, channel, live: true },
      ),
  ];
  for (const stream of candidates) {
    if (merged.length === LIVE_STREAM_SLOTS) break;
    if (!merged.some((taken) => sameStream(taken, stream))) merged.push(stream);
  }
  return merged;
};

/**
 * getlivestreams' answer, serialized, kept in memory and refreshed in the background. When the
 * site database cannot be read, the settings' streams still show.
 */
export const liveStreamsSource = (options: {
  configured: LiveStreamSetting[];
  minViewers: number;
  listStored: (query: { since: number; minViewers: number; limit: number }) => Promise<StoredLiveStream[]>;
  now?: () => number;
  onError?: (error: unknown) => void;
}): RefreshingValue<string> => {
  const now = options.now ?? Date.now;
  return refreshingValue({
    intervalMs: LIVE_STREAMS_REFRESH_MS,
    fallback: JSON.stringify(mergeLiveStreams(options.configured, [])),
    onError: options.onError,
    compute: async () => {
      const stored = await options.listStored({
        since: now() - LIVE_STREAM_FRESH_MS,
        minViewers: options.minViewers,
        // Enough to fill every slot even when some duplicate the settings' streams.
        limit: LIVE_STREAM_SLOTS * 2,
      });
      return JSON.stringify(mergeLiveStreams(options.configured, stored));
    },
  });
};
