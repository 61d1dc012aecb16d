import type { LiveStream } from '@gatekeeper/contract/lite';

/**
 * Each provider's player address for a stream slot (docs/integrations.md#embeds), and its channel page.
 * Every player origin here is in the content security policy's frame-src; a channel that does
 * not look like one answers undefined and the slot shows our placeholder instead.
 */

const CHANNEL_NAME = /^[A-Za-z0-9_-]{2,40}$/;
const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const FACEBOOK_HOSTS = new Set(['facebook.com', 'www.facebook.com', 'web.facebook.com', 'm.facebook.com', 'fb.watch']);

export const PROVIDER_NAMES: Record<LiveStream['type'], string> = {
  TWITCH: 'Twitch',
  TROVO: 'Trovo',
  KICK: 'Kick',
  FACEBOOK: 'Facebook',
  YOUTUBE: 'YouTube',
};

/** A Facebook video as an absolute https address (the Graph API's permalink_url is a path). */
const facebookVideoUrl = (channel: string): string | undefined => {
  try {
    const url = new URL(channel, 'https://www.facebook.com');
    return url.protocol === 'https:' && FACEBOOK_HOSTS.has(url.hostname) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The iframe address of a stream. `parentHost` is the host name of the page embedding Twitch's
 * player (Twitch refuses to play under any other).
 */
export const streamEmbedUrl = (stream: LiveStream, parentHost: string): string | undefined => {
  const channel = stream.channel.trim();
  const name = encodeURIComponent(channel);
  switch (stream.type) {
    case 'TWITCH':
      if (!CHANNEL_NAME.test(channel) || !parentHost) return undefined;
      return `https://player.twitch.tv/?channel=${name}&parent=${encodeURIComponent(parentHost)}&autoplay=false`;
    case 'KICK':
      return CHANNEL_NAME.test(channel) ? `https://player.kick.com/${name}` : undefined;
    case 'TROVO':
      return CHANNEL_NAME.test(channel) ? `https://player.trovo.live/embed/player?streamername=${name}` : undefined;
    case 'YOUTUBE':
      if (YOUTUBE_CHANNEL_ID.test(channel)) return `https://www.youtube.com/embed/live_stream?channel=${name}`;
      return YOUTUBE_VIDEO_ID.test(channel) ? `https://www.youtube.com/embed/${name}` : undefined;
    case 'FACEBOOK': {
      const video = facebookVideoUrl(channel);
      return video && `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(video)}&show_text=false`;
    }
    default:
      return undefined;
  }
};

/** The stream on the provider's own site, for "watch on ..." links. */
export const streamChannelUrl = (stream: LiveStream): string | undefined => {
  const channel = stream.channel.trim();
  const name = encodeURIComponent(channel);
  switch (stream.type) {
    case 'TWITCH':
      return CHANNEL_NAME.test(channel) ? `https://www.twitch.tv/${name}` : undefined;
    case 'KICK':
      return CHANNEL_NAME.test(channel) ? `https://kick.com/${name}` : undefined;
    case 'TROVO':
      return CHANNEL_NAME.test(channel) ? `https://trovo.live/s/${name}` : undefined;
    case 'YOUTUBE':
      if (YOUTUBE_CHANNEL_ID.test(channel)) return `https://www.youtube.com/channel/${name}/live`;
      return YOUTUBE_VIDEO_ID.test(channel) ? `https://www.youtube.com/watch?v=${name}` : undefined;
    case 'FACEBOOK':
      return facebookVideoUrl(channel);
    default:
      return undefined;
  }
};
