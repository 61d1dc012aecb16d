import { describe, expect, it } from 'vitest';
import { mergeLiveStreams } from './live-streams';
import { liveStreamsSetting } from './settings-schema';

const stored = (channel: string, viewers: number, title = '') => ({
  type: 'FACEBOOK' as const,
  channel: `https://www.facebook.com/${channel}/videos/1/`,
  title,
  viewers,
});

describe('the three live stream slots', () => {
  it("put the settings' streams first, then the registered ones as given (most watched first)", () => {
    expect(
      mergeLiveStreams(
        [{ type: 'TWITCH', channel: 'gatekeeper_l2' }],
        [stored('hero', 120, 'Siege'), stored('mage', 40)],
      ),
    ).toEqual([
      { type: 'TWITCH', channel: 'gatekeeper_l2' },
      { type: 'FACEBOOK', channel: 'https://www.facebook.com/hero/videos/1/', title: 'Siege', live: true },
      { type: 'FACEBOOK', channel: 'https://www.facebook.com/mage/videos/1/', live: true },
    ]);
  });

  it('hold at most three streams, each once', () => {
    const merged = mergeLiveStreams(
      [
        { type: 'TWITCH', channel: 'Gatekeeper_L2' },
        { type: 'KICK', channel: 'gatekeeper' },
      ],
      [{ type: 'TWITCH', channel: 'gatekeeper_l2', title: '', viewers: 500 }, stored('a', 30), stored('b', 20)],
    );
    expect(merged.map((stream) => stream.channel)).toEqual([
      'Gatekeeper_L2',
      'gatekeeper',
      'https://www.facebook.com/a/videos/1/',
    ]);
  });

  it('are empty with nothing configured or registered', () => {
    expect(mergeLiveStreams([], [])).toEqual([]);
  });
});

describe("the settings' live streams", () => {
  it('take each provider in its own form', () => {
    const streams = [
      { type: 'TWITCH', channel: 'gatekeeper_l2' },
      { type: 'YOUTUBE', channel: 'UC0123456789abcdefghijkl' },
      { type: 'FACEBOOK', channel: 'https://www.facebook.com/gatekeeper/videos/123456789/' },
    ];
    expect(liveStreamsSetting.parse(streams)).toEqual(streams);
    expect(liveStreamsSetting.parse([{ type: 'KICK', channel: 'gate-keeper' }])).toHaveLength(1);
    expect(liveStreamsSetting.parse([{ type: 'TROVO', channel: 'Gatekeeper' }])).toHaveLength(1);
  });

  it('refuse a malformed channel for its provider, naming what is expected', () => {
    for (const stream of [
      { type: 'TWITCH', channel: 'https://twitch.tv/gatekeeper' },
      { type: 'TWITCH', channel: 'ab' },
      { type: 'KICK', channel: 'gate keeper' },
      { type: 'TROVO', channel: 'x"><script>' },
      { type: 'YOUTUBE', channel: 'gatekeeper' },
      { type: 'FACEBOOK', channel: 'http://www.facebook.com/gatekeeper/videos/1' },
      { type: 'FACEBOOK', channel: 'https://evil.example/facebook.com/video' },
      { type: 'HITBOX', channel: 'gatekeeper' },
    ]) {
      expect(liveStreamsSetting.safeParse([stream]).success, JSON.stringify(stream)).toBe(false);
    }
    const error = liveStreamsSetting.safeParse([{ type: 'YOUTUBE', channel: 'gatekeeper' }]).error;
    expect(error?.issues[0]?.message).toMatch(/YouTube channel id/);
  });

  it('hold at most three streams', () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ type: 'TWITCH', channel: `channel_${i}` }));
    expect(liveStreamsSetting.safeParse(four).success).toBe(false);
  });
});
