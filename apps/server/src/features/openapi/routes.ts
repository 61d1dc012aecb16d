import { openApiDocument } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { prepareAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';

/**
 * /sdk/openapi.json (docs/product.md#openapi): the contract's public reads as OpenAPI 3.1,
 * generated once at start-up and answered from memory at the front door like the other reads.
 */
export const openApiRoutes = async (app: FastifyInstance, options: { publicUrl: string }) => {
  const document = openApiDocument({
    title: 'Gatekeeper /sdk public reads',
    // The /sdk calls' version: their paths and answers keep the site's first SDK's names.
    version: '1.0.0',
    serverUrl: options.publicUrl,
  });
  const answer = prepareAnswer(JSON_NO_CACHE_HEADERS, JSON.stringify(document));
  readRoute(app, 'getOpenApi', () => answer);
};
