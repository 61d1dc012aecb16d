import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type PreparedAnswer, prepareAnswer } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { LRUCache } from 'lru-cache';

const ANSWER_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
/** Answers kept, one per address: a page view asks once, a player's next page asks again. */
const ADDRESSES_KEPT = 1_000;

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4 visitor it wraps. */
export const visitorIpv4 = (ip: string): string => {
  const unwrapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return isIPv4(unwrapped) ? unwrapped : '';
};

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
