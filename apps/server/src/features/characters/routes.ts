import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Connections } from '../../db/connections';
import { characterExists } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { prepareAnswer } from '../../infra/prepared-answer';
import { markPublicRead } from '../../infra/request-log';
import { sdkRoute } from '../../infra/sdk-route';

/**
 * How long an answer is kept. The vote panel asks as a player types, and many players ask for the
 * same names; a character created in the game is found at most this late, a deleted one is
 * still found this long (decision 023).
 */
export const FOUND_KEPT_MS = 60_000;
export const NOT_FOUND_KEPT_MS = 5_000;
/** Names kept at most: far more than are typed in a minute, a few hundred KB. */
const NAMES_KEPT = 10_000;

const ANSWER_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const ANSWERS = { true: prepareAnswer(ANSWER_HEADERS, 'true'), false: prepareAnswer(ANSWER_HEADERS, 'false') };

/** ischaracterexist: whether a character of that name lives in the game database (any case). */
export const characterRoutes = async (
  app: FastifyInstance,
  options: { connections: Connections; schema: Pick<GameSchema, 'flavor'> },
): Promise<void> => {
  // One query per name at a time, however many ask at once; a failed query is not kept.
  const known = new LRUCache<string, boolean>({
    max: NAMES_KEPT,
    ttl: FOUND_KEPT_MS,
    fetchMethod: async (name, _stale, { options: fetchOptions }) => {
      const exists = await characterExists(options.connections.game.db, options.schema, name);
      if (!exists) fetchOptions.ttl = NOT_FOUND_KEPT_MS;
      return exists;
    },
  });
  sdkRoute(app, 'isCharacterExist', async ({ query }, request, reply) => {
    markPublicRead(request);
    const name = query.name.trim();
    const exists = name !== '' && (await known.fetch(name.toLowerCase()));
    const answer = exists ? ANSWERS.true : ANSWERS.false;
    return reply.headers(answer.headers).send(answer.body);
  });
};
