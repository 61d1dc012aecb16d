import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../http-server';

/**
 * A local server speaking the Facebook Graph API as Facebook answers it (docs/integrations.md#facebook-graph-api):
 * debug_token, the long-lived token exchange (oauth/access_token) and a user's live_videos, with
 * Facebook's JSON error answers (OAuthException 190 for a bad token, code 2 when it is down).
 */
export interface FakeUserToken {
  userId: string;
  appId: string;
  scopes: string[];
}

export interface FakeLiveVideo {
  id: string;
  title: string;
  liveViews: number;
  status?: 'LIVE' | 'VOD' | 'SCHEDULED_UNPUBLISHED';
}

export interface FakeGraphApi {
  url: string;
  appId: string;
  appSecret: string;
  /** Tokens the login dialog handed out, by token. */
  userTokens: Map<string, FakeUserToken>;
  /** Long-lived tokens made by the exchange, by token. */
  longLivedTokens: Map<string, FakeUserToken>;
  /** Each user's live videos, newest first. */
  liveVideos: Map<string, FakeLiveVideo[]>;
  /** When true, every call answers Facebook's transient error (HTTP 500, code 2). */
  down: boolean;
  requests: URL[];
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
};

const traceId = () => randomBytes(8).toString('base64url');

const oauthError = (message: string, subcode?: number) => ({
  error: {
    message,
    type: 'OAuthException',
    code: 190,
    ...(subcode ? { error_subcode: subcode } : {}),
    fbtrace_id: traceId(),
  },
});

export const startFakeGraphApi = async (
  options: { appId: string; appSecret: string; version?: string } = { appId: '1234567890', appSecret: 'app-secret' },
): Promise<FakeGraphApi> => {
  const version = options.version ?? 'v19.0';
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const state: Omit<FakeGraphApi, 'url' | 'close'> = {
    appId: options.appId,
    appSecret: options.appSecret,
    userTokens: new Map(),
    longLivedTokens: new Map(),
    liveVideos: new Map(),
    down: false,
    requests: [],
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    state.requests.push(url);
    if (state.down) {
      return send(response, 500, {
        error: {
          message: 'An unexpected error has occurred. Please retry your request later.',
          type: 'OAuthException',
          is_transient: true,
          code: 2,
          fbtrace_id: traceId(),
        },
      });
    }
    const path = url.pathname.replace(`/${version}/`, '/');
    const params = url.searchParams;

    if (path === '/debug_token') {
      if (params.get('access_token') !== `${state.appId}|${state.appSecret}`) {
        return send(response, 400, oauthError('Invalid OAuth access token signature.'));
      }
      const token = params.get('input_token') ?? '';
      const user = state.userTokens.get(token) ?? state.longLivedTokens.get(token);
      if (!user) {
        return send(response, 200, {
          data: {
            error: { code: 190, message: 'Invalid OAuth access token.' },
            is_valid: false,
            scopes: [],
          },
        });
      }
      return send(response, 200, {
        data: {
          app_id: user.appId,
          type: 'USER',
          application: 'Gatekeeper',
          data_access_expires_at: nowSeconds() + 90 * 86_400,
          expires_at: nowSeconds() + 5_400,
          is_valid: true,
          issued_at: nowSeconds() - 60,
          scopes: user.scopes,
          granular_scopes: user.scopes.map((scope) => ({ scope })),
          user_id: user.userId,
        },
      });
    }

    if (path === '/oauth/access_token') {
      const user = state.userTokens.get(params.get('fb_exchange_token') ?? '');
      if (
        params.get('grant_type') !== 'fb_exchange_token' ||
        params.get('client_id') !== state.appId ||
        params.get('client_secret') !== state.appSecret ||
        !user
      ) {
        return send(response, 400, oauthError('Error validating access token: The session is invalid.', 460));
      }
      const longLived = `EAAlong${randomBytes(24).toString('base64url')}`;
      state.longLivedTokens.set(longLived, user);
      return send(response, 200, { access_token: longLived, token_type: 'bearer', expires_in: 5_183_944 });
    }

    const liveVideos = /^\/(\d+)\/live_videos$/.exec(path);
    if (liveVideos) {
      const userId = liveVideos[1] ?? '';
      const user =
        state.longLivedTokens.get(params.get('access_token') ?? '') ??
        state.userTokens.get(params.get('access_token') ?? '');
      if (!user || user.userId !== userId) {
        return send(
          response,
          400,
          oauthError('Error validating access token: Session has expired on Monday, 23-Nov-26 09:00:00 PST.', 463),
        );
      }
      const wanted = JSON.parse(params.get('broadcast_status') ?? '[]') as string[];
      const videos = (state.liveVideos.get(userId) ?? []).filter(
        (video) => wanted.length === 0 || wanted.includes(video.status ?? 'LIVE'),
      );
      return send(response, 200, {
        data: videos.map((video) => {
          const permalink = `/${userId}/videos/${video.id}/`;
          const href = encodeURIComponent(`https://www.facebook.com${permalink}`);
          return {
            title: video.title,
            live_views: video.liveViews,
            embed_html: `<iframe src="https://www.facebook.com/plugins/video.php?href=${href}&amp;width=1280" width="1280" height="720" style="border:none;overflow:hidden" scrolling="no" frameborder="0" allowfullscreen="true" allow="autoplay; clipboard-write; encrypted-media; picture-in-picture; web-share" allowFullScreen="true"></iframe>`,
            permalink_url: permalink,
            status: video.status ?? 'LIVE',
            id: video.id,
          };
        }),
        paging: { cursors: { before: 'QVFIUmxBZA', after: 'QVFIUjZA' } },
      });
    }

    return send(response, 400, {
      error: {
        message: `Unknown path components: ${url.pathname}`,
        type: 'OAuthException',
        code: 2500,
        fbtrace_id: traceId(),
      },
    });
  };

  const { origin, close } = await startHttpServer(handle);
  return Object.assign(state, { url: origin, close });
};
