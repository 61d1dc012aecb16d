import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Short-lived counters and one-time claims: failed-login counters, lockouts and used captcha
 * solutions. In memory for one instance; in Redis (REDIS_URL) so several instances share them.
 */
export interface KeyValueStore {
  /** Adds one and answers the new count; the first increment starts the expiry. */
  increment(key: string, ttlMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Takes one back from a live count (never below 0, never bringing back an expired key). */
  decrement(key: string): Promise<void>;
  /**
   * Forgets a count whose last increment answered `turn` (no increment came after it); takes one
   * back otherwise, leaving the increments that came later in the count.
   */
  forgetUpTo(key: string, turn: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** True the first time a key is claimed within its lifetime, false afterwards. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const PREFIX = 'gatekeeper:';
const MEMORY_LIMIT = 100_000;

export const memoryStore = (now: () => number = Date.now): KeyValueStore => {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const prune = () => {
    if (entries.size < MEMORY_LIMIT) return;
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    // Still full: drop the oldest insertions rather than grow without bound.
    for (const key of entries.keys()) {
      if (entries.size < MEMORY_LIMIT) break;
      entries.delete(key);
    }
  };
  return {
    async increment(key, ttlMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      prune();
      entries.set(key, { count: 1, expiresAt: now() + ttlMs });
      return 1;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async forgetUpTo(key, turn) {
      const entry = live(key);
      if (!entry) return;
      if (entry.count <= turn) entries.delete(key);
      else entry.count -= 1;
    },
    async delete(key) {
      entries.delete(key);
    },
    async claim(key, ttlMs) {
      if (live(key)) return false;
      prune();
      entries.set(key, { count: 1, expiresAt: now() + ttlMs });
      return true;
    },
    async close() {
      entries.clear();
    },
  };
};

const DECREMENT_LIVE = `local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then redis.call('DECR', KEYS[1]) end`;
const FORGET_UP_TO = `local count = tonumber(redis.call('GET', KEYS[1]))
if not count then return end
if count <= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end`;

export const redisStore = (redis: Redis): KeyValueStore => ({
  async increment(key, ttlMs) {
    const [[, count]] = (await redis
      .multi()
      .incr(PREFIX + key)
      .pexpire(PREFIX + key, ttlMs, 'NX')
      .exec()) as [[null, number], [null, number]];
    return count;
  },
  async count(key) {
    return Number((await redis.get(PREFIX + key)) ?? 0);
  },
  async decrement(key) {
    // One script: a DECR on a key that expired meanwhile would make one without an expiry.
    await redis.eval(DECREMENT_LIVE, 1, PREFIX + key);
  },
  async forgetUpTo(key, turn) {
    await redis.eval(FORGET_UP_TO, 1, PREFIX + key, turn);
  },
  async delete(key) {
    await redis.del(PREFIX + key);
  },
  async claim(key, ttlMs) {
    return (await redis.set(PREFIX + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  },
  async close() {
    await redis.quit();
  },
});

/** How long one Redis command may take before the call answers 503 serviceUnavailable. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Redis for the shared counters and the rate limits. A command fails within a second when Redis
 * is down or frozen (the call then answers 503, errors.ts), rather than wait for reconnection;
 * the client keeps reconnecting in the background. Rate limits and lockouts fail closed: no
 * account tool runs while they cannot be counted.
 */
export const openRedis = (url: string, log?: Pick<FastifyBaseLogger, 'warn' | 'info'>): Redis => {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: false,
  });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: error }, 'Redis is unreachable; the account tools answer 503 until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info('Redis is reachable again');
  });
  return redis;
};
