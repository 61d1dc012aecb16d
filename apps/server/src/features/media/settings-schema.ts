import { z } from 'zod';

export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const count = z.number().int().min(0).default(0);

/** A video of the owner's own list: shown when no API key is set, or while the API has never answered. */
const listedVideo = z
  .object({
    id: z.string().regex(YOUTUBE_VIDEO_ID, 'expected an 11-character YouTube video id'),
    title: z.string().min(1),
    author: z.string().default(''),
    views: count,
    likes: count,
    comments: count,
    /** The page's image rules allow our own files and YouTube's thumbnails only. */
    thumbnail: z
      .string()
      .regex(
        /^(\/[^/]|https:\/\/i\.ytimg\.com\/)/,
        'expected a path on this site (/...) or an https://i.ytimg.com/ address',
      )
      .optional(),
  })
  .strict();
export type ListedVideo = z.infer<typeof listedVideo>;

/** The home page's video gallery (settings key `youtube`). The API key is a secret: YOUTUBE_API_KEY. */
export const youtubeSettings = z
  .object({
    /** The channel whose uploads are shown (UC...). */
    channelId: z
      .union([z.literal(''), z.string().regex(/^UC[A-Za-z0-9_-]{22}$/, 'expected a YouTube channel id (UC...)')])
      .default(''),
    /** A playlist to show instead of the channel's uploads. */
    playlistId: z
      .union([z.literal(''), z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'expected a YouTube playlist id')])
      .default(''),
    maxVideos: z.number().int().min(1).max(50).default(9),
    /** How often the list is fetched again; each refresh costs 2 of the 10,000 daily quota units. */
    refreshMinutes: z.number().int().min(5).max(1440).default(60),
    apiBaseUrl: z.url().default('https://www.googleapis.com'),
    videos: z.array(listedVideo).max(50).default([]),
  })
  .strict()
  .prefault({});
export type YoutubeSettings = z.infer<typeof youtubeSettings>;
