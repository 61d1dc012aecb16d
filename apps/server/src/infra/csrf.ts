import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { COOKIES } from '@gatekeeper/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { API_HEADERS } from './security-headers';

/**
 * Anti-forgery by double submit (docs/product.md#calls): the page gets an XSRF-TOKEN cookie that
 * scripts of our origin can read, and every non-GET /sdk call sends it back in X-XSRF-TOKEN.
 * Another origin can make the browser send the cookie but can neither read it nor set the header.
 * On https the cookie is `__Host-XSRF-TOKEN`, as the session cookie is `__Host-gk_session`: a
 * browser takes that name only from this very host, Secure, on Path=/ and without Domain, so a
 * sibling subdomain cannot plant a token of its choosing; an unprefixed XSRF-TOKEN is not read there.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The anti-forgery cookie's name on this site (csrfCookieName), decorated by app.ts. */
    csrfCookie: string;
  }
}

/** The anti-forgery cookie's name: `__Host-` prefixed when PUBLIC_URL is https. */
export const csrfCookieName = (secure: boolean): string => (secure ? `__Host-${COOKIES.csrf.name}` : COOKIES.csrf.name);

const TOKEN_BYTES = 24;
/** Random bytes drawn 256 tokens at a time: one call to the system's generator instead of one per page. */
const POOL_TOKENS = 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

export const newCsrfToken = (): string => {
  if (poolOffset + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * POOL_TOKENS);
    poolOffset = 0;
  }
  poolOffset += TOKEN_BYTES;
  return pool.toString('base64url', poolOffset - TOKEN_BYTES, poolOffset);
};

/** Whether the request's X-XSRF-TOKEN header is the value of its cookie of this site's name. */
export const csrfTokensMatch = (
  cookieName: string,
  cookieHeader: string | undefined,
  header: string | string[] | undefined,
): boolean => {
  const cookie = parseCookies(cookieHeader ?? '')[cookieName];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether the request carries the anti-forgery token of this site's cookie (an app without the decoration: never). */
export const requestHasCsrfToken = (request: FastifyRequest): boolean =>
  typeof request.server.csrfCookie === 'string' &&
  csrfTokensMatch(request.server.csrfCookie, request.headers.cookie, request.headers[COOKIES.csrf.header]);

/** The onRequest hook of every /sdk call that is not a GET (see sdk-route.ts). */
export const csrfGuard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
  if (!requestHasCsrfToken(request)) {
    void reply.code(403).headers(API_HEADERS).send(['formInvalid']);
    return;
  }
  done();
};
