import type { FastifyInstance } from 'fastify';
import { sdkRoute } from '../../infra/sdk-route';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import type { Settings } from '../../settings';
import { presentMetadata } from './metadata';

export const metadataRoutes = async (
  app: FastifyInstance,
  options: { settings: Settings; publicUrl: string },
): Promise<void> => {
  // The settings do not change while the site runs: serialize once.
  const body = JSON.stringify(presentMetadata(options.settings, options.publicUrl));
  sdkRoute(app, 'getMetadata', (_input, _request, reply) => reply.headers(JSON_NO_CACHE_HEADERS).send(body));
};
