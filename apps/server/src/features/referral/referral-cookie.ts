import { randomBytes, randomInt } from 'node:crypto';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { COOKIES } from '@gatekeeper/contract';

/** Lower-case letters and digits without the look-alikes 0/o and 1/l/i: read aloud or typed without doubt. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 12;

/** A new referral code: 12 of 31 symbols (about 59 bits), so nobody finds a code by guessing. */
export const newReferralCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The shape of a code, checked before any query: anything else is no code of ours. */
export const REFERRAL_CODE_PATTERN = /^[a-z0-9]{6,32}$/;

/** The value of a visitor's `ref` cookie: random, so it names a visitor without saying anything. */
export const newVisitorKey = (): string => randomBytes(18).toString('base64url');
const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export const visitorKeyOf = (cookieHeader: string | undefined): string | undefined => {
  const value = parseCookies(cookieHeader ?? '')[COOKIES.ref.name];
  return value && VISITOR_KEY_PATTERN.test(value) ? value : undefined;
};

/** httpOnly: the page never needs it; Lax: it comes along when the visitor follows a link to us. */
export const visitorCookie = (key: string, secure: boolean): string =>
  serializeCookie(COOKIES.ref.name, key, {
    path: '/',
    maxAge: COOKIES.ref.maxAgeMs / 1000,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
