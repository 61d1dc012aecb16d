import { type IncomingMessage, type RequestListener, type ServerResponse, createServer } from 'node:http';
import { type Api, api } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { sdkRoute } from './sdk-route';
import { API_HEADERS } from './security-headers';

/** An answer ready to write: every header (the API's own included) and the exact bytes. */
export interface PreparedAnswer {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
}

export const prepareAnswer = (headers: Readonly<Record<string, string>>, body: string | Buffer): PreparedAnswer =>
  Object.freeze({
    headers: Object.freeze({ ...API_HEADERS, ...headers, 'content-length': String(Buffer.byteLength(body)) }),
    body,
  });

/** Picks the answer of one GET; it sees only what such an answer depends on. */
export type AnswerFor = (acceptEncoding: string | undefined) => PreparedAnswer;

/**
 * The hot read calls (metadata, server status, the rankings) answer from memory with bytes
 * prepared in advance. Running each of those requests through Fastify's routing, request and
 * reply objects and per-request logger cost a third of the requests per second a bare node:http
 * server reaches (`npm run bench`, DESIGN.md section 9), so a plain GET of such a path is
 * answered here, before Fastify. The same call stays registered in Fastify (sdkRoute) and sends
 * the same PreparedAnswer, for every other request to it (HEAD, a query string) and for inject.
 * Nothing is skipped that these calls use: they have no hooks, no body, no rate limit.
 */
export class ReadFastPath {
  private readonly answers = new Map<string, AnswerFor>();

  add(path: string, answerFor: AnswerFor): void {
    this.answers.set(path, answerFor);
  }

  /** Writes the answer of a GET of a registered path; false leaves the request to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const answerFor = this.answers.get(request.url ?? '');
    if (!answerFor) return false;
    const answer = answerFor(request.headers['accept-encoding']);
    response.writeHead(200, answer.headers);
    response.end(answer.body);
    return true;
  }

  /** Fastify's serverFactory: this path first, Fastify for everything else. */
  serverFactory = (fastify: RequestListener) =>
    createServer((request, response) => {
      if (!this.handle(request, response)) fastify(request, response);
    });
}

type ReadCall = { [N in keyof Api]: Api[N] extends { method: 'GET'; query?: undefined } ? N : never }[keyof Api];

/** Registers a read call on both paths, answering the same PreparedAnswer on each. */
export const readRoute = (app: FastifyInstance, fastPath: ReadFastPath, name: ReadCall, answerFor: AnswerFor): void => {
  fastPath.add(api[name].path, answerFor);
  sdkRoute(app, name, (_input, request, reply) => {
    const answer = answerFor(request.headers['accept-encoding']);
    return reply.headers(answer.headers).send(answer.body);
  });
};
