import type { FastifyInstance } from 'fastify';
import { type Connections, isReachable } from '../../db/connections';

/** /healthz: each database's reachability; 503 when one is down, for load balancers. */
export const healthRoutes = async (app: FastifyInstance, options: { connections: Connections }): Promise<void> => {
  app.get('/healthz', async (_request, reply) => {
    const { login, game, site } = options.connections;
    const [loginUp, gameUp, siteUp] = await Promise.all([isReachable(login), isReachable(game), isReachable(site)]);
    const ok = loginUp && gameUp && siteUp;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'degraded', databases: { login: loginUp, game: gameUp, site: siteUp } });
  });
};
