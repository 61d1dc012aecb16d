import { z } from 'zod';

export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const count = z.number().int().min(0).default(0);

/** A video of the owner's own list: shown when no API key is set, or while the API has never answered. */
const listedVideo = z
  .object({
    id: z
      .string()
      .regex(YOUTUBE_VIDEO_ID, 'expected an 11-character YouTube video id')
      .describe('The YouTube video id.'),
    title: z.string().min(1).describe('Shown under the video.'),
    author: z.string().default('').describe('The channel or author shown with the title.'),
    views: count.describe('The counts shown with the video; views and likes give its stars (see streams.md).'),
    likes: count.describe('Likes.'),
    comments: count.describe('Comments.'),
    // The page's image rules allow our own files and YouTube's thumbnails only.
    thumbnail: z
      .string()
      .regex(
        /^(\/[^/]|https:\/\/i\.ytimg\.com\/)/,
        'expected a path on this site (/...) or an https://i.ytimg.com/ address',
      )
      .optional()
      .describe(
        "A path on this site or an `https://i.ytimg.com/` address; without it, YouTube's thumbnail of the video.",
      ),
  })
  .strict();
export type ListedVideo = z.infer<typeof listedVideo>;

/** The home page's video gallery (settings key `youtube`). The API key is a secret: YOUTUBE_API_KEY. */
export const youtubeSettings = z
  .object({
    channelId: z
      .union([z.literal(''), z.string().regex(/^UC[A-Za-z0-9_-]{22}$/, 'expected a YouTube channel id (UC...)')])
      .default('')
      .describe('The channel (`UC...`) whose uploads the video gallery shows, with `YOUTUBE_API_KEY`.'),
    playlistId: z
      .union([z.literal(''), z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'expected a YouTube playlist id')])
      .default('')
      .describe("A playlist to show instead of the channel's uploads."),
    maxVideos: z.number().int().min(1).max(50).default(9).describe('Videos in the gallery.'),
    refreshMinutes: z
      .number()
      .int()
      .min(5)
      .max(1440)
      .default(60)
      .describe("How often the list is fetched again; each fetch costs 2 of the API's 10,000 daily quota units."),
    apiBaseUrl: z
      .url()
      .default('https://www.googleapis.com')
      .describe('Where the Data API is asked (or a proxy of your own).'),
    videos: z
      .array(listedVideo)
      .max(50)
      .default([])
      .describe('Your own list of videos, shown without an API key and while the API has not answered yet.'),
  })
  .strict()
  .prefault({})
  .describe(
    "The home page's video gallery: the YouTube Data API with `YOUTUBE_API_KEY` (a secret, in the environment), else the list here (see streams.md).",
  );
export type YoutubeSettings = z.infer<typeof youtubeSettings>;
