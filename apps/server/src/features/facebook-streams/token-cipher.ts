import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Facebook access tokens at rest: AES-256-GCM with the key of FACEBOOK_TOKEN_KEY. The stored form
 * is `v1.IV.TAG.CIPHERTEXT` (base64url). The Facebook user id is bound in as associated data, so
 * a token copied onto another user's row does not decrypt.
 */
export interface TokenCipher {
  encrypt(token: string, userId: string): string;
  /** Throws when the value was not made with this key for this user. */
  decrypt(stored: string, userId: string): string;
}

const VERSION = 'v1';

/** The key as 64 hex digits or the base64 (or base64url) of 32 bytes; undefined when it is neither. */
export const parseTokenKey = (text: string): Buffer | undefined => {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    return key.length === 32 ? key : undefined;
  }
  return undefined;
};

export const tokenCipher = (key: Buffer): TokenCipher => {
  if (key.length !== 32) throw new Error('the token key must be 32 bytes');
  return {
    encrypt(token, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const encrypted = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), encrypted]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, userId) {
      const [version, iv, tag, encrypted] = stored.split('.');
      if (version !== VERSION || !iv || !tag || encrypted === undefined) throw new Error('not a stored token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
