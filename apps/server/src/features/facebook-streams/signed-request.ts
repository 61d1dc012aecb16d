import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Facebook's signed_request (data deletion callback): `SIG.PAYLOAD`, both base64url; SIG is the
 * HMAC-SHA256 of the PAYLOAD text with the app secret. Answers the payload's user_id and issued_at
 * (seconds since the epoch, NaN when missing), or undefined when the signature, the algorithm or
 * the shape is wrong.
 */
export const verifySignedRequest = (
  signedRequest: string,
  appSecret: string,
): { userId: string; issuedAt: number } | undefined => {
  const [signature, payload, extra] = signedRequest.split('.');
  if (!signature || !payload || extra !== undefined || !appSecret) return undefined;
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const {
    algorithm,
    user_id: userId,
    issued_at: issuedAt,
  } = data as { algorithm?: unknown; user_id?: unknown; issued_at?: unknown };
  if (typeof algorithm === 'string' && algorithm.toUpperCase() !== 'HMAC-SHA256') return undefined;
  if ((typeof userId !== 'string' && typeof userId !== 'number') || !/^\d{1,32}$/.test(String(userId))) {
    return undefined;
  }
  return { userId: String(userId), issuedAt: typeof issuedAt === 'number' ? issuedAt : Number.NaN };
};

/** How old a signed_request may be, and how far ahead of our clock Facebook's may run. */
export const SIGNED_REQUEST_MAX_AGE_MS = 5 * 60_000;
export const SIGNED_REQUEST_CLOCK_SKEW_MS = 60_000;

/** A signed_request issued within the last few minutes (a copy replayed later is refused). */
export const isFreshSignedRequest = (issuedAtSeconds: number, now: number): boolean => {
  const issuedAt = issuedAtSeconds * 1000;
  return (
    Number.isFinite(issuedAt) &&
    issuedAt >= now - SIGNED_REQUEST_MAX_AGE_MS &&
    issuedAt <= now + SIGNED_REQUEST_CLOCK_SKEW_MS
  );
};

/** The key a signed_request is claimed by, so that the same one is honoured once. */
export const signedRequestHash = (signedRequest: string): string =>
  createHash('sha256').update(signedRequest).digest('hex');

/** A signed_request as Facebook makes it (tests, and the README's curl example). */
export const signRequest = (payload: Record<string, unknown>, appSecret: string): string => {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${createHmac('sha256', appSecret).update(encoded).digest('base64url')}.${encoded}`;
};
