import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../db/tables';
import type { KeyValueStore } from './key-value-store';

/**
 * One-time claims that must outlive a Redis restart: a used captcha solution and an account's
 * lockout. They live in the site database (site_claims), so an emptied Redis neither accepts a
 * captcha again nor lifts a lock; counters and rate limits stay in Redis or memory.
 */
export type ClaimStore = Pick<KeyValueStore, 'claim' | 'count' | 'delete'>;

/** The column's width; a longer key (a typed login of any length) is stored as its hash. */
const KEY_MAX = 128;
/** Expired rows are deleted at most this often, by whichever claim comes along. */
const PRUNE_INTERVAL_MS = 10 * 60_000;

const storedKey = (key: string) =>
  key.length <= KEY_MAX ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;

export const durableClaims = (db: Kysely<SiteDatabase>, now: () => number = Date.now): ClaimStore => {
  let prunedAt = 0;
  const prune = async (time: number) => {
    if (time - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = time;
    await db.deleteFrom('site_claims').where('expires_at', '<=', time).execute();
  };
  return {
    async claim(key, ttlMs) {
      const time = now();
      await prune(time);
      const claimKey = storedKey(key);
      // An expired claim of this key makes room; of two racing inserts the primary key keeps one.
      await db.deleteFrom('site_claims').where('claim_key', '=', claimKey).where('expires_at', '<=', time).execute();
      const inserted = await db
        .insertInto('site_claims')
        .values({ claim_key: claimKey, expires_at: time + ttlMs })
        .ignore()
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async count(key) {
      const row = await db
        .selectFrom('site_claims')
        .select('claim_key')
        .where('claim_key', '=', storedKey(key))
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row ? 1 : 0;
    },
    async delete(key) {
      await db.deleteFrom('site_claims').where('claim_key', '=', storedKey(key)).execute();
    },
  };
};
