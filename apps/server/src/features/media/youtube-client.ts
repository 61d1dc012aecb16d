import { fetchJson } from '../../infra/json-fetch';
import type { YoutubeVideo } from '@gatekeeper/contract';
import { z } from 'zod';
import { YOUTUBE_VIDEO_ID } from './settings-schema';
import { videoRating } from './video-rating';

/**
 * A small client of the YouTube Data API v3 (docs/integrations.md#youtube-data-api-v3): the ids of a playlist
 * (playlistItems, 1 quota unit) and their titles, thumbnails and statistics (videos, 1 unit).
 */

export interface YoutubeClientOptions {
  /** https://www.googleapis.com, or a local server in tests. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

/** An error answer of the API: `reason` is Google's, e.g. quotaExceeded, keyInvalid, playlistNotFound. */
export class YoutubeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(`YouTube Data API: HTTP ${status} ${reason}: ${message}`);
  }
}

const errorAnswer = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().default(''),
    errors: z.array(z.object({ reason: z.string().optional() })).default([]),
    details: z.array(z.object({ reason: z.string().optional() })).default([]),
  }),
});

const playlistItemsAnswer = z.object({
  items: z
    .array(z.object({ snippet: z.object({ resourceId: z.object({ videoId: z.string().optional() }).optional() }) }))
    .default([]),
});

const thumbnail = z.object({ url: z.string() }).optional();
const countString = z.union([z.string(), z.number()]).optional();

const videosAnswer = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string().default(''),
          channelTitle: z.string().default(''),
          thumbnails: z.object({ medium: thumbnail, high: thumbnail, default: thumbnail }).partial().default({}),
        }),
        statistics: z.object({ viewCount: countString, likeCount: countString, commentCount: countString }).default({}),
      }),
    )
    .default([]),
});

/** The uploads playlist of a channel: UC... becomes UU.... */
export const uploadsPlaylistOf = (channelId: string): string => `UU${channelId.slice(2)}`;

/** The page may load images from i.ytimg.com only (content security policy). */
export const safeThumbnail = (id: string, url: string | undefined): string =>
  url?.startsWith('https://i.ytimg.com/') ? url : `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;

const toCount = (value: string | number | undefined): number => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) && number > 0 ? Math.floor(number) : 0;
};

const getJson = async (options: YoutubeClientOptions, path: string, params: Record<string, string>) => {
  const url = new URL(`/youtube/v3/${path}`, options.baseUrl);
  for (const [name, value] of Object.entries({ ...params, key: options.apiKey })) url.searchParams.set(name, value);
  const { ok, status, body, text } = await fetchJson(url, options.timeoutMs);
  if (body === undefined) throw new YoutubeApiError(status, 'invalidAnswer', text.slice(0, 200));
  if (!ok) {
    const parsed = errorAnswer.safeParse(body);
    const error = parsed.success ? parsed.data.error : undefined;
    const reason = error?.errors[0]?.reason ?? error?.details[0]?.reason ?? 'unknown';
    throw new YoutubeApiError(status, reason, error?.message ?? text.slice(0, 200));
  }
  return body;
};

/** The video ids of a playlist in its own order (an uploads playlist: newest first). */
export const fetchPlaylistVideoIds = async (
  options: YoutubeClientOptions,
  playlistId: string,
  max: number,
): Promise<string[]> => {
  const body = await getJson(options, 'playlistItems', {
    part: 'snippet',
    playlistId,
    maxResults: String(Math.min(50, Math.max(1, max))),
  });
  const parsed = playlistItemsAnswer.safeParse(body);
  if (!parsed.success) throw new YoutubeApiError(200, 'invalidAnswer', 'playlistItems: unexpected answer');
  const ids = parsed.data.items
    .map((item) => item.snippet.resourceId?.videoId ?? '')
    .filter((id) => YOUTUBE_VIDEO_ID.test(id));
  return [...new Set(ids)];
};

/**
 * Titles, authors, thumbnails and statistics of the given videos, in the order asked. Private
 * and deleted videos are not answered by the API and so drop out.
 */
export const fetchVideoDetails = async (options: YoutubeClientOptions, ids: string[]): Promise<YoutubeVideo[]> => {
  if (ids.length === 0) return [];
  const body = await getJson(options, 'videos', { part: 'snippet,statistics', id: ids.slice(0, 50).join(',') });
  const parsed = videosAnswer.safeParse(body);
  if (!parsed.success) throw new YoutubeApiError(200, 'invalidAnswer', 'videos: unexpected answer');
  const byId = new Map(parsed.data.items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    if (!item) return [];
    const views = toCount(item.statistics.viewCount);
    const likes = toCount(item.statistics.likeCount);
    const thumbnails = item.snippet.thumbnails;
    return [
      {
        id,
        title: item.snippet.title,
        thumbnail: safeThumbnail(id, (thumbnails.medium ?? thumbnails.high ?? thumbnails.default)?.url),
        author: item.snippet.channelTitle,
        views,
        likes,
        comments: toCount(item.statistics.commentCount),
        rating: videoRating(views, likes),
      },
    ];
  });
};
