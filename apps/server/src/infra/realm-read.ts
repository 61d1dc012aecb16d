import { type Api, api } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerAtFrontDoor } from './front-door';
import { type PreparedAnswer, sendPrepared } from './prepared-answer';
import { parseQuery } from './query-string';
import { markPublicRead } from './request-log';
import { sdkRoute } from './sdk-route';
import { ServiceUnavailableError } from './unavailable';

/**
 * The realms a realm-scoped read chooses from (decision 049): their slugs in the settings' order
 * (the first answers a read without `realm`) and whether each one's database answers now.
 */
export interface RealmChoice {
  readonly slugs: readonly string[];
  isUp(slug: string): boolean;
}

/** One realm, the site of one game database (tests, and a feature alone). */
export const singleRealm = (slug = 'main'): RealmChoice => ({ slugs: [slug], isUp: () => true });

/** A realm slug no realm has: 404, as an address of nothing. */
class UnknownRealmError extends Error {
  readonly statusCode = 404;
  constructor(slug: string) {
    super(`no realm ${slug}`);
  }
}

/**
 * The realm a query names, the first without one; undefined for a slug no realm has. The
 * query's own shape was checked by the contract's schema (or is checked here at the front door).
 */
export const chosenRealm = (choice: RealmChoice, realm: string | undefined): string | undefined => {
  if (realm === undefined) return choice.slugs[0];
  return choice.slugs.includes(realm) ? realm : undefined;
};

/** The `realm` of a raw request's URL at the front door; null when the query is not one the route accepts. */
const realmOfUrl = (url: string): string | undefined | null => {
  const at = url.indexOf('?');
  if (at === -1) return undefined;
  const query = parseQuery(url.slice(at + 1));
  const realm = query.realm;
  if (realm === undefined) return undefined;
  return typeof realm === 'string' ? realm : null;
};

type RealmReadCall = {
  [N in keyof Api]: Api[N] extends { method: 'GET'; query: typeof api.getBosses.query } ? N : never;
}[keyof Api];

/** The realm's answer held in memory, or undefined when it is not read yet (the route computes it). */
export type RealmReadyAnswer = (realm: string, request: FastifyRequest['raw']) => PreparedAnswer | undefined;

/**
 * A realm-scoped public /sdk read (`?realm=<slug>`, the first realm without it): on its Fastify
 * route and at the front door, like readRoute. A realm whose database does not answer is answered
 * 503 with Retry-After by the route, without touching its database; a slug no realm has is 404.
 * The front door answers only a realm that is up and read, and leaves everything else to the route.
 */
export const realmReadRoute = (
  app: FastifyInstance,
  name: RealmReadCall,
  choice: RealmChoice,
  ready: RealmReadyAnswer,
  whenNotReady?: (realm: string, request: FastifyRequest, reply: FastifyReply) => Promise<PreparedAnswer>,
): void => {
  sdkRoute(app, name, async ({ query }, request, reply) => {
    markPublicRead(request);
    const realm = chosenRealm(choice, query.realm);
    if (realm === undefined) throw new UnknownRealmError(String(query.realm));
    if (!choice.isUp(realm)) throw new ServiceUnavailableError(`realm ${realm}: its game database does not answer`);
    const answer = ready(realm, request.raw) ?? (await whenNotReady?.(realm, request, reply));
    if (!answer) throw new Error(`${request.url} has no answer ready and none to compute`);
    return sendPrepared(request, reply, answer);
  });
  const { query } = api[name];
  answerAtFrontDoor(app, api[name].path, (request) => {
    const url = request.url ?? '';
    const named = realmOfUrl(url);
    if (named === null) return undefined;
    // A query with more than the realm, or a malformed slug: the route validates it.
    if (named !== undefined && !query.safeParse(parseQuery(url.slice(url.indexOf('?') + 1))).success) return undefined;
    const realm = chosenRealm(choice, named);
    if (realm === undefined || !choice.isUp(realm)) return undefined;
    return ready(realm, request);
  });
};
