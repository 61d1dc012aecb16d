import { describe, expect, it } from 'vitest';
import { homeSectionWarnings } from './home-section-warnings';
import { parseSettings } from './settings';

const VIDEO = { id: 'dQw4w9WgXcQ', title: 'Siege' };
const CHANNEL = 'UC0123456789abcdefghijAB';

describe('the start-up warnings of empty home sections', () => {
  it('names the settings that fill the gallery and the stream slots when nothing will show', () => {
    const warnings = homeSectionWarnings({ YOUTUBE_API_KEY: '', FACEBOOK_APP_SECRET: undefined }, parseSettings({}));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.warning).toMatch(/video gallery.*YOUTUBE_API_KEY.*youtube\.channelId.*youtube\.videos/);
    expect(warnings[1]?.warning).toMatch(/live stream slots.*liveStreams.*facebook\.appId.*FACEBOOK_APP_SECRET/);
  });

  it('says nothing of a section that has something to show', () => {
    const env = { YOUTUBE_API_KEY: '', FACEBOOK_APP_SECRET: undefined };
    expect(
      homeSectionWarnings(
        env,
        parseSettings({ youtube: { videos: [VIDEO] }, liveStreams: [{ type: 'TWITCH', channel: 'gatekeeper_l2' }] }),
      ),
    ).toEqual([]);
    expect(
      homeSectionWarnings(
        { YOUTUBE_API_KEY: 'key', FACEBOOK_APP_SECRET: 'secret' },
        parseSettings({ youtube: { channelId: CHANNEL }, facebook: { appId: '1234' } }),
      ),
    ).toEqual([]);
  });

  it('still warns of the gallery when the API key has no channel or playlist to read', () => {
    const warnings = homeSectionWarnings(
      { YOUTUBE_API_KEY: 'key', FACEBOOK_APP_SECRET: undefined },
      parseSettings({ liveStreams: [{ type: 'KICK', channel: 'gatekeeper' }] }),
    );
    expect(warnings.map((notice) => notice.warning)).toEqual([expect.stringMatching(/video gallery/)]);
  });
});
