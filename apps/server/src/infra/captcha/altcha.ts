import { randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { ClaimStore } from '../durable-claims';

export interface AltchaOptions {
  /** HMAC secret; every instance of one site must share it. */
  hmacKey: string;
  /** PBKDF2 iterations per attempt and the highest counter: together, the work a visitor does. */
  cost: number;
  maxCounter: number;
  expireMinutes: number;
  /** Where each solution's use is claimed; it must outlive a Redis restart. */
  store: ClaimStore;
}

/**
 * ALTCHA, self-hosted proof of work: the server signs a challenge, the browser finds the counter,
 * the server checks the signature, the expiry and the work, and accepts each solution once.
 */
export const altchaCaptcha = (options: AltchaOptions) => {
  const hmacKeySignatureSecret = `${options.hmacKey}:keys`;
  const ttlMs = options.expireMinutes * 60_000;
  return {
    async challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: options.cost,
        counter: randomInt(Math.max(1, Math.floor(options.maxCounter / 2)), options.maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + ttlMs),
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret,
        data: { challengeId: randomBytes(12).toString('base64url') },
      });
    },
    async verify(payload: string): Promise<boolean> {
      // altcha-lib reads a failing store as a refused solution; a store that is down must instead
      // reach the caller (503 "try again in a minute"), so its error is kept and thrown again.
      let storeFailure: { error: unknown } | undefined;
      const result = await verify(payload, deriveKey, options.hmacKey, hmacKeySignatureSecret, {
        get: async () => undefined,
        set: async () => undefined,
        setIfAbsent: async (key: string) => {
          try {
            return await options.store.claim(`altcha:${key}`, ttlMs);
          } catch (error) {
            storeFailure = { error };
            throw error;
          }
        },
      });
      if (storeFailure) throw storeFailure.error;
      return result.error === null;
    },
  };
};
