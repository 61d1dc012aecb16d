import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config';
import { headerOf } from './raw-header';

export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function: Fastify is given it (request.ip) and the front door uses it, so a
 * visitor's address is found by one rule whichever answers.
 */
export const trustProxyFunction = (trust: Config['trustProxy']): TrustProxy | false => {
  if (trust === false) return false;
  if (trust === true) return () => true;
  if (typeof trust === 'function') return trust;
  return proxyAddr.compile(trust);
};

/**
 * The visitor's address: the socket's, or behind a trusted proxy the last address of
 * X-Forwarded-For it did not vouch for (without that header, proxy-addr finds the socket's too).
 */
export const clientAddressOf =
  (trust: TrustProxy | false) =>
  (request: IncomingMessage): string | undefined =>
    trust && headerOf(request, 'x-forwarded-for') !== undefined
      ? proxyAddr(request, trust)
      : request.socket.remoteAddress;
