import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { visitorIpv4 } from '../../infra/client-address';
import { type PreparedAnswer, prepareAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { LRUCache } from 'lru-cache';

const ANSWER_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
/** Answers kept, one per address: a page view asks once, a player's next page asks again. */
const ADDRESSES_KEPT = 1_000;

/** getipaddress: the visitor's IPv4 as text; X-Forwarded-For counts only with TRUST_PROXY set. */
export const visitorIpRoutes = async (
  app: FastifyInstance,
  options: { clientAddress: (request: IncomingMessage) => string | undefined },
): Promise<void> => {
  const answers = new LRUCache<string, PreparedAnswer>({ max: ADDRESSES_KEPT });
  const answerFor = (address: string): PreparedAnswer => {
    let answer = answers.get(address);
    if (!answer) {
      answer = prepareAnswer(ANSWER_HEADERS, visitorIpv4(address));
      answers.set(address, answer);
    }
    return answer;
  };
  readRoute(app, 'getIpAddress', (request) => answerFor(options.clientAddress(request) ?? ''));
};
