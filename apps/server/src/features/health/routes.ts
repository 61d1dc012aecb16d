import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type AnyKysely, type Connections, isReachable } from '../../db/connections';
import { markPublicRead } from '../../infra/request-log';
import { API_HEADERS } from '../../infra/security-headers';

/** No probe makes /healthz wait longer than this. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

const withinProbeTime = async (probe: Promise<boolean>): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

const redisAnswers = async (redis: Redis): Promise<boolean> => {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
};

/**
 * /healthz for load balancers and monitors: "up" when everything answers; "degraded" (still 200,
 * keep the instance) when Redis or the game database does not, since the pages, rankings from
 * memory and status lights still work; "down" (503) when the site or login database does not.
 */
export const healthRoutes = async (
  app: FastifyInstance,
  options: { connections: Connections; redis?: Redis },
): Promise<void> => {
  app.get('/healthz', async (request, reply) => {
    // Monitors ask every few seconds: only an answer of 400 or above (down) reaches the access log.
    markPublicRead(request);
    const { login, game, site } = options.connections;
    // Roles sharing one database are probed once.
    const probes = new Map<AnyKysely, Promise<boolean>>();
    const probe = (connection: { db: AnyKysely }) => {
      let result = probes.get(connection.db);
      if (!result) {
        result = withinProbeTime(isReachable(connection));
        probes.set(connection.db, result);
      }
      return result;
    };
    const [loginUp, gameUp, siteUp, redisUp] = await Promise.all([
      probe(login),
      probe(game),
      probe(site),
      options.redis ? withinProbeTime(redisAnswers(options.redis)) : undefined,
    ]);
    const status = !loginUp || !siteUp ? 'down' : !gameUp || redisUp === false ? 'degraded' : 'up';
    return reply
      .code(status === 'down' ? 503 : 200)
      .headers(API_HEADERS)
      .header('cache-control', 'no-store')
      .send({
        status,
        databases: { login: loginUp, game: gameUp, site: siteUp },
        ...(redisUp === undefined ? {} : { redis: redisUp }),
      });
  });
};
