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

/**
 * The access log: one line per answer, written when it has been sent, with the method, the URL
 * (redacted as above), the status and the time it took (decision 023). Fastify's "incoming
 * request" line is not written; its other lines (errors, 404s, closing) are kept.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'answered with an error');
    else reply.log.info(line, 'answered');
  }
}
