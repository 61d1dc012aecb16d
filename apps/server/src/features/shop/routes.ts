import type { FastifyInstance } from 'fastify';
import { sdkRoute } from '../../infra/sdk-route';
import type { Shop } from './shop';

/**
 * getshop (docs/product.md#getshop): the public catalogue. The calls of a session (buy, orders,
 * promo codes) are registered by the sessions feature with the handlers app.ts hands it.
 */
export const shopRoutes = async (app: FastifyInstance, options: { shop: Shop }): Promise<void> => {
  sdkRoute(app, 'getShop', async (_input, _request, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.send({ offers: await options.shop.catalogue() });
  });
};
