import type { FastifyInstance } from 'fastify';
import { prepareAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import type { Settings } from '../../settings';
import { presentMetadata } from './metadata';
import type { GameSchema } from '../../game/schema-check';

export const metadataRoutes = async (
  app: FastifyInstance,
  options: { settings: Settings; publicUrl: string; schema: Pick<GameSchema, 'flavor'> },
): Promise<void> => {
  // The settings do not change while the site runs: one answer, prepared once.
  const answer = prepareAnswer(
    JSON_NO_CACHE_HEADERS,
    JSON.stringify(presentMetadata(options.settings, options.publicUrl, options.schema)),
  );
  readRoute(app, 'getMetadata', () => answer);
};
