import { withoutTrailingSlashes } from '@gatekeeper/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a link unsubscribes: the address, the account it was mailed for, and the version's list. */
export interface UnsubscribeSubject {
  email: string;
  user: string;
  version: string;
}

const canonical = ({ email, user, version }: UnsubscribeSubject) =>
  // Newlines cannot occur in any of the three, so no two subjects share a message.
  [email.trim().toLowerCase(), user.trim().toLowerCase(), version].join('\n');

/** HMAC-SHA256 of the subject, base64url: short enough for a link, impossible to forge without the key. */
export const signUnsubscribe = (key: string, subject: UnsubscribeSubject): string =>
  createHmac('sha256', key).update(canonical(subject)).digest('base64url');

export const isValidUnsubscribeSignature = (key: string, subject: UnsubscribeSubject, sig: string): boolean => {
  const expected = Buffer.from(signUnsubscribe(key, subject));
  const given = Buffer.from(sig);
  // timingSafeEqual needs equal lengths; the length of a valid signature is no secret.
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** PUBLIC_URL/?param=unsubscribe&email=...&user=...&version=...&sig=..., read by the home page. */
export const unsubscribeLink = (publicUrl: string, key: string, subject: UnsubscribeSubject): string => {
  const query = new URLSearchParams({
    param: 'unsubscribe',
    email: subject.email,
    user: subject.user,
    version: subject.version,
    sig: signUnsubscribe(key, subject),
  });
  return `${withoutTrailingSlashes(publicUrl)}/?${query.toString()}`;
};
