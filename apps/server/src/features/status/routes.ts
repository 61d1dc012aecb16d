import type { FastifyInstance } from 'fastify';
import { sdkRoute } from '../../infra/sdk-route';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import { type Address, serverStatusSource } from './server-status';

export const statusRoutes = async (app: FastifyInstance, options: { login: Address; game: Address }): Promise<void> => {
  const status = serverStatusSource(options);
  app.addHook('onClose', async () => status.stop());
  // Probe once at start-up so the first visitor does not wait for the timeout.
  await status.get();
  sdkRoute(app, 'getServerStatus', async (_input, _request, reply) =>
    reply.headers(JSON_NO_CACHE_HEADERS).send(await status.get()),
  );
};
