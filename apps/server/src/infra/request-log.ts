import type { IncomingMessage, ServerResponse } from 'node:http';
import { CALLS, withoutTrailingSlashes } from '@gatekeeper/contract';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Calls whose query string carries a secret: a recovery key, or an e-mail with its account. */
const SECRET_QUERY_PATHS = new Set<string>([CALLS.getNewPassword.path, CALLS.getReferralLink.path]);
/**
 * Paths under which every query carries a secret: the vote sites' callbacks (VOTE_CALLBACK_PATH
 * of features/votes/routes.ts) bring GTop100's pingback key and the voter's address.
 */
const SECRET_QUERY_PREFIXES = ['/sdk/votecallback/'];

const normalizedPath = (path: string): string => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape: compare as written.
  }
  return withoutTrailingSlashes(decoded.toLowerCase());
};

/** The URL as the access log writes it: the query of a call that carries secrets is left out. */
export const redactedUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  const normalized = normalizedPath(path);
  const secret =
    SECRET_QUERY_PATHS.has(normalized) || SECRET_QUERY_PREFIXES.some((prefix) => normalized.startsWith(prefix));
  return secret ? `${path}?[redacted]` : url;
};

/** What the access log writes of a request: a Fastify request, or what the front door knows of one. */
type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host' | 'ip'> & {
  socket?: { remotePort?: number | undefined } | undefined;
};

/** Fastify's own request serializer, with the URL redacted. */
export const requestLogSerializer = (request: LoggedRequest) => ({
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

  /**
   * What writes the lines of the answers the front door sent (public reads, decision 023), by the
   * same rules and in the same shape as Fastify's. With `changes` an answer is judged as it is
   * handed to the socket: from memory it is a 200 or a 304, so only its time can call for a line,
   * and waiting for 'close' would cost a listener per answer. With `all`, an answer still being
   * sent is written when it is done, with its whole time.
   */
  frontDoorLog(log: FastifyBaseLogger, clientAddress: (request: IncomingMessage) => string | undefined): FrontDoorLog {
    const line = (request: IncomingMessage, response: ServerResponse, startedAt: number): void => {
      const responseTime = performance.now() - startedAt;
      if (this.mode === 'changes' && response.statusCode < 400 && responseTime < this.slowMs) return;
      const req: LoggedRequest = {
        method: request.method ?? 'GET',
        url: request.url ?? '',
        headers: request.headers,
        host: request.headers.host ?? '',
        ip: clientAddress(request) ?? '',
        socket: request.socket,
      };
      log.info({ reqId: nextRequestId(), req, res: { statusCode: response.statusCode }, responseTime }, 'answered');
    };
    return (request, response, startedAt) => {
      if (this.mode === 'off') return;
      if (this.mode === 'changes' || response.writableFinished) line(request, response, startedAt);
      else response.once('close', () => line(request, response, startedAt));
    };
  }
}

/** Logs one answer of the front door, started at `startedAt` (performance.now()). */
export type FrontDoorLog = (request: IncomingMessage, response: ServerResponse, startedAt: number) => void;

let requestCount = 0;
/**
 * Request ids for the log lines, Fastify's (genReqId) and the front door's alike: req-1, req-2… in
 * base 36, starting again below V8's largest small integer as Fastify's own do.
 */
export const nextRequestId = (): string => {
  requestCount = requestCount >= 2_147_483_646 ? 1 : requestCount + 1;
  return `req-${requestCount.toString(36)}`;
};

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes pino's child logger (with the request id) only when a line is
 * written. Fastify makes one per request, and pino's child() cost a quarter of the requests per
 * second of a small answer (decision 023), while most requests write nothing. Its methods live on
 * the prototype: a request that writes nothing allocates this one small object.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  private made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings);
    return this.#made;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.#made && !this.parent.isLevelEnabled(level)) return;
    const made = this.made();
    Reflect.apply(made[level], made, args);
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a lazy child, or pino's own when the route sets a log level. */
export const lazyChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  options.level || options.serializers
    ? logger.child(bindings, options)
    : new LazyChildLogger(logger as ParentLogger, bindings);
