import { createHash, timingSafeEqual } from 'node:crypto';

/** The l2j flavour's password hash: Base64(SHA-1(UTF-8 bytes)), 28 characters (L2J.md). */
export const l2jPasswordHash = (password: string): string =>
  createHash('sha1').update(password, 'utf8').digest('base64');

/** Constant-time comparison of a password against a stored l2j hash. */
export const verifyL2jPassword = (password: string, storedHash: string | null): boolean => {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, 'utf8');
  const actual = Buffer.from(l2jPasswordHash(password), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
