import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';
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

/** The visitor's IPv4 address, '' for an IPv6 visitor: an IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4 it wraps. */
export const visitorIpv4 = (ip: string): string => {
  const unwrapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return isIPv4(unwrapped) ? unwrapped : '';
};
