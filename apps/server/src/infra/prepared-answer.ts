import type { Api } from '@gatekeeper/contract';
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

type ReadCall = { [N in keyof Api]: Api[N] extends { method: 'GET'; query?: undefined } ? N : never }[keyof Api];

/**
 * A hot read call (metadata, server status, the rankings) on an ordinary Fastify route that
 * answers from memory with bytes prepared in advance: no serialization, no hook, one object of
 * headers set at once (decision 023).
 */
export const readRoute = (app: FastifyInstance, name: ReadCall, answerFor: AnswerFor): void => {
  sdkRoute(app, name, (_input, request, reply) => {
    const answer = answerFor(request.headers['accept-encoding']);
    return reply.headers(answer.headers).send(answer.body);
  });
};
