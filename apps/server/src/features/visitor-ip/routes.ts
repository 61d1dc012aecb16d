import { isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { markPublicRead } from '../../infra/request-log';
import { sdkRoute } from '../../infra/sdk-route';

const ANSWER_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4 visitor it wraps. */
export const visitorIpv4 = (ip: string): string => {
  const unwrapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return isIPv4(unwrapped) ? unwrapped : '';
};

/** getipaddress: the visitor's IPv4 as text; X-Forwarded-For counts only with TRUST_PROXY set. */
export const visitorIpRoutes = async (app: FastifyInstance): Promise<void> => {
  sdkRoute(app, 'getIpAddress', (_input, request, reply) => {
    markPublicRead(request);
    return reply.headers(ANSWER_HEADERS).send(visitorIpv4(request.ip));
  });
};
