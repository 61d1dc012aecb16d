import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding';
import type { RefreshingValue } from './refreshing-value';
import { API_HEADERS } from './security-headers';
import { LRUCache } from 'lru-cache';

/** An answer ready to write: every header and the exact bytes. */
export interface PreparedAnswer {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
  /** The headers of a 304 to a request that holds this answer already (those with an ETag). */
  readonly notModifiedHeaders?: Readonly<Record<string, string>>;
}

/** What a 304 leaves out: it has no body to describe. */
const BODY_HEADERS = new Set(['content-length', 'content-type', 'content-encoding']);

/** An answer with the given headers (and the length of the body); no API headers. */
export const prepareBytes = (headers: Readonly<Record<string, string>>, body: string | Buffer): PreparedAnswer =>
  Object.freeze({
    headers: Object.freeze({ ...headers, 'content-length': String(Buffer.byteLength(body)) }),
    body,
    ...(headers.etag
      ? {
          notModifiedHeaders: Object.freeze(
            Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name))),
          ),
        }
      : {}),
  });

/** The answer with more headers (a page's cookie): for one request, not kept. */
export const withHeaders = (answer: PreparedAnswer, headers: Readonly<Record<string, string>>): PreparedAnswer => ({
  headers: { ...answer.headers, ...headers },
  body: answer.body,
  ...(answer.notModifiedHeaders ? { notModifiedHeaders: { ...answer.notModifiedHeaders, ...headers } } : {}),
});

/** An /sdk answer: the API's own headers, then the given ones. */
export const prepareAnswer = (headers: Readonly<Record<string, string>>, body: string | Buffer): PreparedAnswer =>
  prepareBytes({ ...API_HEADERS, ...headers }, body);

/** One answer in each encoding it was prepared in. */
export interface PreparedEncodings {
  readonly plain: PreparedAnswer;
  readonly br?: PreparedAnswer;
  readonly gzip?: PreparedAnswer;
}

type Accepted = { br: boolean; gzip: boolean };
/** Browsers send one Accept-Encoding string each, over and over: it is parsed once (the 64 latest kept). */
const acceptedByHeader = new LRUCache<string, Accepted>({ max: 64 });

const accepted = (header: string | undefined): Accepted => {
  if (!header) return { br: false, gzip: false };
  let known = acceptedByHeader.get(header);
  if (!known) {
    known = { br: acceptsEncoding(header, 'br'), gzip: acceptsEncoding(header, 'gzip') };
    acceptedByHeader.set(header, known);
  }
  return known;
};

/** The best encoding the request accepts: Brotli, then gzip, else the plain bytes. */
export const chooseEncoding = (answers: PreparedEncodings, acceptEncoding: string | undefined): PreparedAnswer => {
  if (!answers.br && !answers.gzip) return answers.plain;
  const allowed = accepted(acceptEncoding);
  if (answers.br && allowed.br) return answers.br;
  if (answers.gzip && allowed.gzip) return answers.gzip;
  return answers.plain;
};

/**
 * Whether If-None-Match names this ETag (RFC 9110 13.1.2: a list, `*`, weak comparison). Not the
 * `fresh` package: it refuses the 304 whenever the request says Cache-Control: no-cache, which
 * fetch() adds to every request that sets If-None-Match itself, while the RFC leaves that
 * directive to caches.
 */
export const ifNoneMatchHolds = (ifNoneMatch: string, etag: string): boolean => {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
};

/**
 * Writes a prepared answer on the response, or 304 when the request's If-None-Match holds its ETag
 * already: one writeHead with the prepared headers, then the bytes. Both doors use it: the front
 * door and the Fastify routes.
 */
export const writePrepared = (
  response: ServerResponse,
  answer: PreparedAnswer,
  ifNoneMatch: string | undefined,
  status = 200,
): void => {
  if (
    answer.notModifiedHeaders &&
    ifNoneMatch !== undefined &&
    ifNoneMatchHolds(ifNoneMatch, answer.headers.etag ?? '')
  ) {
    response.writeHead(304, answer.notModifiedHeaders);
    response.end();
    return;
  }
  response.writeHead(status, answer.headers);
  response.end(answer.body);
};

/**
 * Sends a prepared answer from a Fastify route, as the front door does (writePrepared): the reply is
 * taken over, so no hook or serializer of Fastify's runs on the bytes; the access log still sees it.
 */
export const sendPrepared = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  status = 200,
): FastifyReply => {
  reply.hijack();
  writePrepared(reply.raw, answer, request.headers['if-none-match'], status);
  return reply;
};

/**
 * The prepared answer of a value computed in the background (a JSON text), made again only when
 * the value changes.
 */
export const preparedLatest = (
  latest: () => string,
  headers: Readonly<Record<string, string>>,
): (() => PreparedAnswer) => {
  let value = latest();
  let answer = prepareAnswer(headers, value);
  return () => {
    const now = latest();
    if (now !== value) {
      value = now;
      answer = prepareAnswer(headers, value);
    }
    return answer;
  };
};

/**
 * The answer of a JSON text computed in the background: none until the first computation has
 * finished (`ready`; `whenReady` waits for it, as the value's own get() does), then the latest,
 * prepared once per change.
 */
export const latestAnswer = (
  source: Pick<RefreshingValue<string>, 'get' | 'latest'>,
  headers: Readonly<Record<string, string>>,
): { ready: () => PreparedAnswer | undefined; whenReady: () => Promise<PreparedAnswer> } => {
  let current: (() => PreparedAnswer) | undefined;
  return {
    ready: () => current?.(),
    whenReady: () => source.get().then(() => (current ??= preparedLatest(source.latest, headers))()),
  };
};
