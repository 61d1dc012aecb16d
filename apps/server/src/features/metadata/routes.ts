import type { Metadata } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { prepareAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';

/**
 * getmetadata. The site's metadata is made once in app.ts (presentMetadata, with the game flavour
 * detected at start-up) and given both to this call and to the pre-rendered pages, so that a page
 * never shows what the call denies (the PIN form on aCis, say).
 */
export const metadataRoutes = async (app: FastifyInstance, options: { metadata: Metadata }): Promise<void> => {
  // The settings do not change while the site runs: one answer, prepared once.
  const answer = prepareAnswer(JSON_NO_CACHE_HEADERS, JSON.stringify(options.metadata));
  readRoute(app, 'getMetadata', () => answer);
};
