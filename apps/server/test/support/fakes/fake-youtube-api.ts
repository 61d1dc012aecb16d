import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../http-server';

/**
 * A local server speaking the YouTube Data API v3 as Google answers it: playlistItems and videos
 * with their JSON shapes, and Google's error answers (bad key, quota exceeded, unknown playlist).
 */
export interface FakeVideo {
  id: string;
  title: string;
  channelTitle: string;
  viewCount?: string;
  likeCount?: string;
  commentCount?: string;
  thumbnailUrl?: string;
}

export type FakeFailure = 'keyInvalid' | 'quotaExceeded' | 'notJson';

export interface FakeYoutubeApi {
  url: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  playlists: Map<string, string[]>;
  videos: Map<string, FakeVideo>;
  /** When set, every call fails this way. */
  failure: FakeFailure | undefined;
  validKey: string;
  close(): Promise<void>;
}

const googleError = (code: number, message: string, reason: string, domain: string) => ({
  error: {
    code,
    message,
    errors: [{ message, domain, reason }],
    status: code === 403 ? 'PERMISSION_DENIED' : 'INVALID_ARGUMENT',
  },
});

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

export const startFakeYoutubeApi = async (): Promise<FakeYoutubeApi> => {
  const state: Omit<FakeYoutubeApi, 'url' | 'close'> = {
    requests: [],
    playlists: new Map(),
    videos: new Map(),
    failure: undefined,
    validKey: 'test-api-key',
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    state.requests.push(url);
    if (state.failure === 'notJson') return send(response, 502, '<html>Bad Gateway</html>');
    if (state.failure === 'quotaExceeded') {
      return send(
        response,
        403,
        googleError(
          403,
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
          'quotaExceeded',
          'youtube.quota',
        ),
      );
    }
    if (state.failure === 'keyInvalid' || url.searchParams.get('key') !== state.validKey) {
      return send(response, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          errors: [
            { message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' },
          ],
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      });
    }
    if (url.pathname === '/youtube/v3/playlistItems') {
      const playlistId = url.searchParams.get('playlistId') ?? '';
      const ids = state.playlists.get(playlistId);
      if (!ids) {
        return send(
          response,
          404,
          googleError(
            404,
            "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            'playlistNotFound',
            'youtube.playlistItem',
          ),
        );
      }
      const max = Number(url.searchParams.get('maxResults') ?? 5);
      return send(response, 200, {
        kind: 'youtube#playlistItemListResponse',
        etag: 'etag-playlist',
        pageInfo: { totalResults: ids.length, resultsPerPage: max },
        items: ids.slice(0, max).map((videoId, position) => ({
          kind: 'youtube#playlistItem',
          etag: `etag-${videoId}`,
          id: `item-${videoId}`,
          snippet: {
            publishedAt: '2026-11-01T12:00:00Z',
            channelId: 'UC0123456789abcdefghijkl',
            title: state.videos.get(videoId)?.title ?? 'Private video',
            description: '',
            thumbnails: {},
            channelTitle: 'Gatekeeper L2',
            playlistId,
            position,
            resourceId: { kind: 'youtube#video', videoId },
          },
        })),
      });
    }
    if (url.pathname === '/youtube/v3/videos') {
      const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean);
      const items = ids.flatMap((id) => {
        const video = state.videos.get(id);
        if (!video) return [];
        const thumbnail = video.thumbnailUrl ?? `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;
        return [
          {
            kind: 'youtube#video',
            etag: `etag-${id}`,
            id,
            snippet: {
              publishedAt: '2026-11-01T12:00:00Z',
              channelId: 'UC0123456789abcdefghijkl',
              title: video.title,
              description: 'A video',
              thumbnails: {
                default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
                medium: { url: thumbnail, width: 320, height: 180 },
                high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
              },
              channelTitle: video.channelTitle,
              categoryId: '20',
              liveBroadcastContent: 'none',
            },
            statistics: {
              viewCount: video.viewCount,
              likeCount: video.likeCount,
              favoriteCount: '0',
              commentCount: video.commentCount,
            },
          },
        ];
      });
      return send(response, 200, {
        kind: 'youtube#videoListResponse',
        etag: 'etag-videos',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    }
    return send(response, 404, googleError(404, 'Not Found', 'notFound', 'global'));
  };

  const { origin, close } = await startHttpServer(handle);
  return Object.assign(state, { url: origin, close });
};
