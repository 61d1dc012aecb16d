import { CLAN_CREST_PATH, api, clanCrestQuery } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { preparedEncodings } from '../../infra/encoded-answer';
import { answerAtFrontDoor } from '../../infra/front-door';
import { type PreparedAnswer, chooseEncoding, prepareAnswer, sendPrepared } from '../../infra/prepared-answer';
import { parseQuery, queryOf } from '../../infra/query-string';
import { headerOf } from '../../infra/raw-header';
import { markPublicRead } from '../../infra/request-log';
import { sdkRoute } from '../../infra/sdk-route';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import type { ClanAnswer, ClanDirectory, CrestPicture } from './clan-directory';

/** How long start-up waits for the first list of clans before serving. */
export const FIRST_READ_WAIT_MS = 3_000;

const NO_CLAN = prepareAnswer(JSON_NO_CACHE_HEADERS, 'null');
const NO_CREST = prepareAnswer({ ...JSON_NO_CACHE_HEADERS, 'cache-control': 'no-store' }, '{"error":"notFound"}');

/** A crest's PNG: its id's picture never changes, so browsers and caches keep it a year. */
const crestAnswer = (() => {
  const answers = new WeakMap<CrestPicture, PreparedAnswer>();
  return (picture: CrestPicture): PreparedAnswer => {
    let answer = answers.get(picture);
    if (!answer) {
      answer = prepareAnswer(
        { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable', etag: picture.etag },
        picture.png,
      );
      answers.set(picture, answer);
    }
    return answer;
  };
})();

const clanAnswer = (clan: ClanAnswer, acceptEncoding: string | undefined) =>
  chooseEncoding(preparedEncodings(clan.encoded), acceptEncoding);

/**
 * getclan and the crests (docs/product.md#clan-page): answered from memory at the front door when
 * the clan (or crest) is there, else read once by the route and kept (clan-directory.ts).
 */
export const clanRoutes = async (app: FastifyInstance, options: { directory: ClanDirectory }): Promise<void> => {
  const { directory } = options;
  app.addHook('onClose', async () => directory.stop());
  await directory.start(FIRST_READ_WAIT_MS);

  const nameOf = (url: string): string | undefined => {
    const checked = api.getClan.query.safeParse(parseQuery(queryOf(url)));
    return checked.success ? checked.data.name : undefined;
  };
  sdkRoute(app, 'getClan', async ({ query }, request, reply) => {
    markPublicRead(request);
    const clan = directory.ready(query.name) ?? (await directory.find(query.name));
    return sendPrepared(request, reply, clan ? clanAnswer(clan, request.headers['accept-encoding']) : NO_CLAN);
  });
  answerAtFrontDoor(app, api.getClan.path, (request) => {
    const name = nameOf(request.url ?? '');
    if (name === undefined) return undefined;
    const clan = directory.ready(name);
    if (clan === undefined) return undefined;
    return clan ? clanAnswer(clan, headerOf(request, 'accept-encoding')) : NO_CLAN;
  });

  const crestIdOf = (url: string): number | undefined => {
    const checked = clanCrestQuery.safeParse(parseQuery(queryOf(url)));
    return checked.success ? checked.data.id : undefined;
  };
  // A crest in memory is answered at the front door; any other (not read yet, none: 404) by the route.
  answerAtFrontDoor(app, CLAN_CREST_PATH, (request) => {
    const id = crestIdOf(request.url ?? '');
    const picture = id === undefined ? undefined : directory.readyCrest(id);
    return picture ? crestAnswer(picture) : undefined;
  });
  app.get(CLAN_CREST_PATH, async (request, reply) => {
    markPublicRead(request);
    const id = crestIdOf(request.url);
    const picture = id === undefined ? null : (directory.readyCrest(id) ?? (await directory.crest(id)));
    return picture ? sendPrepared(request, reply, crestAnswer(picture)) : sendPrepared(request, reply, NO_CREST, 404);
  });
};
