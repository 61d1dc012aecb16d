import type { FastifyInstance } from 'fastify';
import { type PreparedAnswer, prepareAnswer, readRoute } from '../../infra/prepared-answer';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import { type Address, serverStatusSource } from './server-status';

export const statusRoutes = async (app: FastifyInstance, options: { login: Address; game: Address }): Promise<void> => {
  const status = serverStatusSource(options);
  app.addHook('onClose', async () => status.stop());
  // Probe once at start-up so the first visitor does not wait for the timeout.
  let json = await status.get();
  let answer: PreparedAnswer = prepareAnswer(JSON_NO_CACHE_HEADERS, json);
  // The latest probe's lights; the answer is prepared again only when they change.
  readRoute(app, 'getServerStatus', () => {
    const latest = status.latest();
    if (latest !== json) {
      json = latest;
      answer = prepareAnswer(JSON_NO_CACHE_HEADERS, json);
    }
    return answer;
  });
};
