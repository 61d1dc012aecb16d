import type { FastifyInstance } from 'fastify';
import { preparedLatest } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import type { RefreshingValue } from '../../infra/refreshing-value';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';

/** getserverstatus: the lights of the probes app.ts runs (the Online feature records them too). */
export const statusRoutes = async (
  app: FastifyInstance,
  options: { status: RefreshingValue<string> },
): Promise<void> => {
  const { status } = options;
  app.addHook('onClose', async () => status.stop());
  // Probe once at start-up so the first visitor does not wait for the timeout.
  await status.get();
  // The latest probe's lights; the answer is prepared again only when they change.
  readRoute(app, 'getServerStatus', preparedLatest(status.latest, JSON_NO_CACHE_HEADERS));
};
