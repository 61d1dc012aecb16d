import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import { characterExists } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { sdkRoute } from '../../infra/sdk-route';

/** ischaracterexist: whether a character of that name lives in the game database (any case). */
export const characterRoutes = async (
  app: FastifyInstance,
  options: { connections: Connections; schema: Pick<GameSchema, 'flavor'> },
): Promise<void> => {
  sdkRoute(app, 'isCharacterExist', async ({ query }, _request, reply) => {
    const name = query.name.trim();
    const exists = name !== '' && (await characterExists(options.connections.game.db, options.schema, name));
    return reply.header('cache-control', 'no-store').send(exists);
  });
};
