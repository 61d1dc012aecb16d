import { CALLS } from '@gatekeeper/contract';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Calls whose query string carries a secret: a recovery key, or an e-mail with its account. */
const SECRET_QUERY_PATHS = new Set<string>([CALLS.getNewPassword.path, CALLS.getReferralLink.path]);

const normalizedPath = (path: string): string => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape: compare as written.
  }
  return decoded.toLowerCase().replace(/\/+$/, '');
};

/** The URL as the access log writes it: the query of a call that carries secrets is left out. */
export const redactedUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  return SECRET_QUERY_PATHS.has(normalizedPath(path)) ? `${path}?[redacted]` : url;
};

/** Fastify's own request serializer, with the URL redacted. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactedUrl(request.url),
  version: [request.headers['accept-version']].flat()[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a public read's handler: the access log may leave its answer out (ACCESS_LOG=changes). */
    publicRead: boolean;
  }
}

/** Marks a request as a public read: what the site's pages read, changing nothing (see AccessLog). */
export const markPublicRead = (request: FastifyRequest): void => {
  request.publicRead = true;
};

export type AccessLogMode = 'all' | 'changes' | 'off';

/**
 * The access log: one line per answer, written when it has been sent, with the method, the URL
 * (redacted as above), the status and the time it took (decision 023). With `changes`, the public
 * reads that answered below 400 within `slowMs` are left out: they are most of the traffic, they
 * change nothing, and the proxy in front keeps its own log of them; every call that can change
 * something (registrations, passwords, votes, payments, recovery links), every refusal or error
 * and every slow answer is written. Fastify's "incoming request" line is not written; its other
 * lines (errors, 404s, closing) are kept.
 */
export class AccessLog extends LogController {
  constructor(
    private readonly mode: AccessLogMode = 'all',
    private readonly slowMs = Number.POSITIVE_INFINITY,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime, err: error },
        'answered with an error',
      );
      return;
    }
    if (this.mode === 'off') return;
    const responseTime = reply.elapsedTime;
    if (this.mode === 'changes' && request.publicRead && reply.statusCode < 400 && responseTime < this.slowMs) return;
    reply.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime }, 'answered');
  }
}
