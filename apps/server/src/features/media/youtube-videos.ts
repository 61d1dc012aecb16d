import type { YoutubeVideo } from '@gatekeeper/contract';
import { type RefreshingValue, refreshingValue } from '../../infra/refreshing-value';
import { type SharedRefresh, sharedName } from '../../infra/shared-refresh';
import type { ListedVideo, YoutubeSettings } from './settings-schema';
import { fetchPlaylistVideoIds, fetchVideoDetails, safeThumbnail, uploadsPlaylistOf } from './youtube-client';
import { videoRating } from './video-rating';

/** The owner's own list (settings youtube.videos) as the page reads it. */
export const presentListedVideos = (videos: ListedVideo[], max: number): YoutubeVideo[] =>
  videos.slice(0, max).map((video) => ({
    id: video.id,
    title: video.title,
    thumbnail: video.thumbnail ?? safeThumbnail(video.id, undefined),
    author: video.author,
    views: video.views,
    likes: video.likes,
    comments: video.comments,
    rating: videoRating(video.views, video.likes),
  }));

/** The playlist the gallery shows: the configured playlist, else the channel's uploads, else none. */
export const galleryPlaylistOf = (settings: YoutubeSettings): string | undefined =>
  settings.playlistId || (settings.channelId ? uploadsPlaylistOf(settings.channelId) : undefined);

/**
 * getyoutubevideos' answer, serialized: fetched from the Data API in the background every
 * refreshMinutes (never per visitor: the daily quota is small), the settings' own list without
 * an API key or playlist. When the API fails (quota, network), the last good list stays; before
 * any success, the settings' list shows.
 */
export const youtubeVideosSource = (options: {
  settings: YoutubeSettings;
  apiKey: string;
  onError?: (error: unknown) => void;
  /** Fetches on one instance per refresh and shares the list: the quota is the project's, not the instance's. */
  shared?: SharedRefresh;
}): RefreshingValue<string> => {
  const { settings, apiKey } = options;
  const listed = JSON.stringify(presentListedVideos(settings.videos, settings.maxVideos));
  const playlistId = galleryPlaylistOf(settings);
  let lastGood: string | undefined;
  const intervalMs = settings.refreshMinutes * 60_000;
  const fetchList = async (playlistId: string) => {
    try {
      const client = { baseUrl: settings.apiBaseUrl, apiKey };
      const ids = await fetchPlaylistVideoIds(client, playlistId, settings.maxVideos);
      const videos = await fetchVideoDetails(client, ids);
      lastGood = JSON.stringify(videos.slice(0, settings.maxVideos));
      return lastGood;
    } catch (error) {
      if (lastGood === undefined) throw error;
      options.onError?.(error);
      return lastGood;
    }
  };
  return refreshingValue({
    intervalMs,
    fallback: listed,
    onError: options.onError,
    compute: async () => {
      if (!apiKey || !playlistId) return listed;
      const fetchGallery = () => fetchList(playlistId);
      return options.shared
        ? options.shared.value(
            sharedName('youtube-gallery', { settings, playlistId, apiKey }),
            intervalMs,
            fetchGallery,
          )
        : fetchGallery();
    },
  });
};
