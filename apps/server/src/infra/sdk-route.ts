import { type Api, api } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { csrfGuard } from './csrf';
import { API_HEADERS } from './security-headers';

/** The route config flag sdkRoute sets: test/sdk-routes.test.ts checks every /sdk route carries it. */
export const SDK_ROUTE_MARK = 'sdkRoute';

/**
 * The route config flag of an /sdk address that another server calls (a vote site's callback):
 * no page sends it, so it has no anti-forgery token; it proves itself with the caller's shared
 * secret or address instead. test/sdk-routes.test.ts lists the routes allowed to carry it.
 */
export const SERVER_CALLBACK_MARK = 'serverCallback';

declare module 'fastify' {
  interface FastifyContextConfig {
    [SDK_ROUTE_MARK]?: true;
    [SERVER_CALLBACK_MARK]?: true;
  }
}

type Parsed<N extends keyof Api> = {
  body: Api[N] extends { body: z.ZodType } ? z.output<Api[N]['body']> : undefined;
  query: Api[N] extends { query: z.ZodType } ? z.output<Api[N]['query']> : undefined;
};

/**
 * Registers a call of the contract's table: its method and path, its body or query schema as the
 * validator (a bad request answers the error codes, see errors.ts), the anti-forgery check on
 * every call that is not a GET, and the API security headers. Handlers get the parsed input.
 * Every /sdk route is registered through here: the route carries SDK_ROUTE_MARK in its config,
 * and test/sdk-routes.test.ts walks the app's routes to hold us to it.
 */
export const sdkRoute = <N extends keyof Api>(
  app: FastifyInstance,
  name: N,
  handler: (input: Parsed<N>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
  options: Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> = {},
): void => {
  const call = api[name] as { method: 'GET' | 'POST'; path: string; body?: z.ZodType; query?: z.ZodType };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    ...options,
    config: { ...options.config, [SDK_ROUTE_MARK]: true },
    ...(call.method === 'GET' ? {} : { onRequest: csrfGuard }),
    schema: {
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
    },
    handler: (request, reply) => {
      reply.headers(API_HEADERS);
      return handler({ body: request.body, query: request.query } as Parsed<N>, request, reply);
    },
  });
};
