import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Per-address rate limits of the calls a visitor could repeat at machine speed. Each feature
 * plugin registers this once in its own (encapsulated) scope; only routes that ask with
 * `limitPerMinute(n)` are counted. With Redis the counters are shared between instances (the
 * keys name the route and the address); a refusal is a 429, which errors.ts answers as
 * ["tooManyRequests"].
 */
export const registerRateLimit = async (
  app: FastifyInstance,
  redis: Redis | undefined,
  /** Count nothing while Redis is down instead of answering 503 (only where refusing costs more). */
  options: { skipOnError?: boolean } = {},
): Promise<void> => {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'gatekeeper:rate:' } : {}),
    ...(options.skipOnError ? { skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `retry in ${context.after}` }),
  });
};

/** sdkRoute's options for a call that one address may make at most `perMinute` times a minute. */
export const limitPerMinute = (perMinute: number): Pick<RouteShorthandOptions, 'config'> => ({
  config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
});
