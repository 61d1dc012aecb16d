import { api } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Connections } from '../../db/connections';
import { characterExists } from '../../game/characters';
import type { GameRealm } from '../../game/game-realm';
import type { GameSchema } from '../../game/schema-check';
import { answerAtFrontDoor } from '../../infra/front-door';
import { type PreparedAnswer, prepareAnswer, sendPrepared } from '../../infra/prepared-answer';
import { parseQuery, queryOf } from '../../infra/query-string';
import { markPublicRead } from '../../infra/request-log';
import { sdkRoute } from '../../infra/sdk-route';
import { CheckedQueries } from './checked-queries';

/**
 * How long an answer is kept. The vote panel asks as a player types, and many players ask for the
 * same names; a character created in the game is found at most this late, a deleted one is
 * still found this long (decision 023).
 */
export const FOUND_KEPT_MS = 60_000;
export const NOT_FOUND_KEPT_MS = 5_000;
/** Names kept at most: far more than are typed in a minute; a key is at most 64 characters. */
const NAMES_KEPT = 10_000;

const ANSWER_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const ANSWERS = { true: prepareAnswer(ANSWER_HEADERS, 'true'), false: prepareAnswer(ANSWER_HEADERS, 'false') };

/**
 * Names are looked up in any case, without the spaces around them, in a realm: the key is the
 * realm's slug (empty for the first realm), a line break, then the name.
 */
const lookupKey = (name: string, realm?: string): string => `${realm ?? ''}\n${name.trim().toLowerCase()}`;

/**
 * ischaracterexist: whether a character of that name lives in the game database (any case) of
 * the realm the query names (decision 049), the first without one; a slug no realm has is refused.
 */
export const characterRoutes = async (
  app: FastifyInstance,
  options: {
    connections: Connections;
    schema: Pick<GameSchema, 'flavor'>;
    /** The realms in the settings' order, the first being `connections.game`; left out, that one. */
    realms?: readonly Pick<GameRealm, 'slug' | 'first' | 'read'>[];
  },
): Promise<void> => {
  const others = new Map((options.realms ?? []).filter((realm) => !realm.first).map((realm) => [realm.slug, realm]));
  const firstSlug = options.realms?.[0]?.slug;
  /** The key's realm part: none for the first realm, false for a slug no realm has. */
  const realmPart = (realm: string | undefined): string | undefined | false => {
    if (realm === undefined || realm === firstSlug) return undefined;
    return others.has(realm) ? realm : false;
  };
  // One query per name at a time, however many ask at once; a failed query is not kept.
  const known = new LRUCache<string, boolean>({
    max: NAMES_KEPT,
    ttl: FOUND_KEPT_MS,
    fetchMethod: async (key, _stale, { options: fetchOptions }) => {
      const at = key.indexOf('\n');
      const realm = others.get(key.slice(0, at));
      const name = key.slice(at + 1);
      const exists = realm
        ? await realm.read((game, schema) => characterExists(game, schema, name))
        : await characterExists(options.connections.game.db, options.schema, name);
      if (!exists) fetchOptions.ttl = NOT_FOUND_KEPT_MS;
      return exists;
    },
  });
  /** The answer for a valid name's key when it is known (or empty), without asking the database. */
  const knownAnswer = (key: string): PreparedAnswer | undefined => {
    if (key.endsWith('\n')) return ANSWERS.false;
    const exists = known.get(key);
    return exists === undefined ? undefined : ANSWERS[`${exists}`];
  };

  sdkRoute(app, 'isCharacterExist', async ({ query }, request, reply) => {
    markPublicRead(request);
    const realm = realmPart(query.realm);
    if (realm === false) return reply.code(400).send(['formInvalid']);
    const key = lookupKey(query.name, realm);
    const answer = knownAnswer(key) ?? ((await known.fetch(key)) ? ANSWERS.true : ANSWERS.false);
    return sendPrepared(request, reply, answer);
  });
  // A name asked in the last minute is answered at the front door; its query is read and checked
  // as the route reads it (the same parser, the contract's schema), once per query string, since
  // the vote panel asks the same few names over and over. Anything else goes to the route.
  const { path, query: querySchema } = api.isCharacterExist;
  const checkedQueries = new CheckedQueries((query) => {
    const checked = querySchema.safeParse(parseQuery(query));
    if (!checked.success) return false;
    const realm = realmPart(checked.data.realm);
    return realm === false ? false : lookupKey(checked.data.name, realm);
  });
  answerAtFrontDoor(app, path, (request) => {
    const url = request.url ?? '';
    if (url.includes('#')) return undefined;
    const key = checkedQueries.keyOf(queryOf(url));
    return key === false ? undefined : knownAnswer(key);
  });
};
