import { fetchJson } from '../../infra/json-fetch';
import { fitText } from '../../infra/fit-text';
import { z } from 'zod';

/**
 * A small client of the Facebook Graph API (docs/integrations.md#facebook-graph-api): the token check (debug_token), the
 * exchange of a short-lived user token for a long-lived one, and a user's live videos.
 */
export interface GraphApiOptions {
  /** https://graph.facebook.com, or a local server in tests. */
  baseUrl: string;
  version: string;
  appId: string;
  appSecret: string;
  timeoutMs?: number;
}

/** An error answer: `code` is Facebook's (190: the token is invalid or expired, 4/17/32/613: rate limits). */
export class GraphApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(`Graph API: HTTP ${status} code ${code}: ${message}`);
  }

  get tokenInvalid(): boolean {
    return this.code === 190;
  }
}

const errorAnswer = z.object({
  error: z.object({ message: z.string().default(''), code: z.number().default(0) }),
});

const debugTokenAnswer = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.union([z.string(), z.number()]).transform(String).optional(),
    user_id: z.union([z.string(), z.number()]).transform(String).optional(),
    /** Seconds since the epoch; 0 for a token that does not expire. */
    expires_at: z.number().optional(),
    scopes: z.array(z.string()).default([]),
  }),
});

const exchangeAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });

const liveVideosAnswer = z.object({
  data: z
    .array(
      z.object({
        id: z.string().optional(),
        title: z.string().optional(),
        live_views: z.number().optional(),
        embed_html: z.string().optional(),
        permalink_url: z.string().optional(),
        status: z.string().optional(),
      }),
    )
    .default([]),
});

export interface CheckedToken {
  isValid: boolean;
  appId: string;
  userId: string;
  /** Milliseconds since the epoch, undefined for a token without expiry. */
  expiresAt: number | undefined;
  scopes: string[];
}

export interface LiveVideo {
  title: string;
  viewers: number;
  /** The absolute https address of the video on facebook.com: the home page embeds it. */
  videoUrl: string;
}

const getJson = async (options: GraphApiOptions, path: string, params: Record<string, string>): Promise<unknown> => {
  const url = new URL(`/${options.version}/${path}`, options.baseUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const { ok, status, body, text } = await fetchJson(url, options.timeoutMs);
  if (body === undefined) throw new GraphApiError(status, 0, `not JSON: ${text.slice(0, 200)}`);
  if (!ok) {
    const parsed = errorAnswer.safeParse(body);
    throw new GraphApiError(
      status,
      parsed.success ? parsed.data.error.code : 0,
      parsed.success ? parsed.data.error.message : text.slice(0, 200),
    );
  }
  return body;
};

const parse = <S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GraphApiError(200, 0, `${what}: unexpected answer`);
  return parsed.data;
};

/** Which app and user a token belongs to, and whether it is still valid. */
export const checkToken = async (options: GraphApiOptions, token: string): Promise<CheckedToken> => {
  const body = await getJson(options, 'debug_token', {
    input_token: token,
    access_token: `${options.appId}|${options.appSecret}`,
  });
  const { data } = parse(debugTokenAnswer, body, 'debug_token');
  return {
    isValid: data.is_valid,
    appId: data.app_id ?? '',
    userId: data.user_id ?? '',
    expiresAt: data.expires_at ? data.expires_at * 1000 : undefined,
    scopes: data.scopes,
  };
};

/** A long-lived (about 60 days) token for a short-lived one from the login dialog (1-2 hours). */
export const exchangeForLongLivedToken = async (
  options: GraphApiOptions,
  token: string,
): Promise<{ token: string; expiresInMs: number | undefined }> => {
  const body = await getJson(options, 'oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: options.appId,
    client_secret: options.appSecret,
    fb_exchange_token: token,
  });
  const answer = parse(exchangeAnswer, body, 'oauth/access_token');
  return { token: answer.access_token, expiresInMs: answer.expires_in ? answer.expires_in * 1000 : undefined };
};

const FACEBOOK_HOSTS = new Set(['www.facebook.com', 'facebook.com', 'web.facebook.com', 'm.facebook.com']);

/** permalink_url is a path (/user/videos/123/); some answers give a full address. */
export const absoluteVideoUrl = (permalink: string): string | undefined => {
  try {
    const url = new URL(permalink, 'https://www.facebook.com');
    return url.protocol === 'https:' && FACEBOOK_HOSTS.has(url.hostname) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
};

/** The video address inside embed_html's iframe (plugins/video.php?href=...), for answers without a permalink. */
const videoUrlFromEmbed = (embedHtml: string): string | undefined => {
  const src = /src="([^"]+)"/.exec(embedHtml)?.[1]?.replaceAll('&amp;', '&');
  if (!src) return undefined;
  try {
    const href = new URL(src).searchParams.get('href');
    return href ? absoluteVideoUrl(href) : undefined;
  } catch {
    return undefined;
  }
};

/** The user's newest video that is live now, or undefined when none is. */
export const fetchCurrentLiveVideo = async (
  options: GraphApiOptions,
  userId: string,
  token: string,
): Promise<LiveVideo | undefined> => {
  const body = await getJson(options, `${encodeURIComponent(userId)}/live_videos`, {
    broadcast_status: '["LIVE"]',
    fields: 'title,live_views,embed_html,permalink_url,status',
    access_token: token,
  });
  for (const video of parse(liveVideosAnswer, body, 'live_videos').data) {
    if (video.status !== undefined && video.status !== 'LIVE') continue;
    const videoUrl =
      (video.permalink_url ? absoluteVideoUrl(video.permalink_url) : undefined) ??
      (video.embed_html ? videoUrlFromEmbed(video.embed_html) : undefined);
    if (!videoUrl) continue;
    return {
      title: fitText((video.title ?? '').trim(), 255),
      viewers: Math.max(0, Math.floor(video.live_views ?? 0)),
      videoUrl,
    };
  }
  return undefined;
};
