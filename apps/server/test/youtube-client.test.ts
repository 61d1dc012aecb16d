import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { youtubeSettings } from '../src/features/media/settings-schema';
import {
  YoutubeApiError,
  fetchPlaylistVideoIds,
  fetchVideoDetails,
  uploadsPlaylistOf,
} from '../src/features/media/youtube-client';
import { youtubeVideosSource } from '../src/features/media/youtube-videos';
import { type FakeYoutubeApi, startFakeYoutubeApi } from './support/fakes/fake-youtube-api';

const CHANNEL = 'UC0123456789abcdefghijkl';
const UPLOADS = 'UU0123456789abcdefghijkl';

describe('the YouTube Data API client, against a local server answering as Google does', () => {
  let youtube: FakeYoutubeApi;
  const client = () => ({ baseUrl: youtube.url, apiKey: 'test-api-key' });

  beforeAll(async () => {
    youtube = await startFakeYoutubeApi();
  });
  afterAll(async () => {
    await youtube.close();
  });
  beforeEach(() => {
    youtube.requests.length = 0;
    youtube.failure = undefined;
    youtube.playlists.clear();
    youtube.videos.clear();
    youtube.playlists.set(UPLOADS, ['siegeAden01', 'olyFinal_02', 'deletedVid3', 'raidBaium04']);
    youtube.videos.set('siegeAden01', {
      id: 'siegeAden01',
      title: 'Aden siege, full fight',
      channelTitle: 'Gatekeeper L2',
      viewCount: '12500',
      likeCount: '600',
      commentCount: '85',
    });
    youtube.videos.set('olyFinal_02', {
      id: 'olyFinal_02',
      title: 'Olympiad final',
      channelTitle: 'Gatekeeper L2',
      viewCount: '900',
      commentCount: '3',
      // likes hidden by the uploader: no likeCount at all
    });
    youtube.videos.set('raidBaium04', {
      id: 'raidBaium04',
      title: 'Baium raid',
      channelTitle: 'Clan Nightfall',
      viewCount: '0',
      likeCount: '0',
      thumbnailUrl: 'https://example.com/not-allowed.jpg',
    });
  });

  it('reads the uploads playlist of a channel: UC becomes UU', () => {
    expect(uploadsPlaylistOf(CHANNEL)).toBe(UPLOADS);
  });

  it('asks playlistItems with part=snippet, the playlist, maxResults and the key', async () => {
    const ids = await fetchPlaylistVideoIds(client(), UPLOADS, 9);
    expect(ids).toEqual(['siegeAden01', 'olyFinal_02', 'deletedVid3', 'raidBaium04']);
    const request = youtube.requests[0]!;
    expect(request.pathname).toBe('/youtube/v3/playlistItems');
    expect(Object.fromEntries(request.searchParams)).toEqual({
      part: 'snippet',
      playlistId: UPLOADS,
      maxResults: '9',
      key: 'test-api-key',
    });
  });

  it('reads titles, authors, thumbnails and statistics from videos, in playlist order', async () => {
    const videos = await fetchVideoDetails(client(), ['siegeAden01', 'olyFinal_02', 'deletedVid3', 'raidBaium04']);
    const request = youtube.requests[0]!;
    expect(request.pathname).toBe('/youtube/v3/videos');
    expect(request.searchParams.get('part')).toBe('snippet,statistics');
    expect(request.searchParams.get('id')).toBe('siegeAden01,olyFinal_02,deletedVid3,raidBaium04');
    // The deleted video is not answered and drops out.
    expect(videos.map((video) => video.id)).toEqual(['siegeAden01', 'olyFinal_02', 'raidBaium04']);
    expect(videos[0]).toEqual({
      id: 'siegeAden01',
      title: 'Aden siege, full fight',
      thumbnail: 'https://i.ytimg.com/vi/siegeAden01/mqdefault.jpg',
      author: 'Gatekeeper L2',
      views: 12500,
      likes: 600,
      comments: 85,
      rating: 5,
    });
    expect(videos[1]).toMatchObject({ views: 900, likes: 0, comments: 3, rating: 1.5 });
    // A thumbnail outside i.ytimg.com (which the page may not load) becomes YouTube's own.
    expect(videos[2]).toMatchObject({ thumbnail: 'https://i.ytimg.com/vi/raidBaium04/mqdefault.jpg', rating: 2.5 });
    expect(api.getYoutubeVideos.response.parse(videos)).toEqual(videos);
  });

  it('asks nothing for an empty list', async () => {
    expect(await fetchVideoDetails(client(), [])).toEqual([]);
    expect(youtube.requests).toHaveLength(0);
  });

  it('throws the reason of a rejected key', async () => {
    const error = await fetchPlaylistVideoIds({ ...client(), apiKey: 'wrong' }, UPLOADS, 9).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YoutubeApiError);
    expect(error).toMatchObject({ status: 400, reason: 'badRequest' });
  });

  it('throws quotaExceeded when the daily quota is used up', async () => {
    youtube.failure = 'quotaExceeded';
    await expect(fetchVideoDetails(client(), ['siegeAden01'])).rejects.toMatchObject({
      status: 403,
      reason: 'quotaExceeded',
    });
  });

  it('throws playlistNotFound for an unknown playlist', async () => {
    await expect(fetchPlaylistVideoIds(client(), 'PLdoesNotExist000', 9)).rejects.toMatchObject({
      status: 404,
      reason: 'playlistNotFound',
    });
  });

  it('throws on an answer that is not JSON', async () => {
    youtube.failure = 'notJson';
    await expect(fetchPlaylistVideoIds(client(), UPLOADS, 9)).rejects.toMatchObject({
      status: 502,
      reason: 'invalidAnswer',
    });
  });

  describe('the gallery list kept in memory', () => {
    const settings = (extra: Record<string, unknown> = {}) =>
      youtubeSettings.parse({
        channelId: CHANNEL,
        apiBaseUrl: youtube.url,
        maxVideos: 2,
        videos: [{ id: 'listedVid01', title: 'Our trailer', author: 'Gatekeeper', views: 1000, likes: 40 }],
        ...extra,
      });

    it("is the settings' own list without an API key, and asks the API nothing", async () => {
      const source = youtubeVideosSource({ settings: settings(), apiKey: '' });
      const videos = JSON.parse(await source.get());
      source.stop();
      expect(videos).toEqual([
        {
          id: 'listedVid01',
          title: 'Our trailer',
          thumbnail: 'https://i.ytimg.com/vi/listedVid01/mqdefault.jpg',
          author: 'Gatekeeper',
          views: 1000,
          likes: 40,
          comments: 0,
          rating: 4,
        },
      ]);
      expect(youtube.requests).toHaveLength(0);
    });

    it('is the channel uploads with a key, cut to maxVideos, with two API calls per refresh', async () => {
      const source = youtubeVideosSource({ settings: settings(), apiKey: 'test-api-key' });
      const videos = JSON.parse(await source.get());
      source.stop();
      expect(videos.map((video: { id: string }) => video.id)).toEqual(['siegeAden01', 'olyFinal_02']);
      expect(youtube.requests.map((request) => request.pathname)).toEqual([
        '/youtube/v3/playlistItems',
        '/youtube/v3/videos',
      ]);
    });

    it('prefers the playlist setting over the channel uploads', async () => {
      youtube.playlists.set('PLgatekeeperBest1', ['raidBaium04']);
      const source = youtubeVideosSource({
        settings: settings({ playlistId: 'PLgatekeeperBest1' }),
        apiKey: 'test-api-key',
      });
      const videos = JSON.parse(await source.get());
      source.stop();
      expect(videos.map((video: { id: string }) => video.id)).toEqual(['raidBaium04']);
    });

    it('keeps the last good list when the quota runs out, and logs why', async () => {
      const errors: unknown[] = [];
      const source = youtubeVideosSource({
        settings: settings(),
        apiKey: 'test-api-key',
        onError: (error) => errors.push(error),
      });
      const first = await source.get();
      youtube.failure = 'quotaExceeded';
      const after = await source.refresh();
      source.stop();
      expect(after).toBe(first);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ reason: 'quotaExceeded' });
    });

    it("shows the settings' list while the API has never answered", async () => {
      youtube.failure = 'quotaExceeded';
      const errors: unknown[] = [];
      const source = youtubeVideosSource({
        settings: settings(),
        apiKey: 'test-api-key',
        onError: (error) => errors.push(error),
      });
      const videos = JSON.parse(await source.get());
      expect(videos.map((video: { id: string }) => video.id)).toEqual(['listedVid01']);
      youtube.failure = undefined;
      const recovered = JSON.parse(await source.refresh());
      source.stop();
      expect(recovered.map((video: { id: string }) => video.id)).toEqual(['siegeAden01', 'olyFinal_02']);
      expect(errors).toHaveLength(1);
    });
  });
});
