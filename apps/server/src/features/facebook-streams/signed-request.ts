import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Facebook's signed_request (data deletion callback): `SIG.PAYLOAD`, both base64url; SIG is the
 * HMAC-SHA256 of the PAYLOAD text with the app secret. Answers the payload's user_id, or
 * undefined when the signature, the algorithm or the shape is wrong.
 */
export const verifySignedRequest = (signedRequest: string, appSecret: string): { userId: string } | undefined => {
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
  const { algorithm, user_id: userId } = data as { algorithm?: unknown; user_id?: unknown };
  if (typeof algorithm === 'string' && algorithm.toUpperCase() !== 'HMAC-SHA256') return undefined;
  if ((typeof userId !== 'string' && typeof userId !== 'number') || !/^\d{1,32}$/.test(String(userId))) {
    return undefined;
  }
  return { userId: String(userId) };
};

/** A signed_request as Facebook makes it (tests, and the README's curl example). */
export const signRequest = (payload: Record<string, unknown>, appSecret: string): string => {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${createHmac('sha256', appSecret).update(encoded).digest('base64url')}.${encoded}`;
};
