import type { FastifyInstance } from 'fastify';
import { preparedLatest } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import { type Address, serverStatusSource } from './server-status';

export const statusRoutes = async (app: FastifyInstance, options: { login: Address; game: Address }): Promise<void> => {
  const status = serverStatusSource(options);
  app.addHook('onClose', async () => status.stop());
  // Probe once at start-up so the first visitor does not wait for the timeout.
  await status.get();
  // The latest probe's lights; the answer is prepared again only when they change.
  readRoute(app, 'getServerStatus', preparedLatest(status.latest, JSON_NO_CACHE_HEADERS));
};
