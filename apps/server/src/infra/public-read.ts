import { type Api, api } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ReadyAnswer, answerAtFrontDoor } from './front-door';
import { type PreparedAnswer, sendPrepared } from './prepared-answer';
import { markPublicRead } from './request-log';
import { sdkRoute } from './sdk-route';

/** The answer of a public GET that is not in memory yet: computed (and kept) by its Fastify route. */
export type AnswerWhenNotReady = (request: FastifyRequest, reply: FastifyReply) => Promise<PreparedAnswer>;

/**
 * The handler of a public GET's Fastify route: the answer the front door would have sent, or the one
 * computed when it is not in memory yet. The route still answers what the front door does not
 * take: a HEAD, a request during shutdown, a first request.
 */
const answerHandler =
  (ready: ReadyAnswer, whenNotReady?: AnswerWhenNotReady) => async (request: FastifyRequest, reply: FastifyReply) => {
    markPublicRead(request);
    const answer = ready(request.raw) ?? (await whenNotReady?.(request, reply));
    if (!answer) throw new Error(`${request.url} has no answer ready and none to compute`);
    return sendPrepared(request, reply, answer);
  };

/** A public GET outside /sdk (a page, a file): its Fastify route and its place at the front door. */
export const publicGet = (
  app: FastifyInstance,
  path: string,
  ready: ReadyAnswer,
  whenNotReady?: AnswerWhenNotReady,
): void => {
  app.get(path, answerHandler(ready, whenNotReady));
  answerAtFrontDoor(app, path, ready);
};

type ReadCall = { [N in keyof Api]: Api[N] extends { method: 'GET'; query?: undefined } ? N : never }[keyof Api];

/**
 * A public /sdk read without a query (metadata, server status, streams, videos, the visitor's
 * address, the rankings): its answer, prepared in advance and chosen by the request's
 * Accept-Encoding, on its Fastify route and at the front door (decision 023).
 */
export const readRoute = (
  app: FastifyInstance,
  name: ReadCall,
  ready: ReadyAnswer,
  whenNotReady?: AnswerWhenNotReady,
): void => {
  const handler = answerHandler(ready, whenNotReady);
  sdkRoute(app, name, (_input, request, reply) => handler(request, reply));
  answerAtFrontDoor(app, api[name].path, ready);
};
