import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, deleteKeys, redisAnswers } from '../../test/support/redis';
import { type KeyValueStore, memoryStore, redisStore } from './key-value-store';

const redisUp = await redisAnswers();
/** This run's keys, so a cleanup never touches anyone else's. */
const RUN = randomBytes(4).toString('hex');

interface StoreUnderTest {
  store: KeyValueStore;
  /** Lets ttl milliseconds go by for the store. */
  pass(ms: number): Promise<void>;
  /** A lifetime long enough to outlast a few calls, short enough to wait for. */
  ttlMs: number;
}

/** The same behaviour is asked of both stores: the accounts feature does not know which it has. */
const storeContract = (name: string, open: () => StoreUnderTest, cleanup?: () => Promise<void>) =>
  describe(name, () => {
    const { store, pass, ttlMs } = open();
    const key = (label: string) => `test:${RUN}:${randomBytes(6).toString('hex')}:${label}`;
    afterAll(async () => {
      await cleanup?.();
      await store.close();
    });

    it('counts from zero, one more per increment', async () => {
      const counter = key('counter');
      expect(await store.count(counter)).toBe(0);
      expect(await store.increment(counter, ttlMs)).toBe(1);
      expect(await store.increment(counter, ttlMs)).toBe(2);
      expect(await store.increment(counter, ttlMs)).toBe(3);
      expect(await store.count(counter)).toBe(3);
    });

    it('takes one back from a live count, never below zero and never reviving an expired one', async () => {
      const counter = key('decrement');
      await store.decrement(counter);
      expect(await store.count(counter)).toBe(0);
      await store.increment(counter, ttlMs);
      await store.increment(counter, ttlMs);
      await store.decrement(counter);
      expect(await store.count(counter)).toBe(1);
      await store.decrement(counter);
      await store.decrement(counter);
      expect(await store.count(counter)).toBe(0);
      await pass(ttlMs + 1);
      await store.decrement(counter);
      expect(await store.increment(counter, ttlMs)).toBe(1);
    });

    it('forgets a count up to a turn no later increment followed, else gives back only that turn', async () => {
      const counter = key('turns');
      const mine = await store.increment(counter, ttlMs);
      await store.forgetUpTo(counter, mine);
      expect(await store.count(counter)).toBe(0);
      await store.increment(counter, ttlMs);
      const turn = await store.increment(counter, ttlMs);
      await store.increment(counter, ttlMs);
      await store.forgetUpTo(counter, turn);
      expect(await store.count(counter)).toBe(2);
      await store.forgetUpTo(key('absent'), 3);
      expect(await store.count(key('absent'))).toBe(0);
    });

    it('forgets a counter when the lifetime of its first increment has passed', async () => {
      const counter = key('expiring');
      await store.increment(counter, ttlMs);
      await pass(ttlMs / 2);
      // A later increment does not push the expiry back: a lockout ends on time.
      expect(await store.increment(counter, ttlMs)).toBe(2);
      await pass(ttlMs / 2 + ttlMs / 4);
      expect(await store.count(counter)).toBe(0);
      expect(await store.increment(counter, ttlMs)).toBe(1);
    });

    it('deletes a counter and keeps the others', async () => {
      const [first, second] = [key('first'), key('second')];
      await store.increment(first, ttlMs);
      await store.increment(second, ttlMs);
      await store.delete(first);
      expect(await store.count(first)).toBe(0);
      expect(await store.count(second)).toBe(1);
      await store.delete(key('never-set'));
    });

    it('grants a claim once within its lifetime and again after it', async () => {
      const claim = key('claim');
      expect(await store.claim(claim, ttlMs)).toBe(true);
      expect(await store.claim(claim, ttlMs)).toBe(false);
      expect(await store.claim(key('other-claim'), ttlMs)).toBe(true);
      await pass(ttlMs + ttlMs / 4);
      expect(await store.claim(claim, ttlMs)).toBe(true);
    });

    it('grants one of many simultaneous claims of one key', async () => {
      const claim = key('race');
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(claim, ttlMs)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });

let memoryNow = 1_000_000;
storeContract('memoryStore', () => ({
  store: memoryStore(() => memoryNow),
  pass: async (ms) => {
    memoryNow += ms;
  },
  ttlMs: 60_000,
}));

describe('memoryStore size', () => {
  it('drops the oldest entries instead of growing without bound', async () => {
    const store = memoryStore(() => 0);
    await store.claim('oldest', 60_000);
    for (let i = 0; i < 100_000; i++) await store.claim(`filler:${i}`, 60_000);
    expect(await store.claim('oldest', 60_000)).toBe(true);
    expect(await store.claim('filler:99999', 60_000)).toBe(false);
  });
});

describe.skipIf(!redisUp)(`redisStore (skipped: no Redis answers PING at ${TEST_REDIS_URL})`, () => {
  const redis = redisUp ? new Redis(TEST_REDIS_URL) : undefined;
  storeContract(
    'on the machine Redis',
    () => ({
      store: redisStore(redis as Redis),
      pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      // Real time: long enough that a loaded CI machine does not let a key expire between two
      // calls that expect it, which 200 ms did not guarantee.
      ttlMs: 1_500,
    }),
    async () => {
      // Only this file's keys (they expire anyway).
      await deleteKeys(redis as Redis, `gatekeeper:test:${RUN}:*`);
    },
  );
});
