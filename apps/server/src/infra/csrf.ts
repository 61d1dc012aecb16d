import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { COOKIES } from '@gatekeeper/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { API_HEADERS } from './security-headers';

/**
 * Anti-forgery by double submit (DESIGN.md section 5): the page gets an XSRF-TOKEN cookie that
 * scripts of our origin can read, and every non-GET /sdk call sends it back in X-XSRF-TOKEN.
 * Another origin can make the browser send the cookie but can neither read it nor set the header.
 */
export const newCsrfToken = (): string => randomBytes(24).toString('base64url');

export const csrfTokensMatch = (cookieHeader: string | undefined, header: string | string[] | undefined): boolean => {
  const cookie = parseCookies(cookieHeader ?? '')[COOKIES.csrf.name];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The onRequest hook of every /sdk call that is not a GET (see sdk-route.ts). */
export const csrfGuard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
  if (!csrfTokensMatch(request.headers.cookie, request.headers[COOKIES.csrf.header])) {
    void reply.code(403).headers(API_HEADERS).send(['formInvalid']);
    return;
  }
  done();
};
