import { Redis } from 'ioredis';

/** The machine's Redis, for the tests that show several instances sharing state. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING within a second; tests that need one skip otherwise. */
export const redisAnswers = async (url = TEST_REDIS_URL): Promise<boolean> => {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
};

/** Deletes the keys matching a pattern (never the whole database). */
export const deleteKeys = async (redis: Redis, pattern: string): Promise<void> => {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
};
