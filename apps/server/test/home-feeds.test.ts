import { api } from '@gatekeeper/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_FRESH_MS } from '../src/features/streams/live-streams';
import { type AppUnderTest, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type FakeYoutubeApi, startFakeYoutubeApi } from './support/fakes/fake-youtube-api';

/** The home page's feeds, getlivestreams and getyoutubevideos, over real HTTP on each database. */
describe.each(DATABASE_KINDS)('the home page feeds on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let site: AppUnderTest | undefined;

  beforeAll(async () => {
    databases = await createTestDatabases(kind, { seed: false });
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
    await databases.connections.site.db.deleteFrom('site_live_streams').execute();
  });
  afterAll(async () => {
    await databases?.drop();
  });

  const getJson = async (path: string) => {
    const response = await fetch(`${site!.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return response.json();
  };

  const register = (row: { owner: string; viewers: number; ageMs?: number; title?: string; channel?: string }) =>
    databases.connections.site.db
      .insertInto('site_live_streams')
      .values({
        type: 'FACEBOOK',
        channel: row.channel ?? `https://www.facebook.com/${row.owner}/videos/100${row.viewers}/`,
        title: row.title ?? '',
        viewers: row.viewers,
        source: 'facebook',
        owner_key: row.owner,
        updated_at: Date.now() - (row.ageMs ?? 0),
      })
      .execute();

  describe('GET /sdk/getlivestreams', () => {
    it('answers an empty list with nothing configured or registered', async () => {
      site = await startApp(databases);
      expect(await getJson('/sdk/getlivestreams')).toEqual([]);
    });

    it("answers the settings' streams first, then the live registered ones by viewers, at most three", async () => {
      await register({ owner: 'fb-low', viewers: 15 });
      await register({ owner: 'fb-top', viewers: 240, title: 'Castle siege tonight' });
      await register({ owner: 'fb-mid', viewers: 90 });
      site = await startApp(databases, {
        settings: { liveStreams: [{ type: 'TWITCH', channel: 'gatekeeper_l2' }] },
      });
      const streams = api.getLiveStreams.response.parse(await getJson('/sdk/getlivestreams'));
      expect(streams).toEqual([
        { type: 'TWITCH', channel: 'gatekeeper_l2' },
        // Only the registered streams are known to be live (their provider said so): the settings'
        // channels get no LIVE badge.
        {
          type: 'FACEBOOK',
          channel: 'https://www.facebook.com/fb-top/videos/100240/',
          title: 'Castle siege tonight',
          live: true,
        },
        { type: 'FACEBOOK', channel: 'https://www.facebook.com/fb-mid/videos/10090/', live: true },
      ]);
    });

    it('leaves out streams that ended (not updated lately) and those under the viewer minimum', async () => {
      await register({ owner: 'fb-ended', viewers: 500, ageMs: LIVE_STREAM_FRESH_MS + 60_000 });
      await register({ owner: 'fb-few', viewers: 3 });
      await register({ owner: 'fb-live', viewers: 12 });
      site = await startApp(databases, { settings: { liveStreamMinViewers: 10 } });
      expect(await getJson('/sdk/getlivestreams')).toEqual([
        { type: 'FACEBOOK', channel: 'https://www.facebook.com/fb-live/videos/10012/', live: true },
      ]);
    });

    it('answers from memory: a stream registered after the last refresh shows at the next one', async () => {
      site = await startApp(databases);
      expect(await getJson('/sdk/getlivestreams')).toEqual([]);
      await register({ owner: 'fb-new', viewers: 50 });
      expect(await getJson('/sdk/getlivestreams')).toEqual([]);
    });
  });

  describe('GET /sdk/getyoutubevideos', () => {
    let youtube: FakeYoutubeApi;
    beforeAll(async () => {
      youtube = await startFakeYoutubeApi();
      youtube.playlists.set('UU0123456789abcdefghijkl', ['siegeAden01', 'olyFinal_02']);
      youtube.videos.set('siegeAden01', {
        id: 'siegeAden01',
        title: 'Aden siege',
        channelTitle: 'Gatekeeper L2',
        viewCount: '12500',
        likeCount: '600',
        commentCount: '85',
      });
      youtube.videos.set('olyFinal_02', { id: 'olyFinal_02', title: 'Olympiad final', channelTitle: 'Gatekeeper L2' });
    });
    afterAll(async () => {
      await youtube.close();
    });

    const gallerySettings = {
      youtube: {
        channelId: 'UC0123456789abcdefghijkl',
        apiBaseUrl: '',
        videos: [
          {
            id: 'listedVid01',
            title: 'Our trailer',
            author: 'Gatekeeper',
            views: 2000,
            likes: 10,
            comments: 4,
            thumbnail: '/images/streams/stream-placeholder.svg',
          },
        ],
      },
    };

    it('answers an empty list by default', async () => {
      site = await startApp(databases);
      expect(await getJson('/sdk/getyoutubevideos')).toEqual([]);
    });

    it("answers the settings' own list without YOUTUBE_API_KEY", async () => {
      site = await startApp(databases, {
        settings: { youtube: { ...gallerySettings.youtube, apiBaseUrl: youtube.url } },
      });
      youtube.requests.length = 0;
      const videos = api.getYoutubeVideos.response.parse(await getJson('/sdk/getyoutubevideos'));
      expect(videos).toEqual([
        {
          id: 'listedVid01',
          title: 'Our trailer',
          thumbnail: '/images/streams/stream-placeholder.svg',
          author: 'Gatekeeper',
          views: 2000,
          likes: 10,
          comments: 4,
          rating: 1.5,
        },
      ]);
      expect(youtube.requests).toHaveLength(0);
    });

    it("answers the channel's uploads from the Data API with YOUTUBE_API_KEY", async () => {
      site = await startApp(databases, {
        env: { YOUTUBE_API_KEY: youtube.validKey },
        settings: { youtube: { ...gallerySettings.youtube, apiBaseUrl: youtube.url } },
      });
      const videos = api.getYoutubeVideos.response.parse(await getJson('/sdk/getyoutubevideos'));
      expect(videos.map((video) => [video.id, video.title, video.views, video.rating])).toEqual([
        ['siegeAden01', 'Aden siege', 12500, 5],
        ['olyFinal_02', 'Olympiad final', 0, 2.5],
      ]);
    });

    it("answers the settings' list when the Data API refuses the key", async () => {
      site = await startApp(databases, {
        env: { YOUTUBE_API_KEY: 'not-the-key' },
        settings: { youtube: { ...gallerySettings.youtube, apiBaseUrl: youtube.url } },
      });
      const videos = api.getYoutubeVideos.response.parse(await getJson('/sdk/getyoutubevideos'));
      expect(videos.map((video) => video.id)).toEqual(['listedVid01']);
    });
  });
});

describe('the settings of the gallery and the streams', () => {
  it('refuse a malformed value at start-up, naming the key', async () => {
    const { parseSettings } = await import('../src/settings');
    expect(() => parseSettings({ youtube: { channelId: 'gatekeeper' } }, 'gatekeeper.settings.json')).toThrow(
      /gatekeeper\.settings\.json: youtube\.channelId/,
    );
    expect(() => parseSettings({ youtube: { videos: [{ id: 'short', title: 'x' }] } })).toThrow(
      /youtube\.videos\.0\.id/,
    );
    expect(() =>
      parseSettings({
        youtube: { videos: [{ id: 'listedVid01', title: 'x', thumbnail: 'https://evil.example/x.jpg' }] },
      }),
    ).toThrow(/thumbnail/);
    expect(() => parseSettings({ liveStreams: [{ type: 'TWITCH', channel: 'no spaces allowed' }] })).toThrow(
      /liveStreams\.0\.channel/,
    );
    expect(parseSettings({}).youtube).toMatchObject({ apiBaseUrl: 'https://www.googleapis.com', refreshMinutes: 60 });
  });
});
