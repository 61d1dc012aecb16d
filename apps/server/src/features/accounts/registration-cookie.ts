import { createHmac, timingSafeEqual } from 'node:crypto';
import { COOKIES } from '@gatekeeper/contract';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { z } from 'zod';

/**
 * The accounts a browser registered, as the server wrote them at registration: the page's own
 * `users` cookie is readable and writable by anyone, so updateips believes only this one. Its
 * value is base64url(JSON {logins, at}) "." HMAC-SHA256 of that text under COOKIE_SIGNING_KEY.
 */

/** As many as the page's users cookie keeps and updateips reads. */
export const MAX_REGISTERED_LOGINS = 10;
/** A value longer than this was not written by us: refused before it is decoded. */
const MAX_VALUE_LENGTH = 2048;

const payloadSchema = z.object({
  logins: z.array(z.string().max(64)).max(MAX_REGISTERED_LOGINS),
  /** When the cookie was written (ms): an old value stops counting after the cookie's lifetime. */
  at: z.number(),
});

// The purpose is part of the signed text, so a signature made for another use never fits here.
const signatureOf = (key: string, payload: string) =>
  createHmac('sha256', key).update(`${COOKIES.registered.name}\n${payload}`).digest('base64url');

const sameSignature = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface RegistrationCookie {
  /** The logins this browser proved it registered; empty for a missing, forged or expired cookie. */
  loginsOf(cookieHeader: string | undefined): string[];
  /** The Set-Cookie value after this browser registered `login`: earlier proven logins kept. */
  afterRegistering(cookieHeader: string | undefined, login: string): string;
}

export const registrationCookie = (options: {
  key: string;
  secure: boolean;
  now: () => number;
}): RegistrationCookie => {
  const loginsOf = (cookieHeader: string | undefined): string[] => {
    const value = parseCookies(cookieHeader ?? '')[COOKIES.registered.name];
    if (!value || value.length > MAX_VALUE_LENGTH) return [];
    const dot = value.indexOf('.');
    const [payload, signature] = [value.slice(0, dot), value.slice(dot + 1)];
    if (dot < 1 || !sameSignature(signature, signatureOf(options.key, payload))) return [];
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return [];
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success || options.now() - parsed.data.at > COOKIES.registered.maxAgeMs) return [];
    return parsed.data.logins;
  };

  return {
    loginsOf,
    afterRegistering: (cookieHeader, login) => {
      const logins = [...new Set([...loginsOf(cookieHeader).filter((known) => known !== login), login])].slice(
        -MAX_REGISTERED_LOGINS,
      );
      const payload = Buffer.from(JSON.stringify({ logins, at: options.now() })).toString('base64url');
      return serializeCookie(COOKIES.registered.name, `${payload}.${signatureOf(options.key, payload)}`, {
        path: '/sdk',
        maxAge: COOKIES.registered.maxAgeMs / 1000,
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secure,
      });
    },
  };
};
