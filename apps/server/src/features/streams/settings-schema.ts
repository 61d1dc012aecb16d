import { LIVE_STREAM_SLOTS } from '@gatekeeper/contract';
import { z } from 'zod';

/**
 * The owner's own live streams (settings key `liveStreams`), checked per provider so that a typo
 * stops start-up instead of showing a broken player: Twitch, Kick and Trovo take the channel
 * name, YouTube the channel id (UC...), Facebook the address of the live video.
 */
const channelName = (provider: string) =>
  z.string().regex(/^[A-Za-z0-9_]{3,25}$/, `expected the ${provider} channel name (letters, digits, _)`);

export const liveStreamSetting = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TWITCH'), channel: channelName('Twitch') }).strict(),
  z
    .object({
      type: z.literal('KICK'),
      channel: z.string().regex(/^[A-Za-z0-9_-]{3,25}$/, 'expected the Kick channel name (letters, digits, _ and -)'),
    })
    .strict(),
  z.object({ type: z.literal('TROVO'), channel: channelName('Trovo') }).strict(),
  z
    .object({
      type: z.literal('YOUTUBE'),
      channel: z
        .string()
        .regex(/^UC[A-Za-z0-9_-]{22}$/, 'expected the YouTube channel id (UC followed by 22 characters)'),
    })
    .strict(),
  z
    .object({
      type: z.literal('FACEBOOK'),
      channel: z
        .string()
        .regex(
          /^https:\/\/(www\.|web\.|m\.)?(facebook\.com|fb\.watch)\/\S+$/,
          'expected the https:// address of the Facebook video',
        ),
    })
    .strict(),
]);
export type LiveStreamSetting = z.infer<typeof liveStreamSetting>;

export const liveStreamsSetting = z
  .array(liveStreamSetting)
  .max(LIVE_STREAM_SLOTS)
  .default([])
  .describe(
    "The owner's live streams, shown first in the home page's three stream slots: `TWITCH`, `KICK` or `TROVO` with the channel name, `YOUTUBE` with the channel id (`UC...`), `FACEBOOK` with the video's `https://www.facebook.com/...` address.",
  );

export const liveStreamMinViewersSetting = z
  .number()
  .int()
  .min(0)
  .default(0)
  .describe(
    'Streams registered in game (Facebook) fill the remaining slots, most watched first, once they have at least this many viewers.',
  );
