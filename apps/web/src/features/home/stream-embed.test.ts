import { EMBED_FRAME_ORIGINS } from '@gatekeeper/contract/lite';
import { describe, expect, it } from 'vitest';
import { streamChannelUrl, streamEmbedUrl } from './stream-embed';

describe('the stream players', () => {
  it('embed Twitch with the page host as parent, not playing until asked', () => {
    expect(streamEmbedUrl({ type: 'TWITCH', channel: 'gatekeeper_l2' }, 'l2.example.com')).toBe(
      'https://player.twitch.tv/?channel=gatekeeper_l2&parent=l2.example.com&autoplay=false',
    );
  });

  it('embed Kick, Trovo and YouTube live by channel', () => {
    expect(streamEmbedUrl({ type: 'KICK', channel: 'gate-keeper' }, 'h')).toBe('https://player.kick.com/gate-keeper');
    expect(streamEmbedUrl({ type: 'TROVO', channel: 'Gatekeeper' }, 'h')).toBe(
      'https://player.trovo.live/embed/player?streamername=Gatekeeper',
    );
    expect(streamEmbedUrl({ type: 'YOUTUBE', channel: 'UC0123456789abcdefghijkl' }, 'h')).toBe(
      'https://www.youtube.com/embed/live_stream?channel=UC0123456789abcdefghijkl',
    );
    expect(streamEmbedUrl({ type: 'YOUTUBE', channel: 'siegeAden01' }, 'h')).toBe(
      'https://www.youtube.com/embed/siegeAden01',
    );
  });

  it('embed a Facebook video by its address, also when given as a path', () => {
    expect(streamEmbedUrl({ type: 'FACEBOOK', channel: 'https://www.facebook.com/hero/videos/123/' }, 'h')).toBe(
      'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fhero%2Fvideos%2F123%2F&show_text=false',
    );
    expect(streamEmbedUrl({ type: 'FACEBOOK', channel: '/hero/videos/123/' }, 'h')).toContain(
      'href=https%3A%2F%2Fwww.facebook.com%2Fhero%2Fvideos%2F123%2F',
    );
  });

  it('embed nothing for a channel that is not one', () => {
    for (const stream of [
      { type: 'TWITCH', channel: 'x" onload="alert(1)' },
      { type: 'TWITCH', channel: 'https://twitch.tv/gatekeeper' },
      { type: 'KICK', channel: '../admin' },
      { type: 'YOUTUBE', channel: 'not a channel' },
      { type: 'FACEBOOK', channel: 'https://evil.example/video' },
      { type: 'FACEBOOK', channel: 'javascript:alert(1)' },
      { type: 'FACEBOOK', channel: 'http://www.facebook.com/hero/videos/1' },
    ] as const) {
      expect(streamEmbedUrl(stream, 'l2.example.com'), stream.channel).toBeUndefined();
    }
    expect(streamEmbedUrl({ type: 'TWITCH', channel: 'gatekeeper_l2' }, '')).toBeUndefined();
  });

  it('only ever frame an origin the content security policy allows', () => {
    const streams = [
      { type: 'TWITCH', channel: 'a_channel' },
      { type: 'KICK', channel: 'a_channel' },
      { type: 'TROVO', channel: 'a_channel' },
      { type: 'YOUTUBE', channel: 'UC0123456789abcdefghijkl' },
      { type: 'YOUTUBE', channel: 'siegeAden01' },
      { type: 'FACEBOOK', channel: 'https://fb.watch/abcDEF/' },
    ] as const;
    for (const stream of streams) {
      const url = streamEmbedUrl(stream, 'localhost');
      expect(url).toBeDefined();
      expect(EMBED_FRAME_ORIGINS).toContain(new URL(url!).origin);
    }
  });

  it("link each stream to the provider's own page", () => {
    expect(streamChannelUrl({ type: 'TWITCH', channel: 'gatekeeper_l2' })).toBe('https://www.twitch.tv/gatekeeper_l2');
    expect(streamChannelUrl({ type: 'KICK', channel: 'gatekeeper' })).toBe('https://kick.com/gatekeeper');
    expect(streamChannelUrl({ type: 'TROVO', channel: 'Gatekeeper' })).toBe('https://trovo.live/s/Gatekeeper');
    expect(streamChannelUrl({ type: 'YOUTUBE', channel: 'UC0123456789abcdefghijkl' })).toBe(
      'https://www.youtube.com/channel/UC0123456789abcdefghijkl/live',
    );
    expect(streamChannelUrl({ type: 'FACEBOOK', channel: '/hero/videos/1/' })).toBe(
      'https://www.facebook.com/hero/videos/1/',
    );
    expect(streamChannelUrl({ type: 'KICK', channel: '../admin' })).toBeUndefined();
  });
});
