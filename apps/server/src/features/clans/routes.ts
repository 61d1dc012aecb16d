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
import { chosenRealm, singleRealm } from '../../infra/realm-read';
import { ServiceUnavailableError } from '../../infra/unavailable';
import type { ClanAnswer, ClanDirectory, CrestPicture, RealmClanDirectories } from './clan-directory';

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
 * the clan (or crest) is there, else read once by the route and kept (clan-directory.ts). Each
 * realm has its own clans (`realm=<slug>`, the first without it; decision 049): a realm whose
 * database does not answer is 503, a slug no realm has 404.
 */
export const clanRoutes = async (
  app: FastifyInstance,
  options: { directory: ClanDirectory } | { directories: RealmClanDirectories },
): Promise<void> => {
  const directories: RealmClanDirectories =
    'directories' in options
      ? options.directories
      : {
          choice: singleRealm(),
          of: () => options.directory,
          start: (waitMs) => options.directory.start(waitMs),
          stop: () => options.directory.stop(),
        };
  const { choice } = directories;
  app.addHook('onClose', async () => directories.stop());
  await directories.start(FIRST_READ_WAIT_MS);

  /** The directory of a request's realm; undefined when the front door must leave it to the route. */
  const readyDirectory = (realm: string | undefined): ClanDirectory | undefined => {
    const slug = chosenRealm(choice, realm);
    return slug !== undefined && choice.isUp(slug) ? directories.of(slug) : undefined;
  };
  /** The directory of a route's realm: 404 for a slug no realm has, 503 for a realm that is down. */
  const routeDirectory = (realm: string | undefined): ClanDirectory => {
    const slug = chosenRealm(choice, realm);
    if (slug === undefined) throw Object.assign(new Error(`no realm ${realm}`), { statusCode: 404 });
    const directory = choice.isUp(slug) ? directories.of(slug) : undefined;
    if (!directory) throw new ServiceUnavailableError(`realm ${slug}: its game database does not answer`);
    return directory;
  };

  sdkRoute(app, 'getClan', async ({ query }, request, reply) => {
    markPublicRead(request);
    const directory = routeDirectory(query.realm);
    const clan = directory.ready(query.name) ?? (await directory.find(query.name));
    return sendPrepared(request, reply, clan ? clanAnswer(clan, request.headers['accept-encoding']) : NO_CLAN);
  });
  answerAtFrontDoor(app, api.getClan.path, (request) => {
    const checked = api.getClan.query.safeParse(parseQuery(queryOf(request.url ?? '')));
    if (!checked.success) return undefined;
    const clan = readyDirectory(checked.data.realm)?.ready(checked.data.name);
    if (clan === undefined) return undefined;
    return clan ? clanAnswer(clan, headerOf(request, 'accept-encoding')) : NO_CLAN;
  });

  const crestOf = (url: string) => {
    const checked = clanCrestQuery.safeParse(parseQuery(queryOf(url)));
    return checked.success ? checked.data : undefined;
  };
  // A crest in memory is answered at the front door; any other (not read yet, none: 404) by the route.
  answerAtFrontDoor(app, CLAN_CREST_PATH, (request) => {
    const query = crestOf(request.url ?? '');
    const picture = query && readyDirectory(query.realm)?.readyCrest(query.id);
    return picture ? crestAnswer(picture) : undefined;
  });
  app.get(CLAN_CREST_PATH, async (request, reply) => {
    markPublicRead(request);
    const query = crestOf(request.url);
    const slug = chosenRealm(choice, query?.realm);
    const directory = slug === undefined ? undefined : routeDirectory(slug);
    const picture =
      query === undefined || !directory ? null : (directory.readyCrest(query.id) ?? (await directory.crest(query.id)));
    return picture ? sendPrepared(request, reply, crestAnswer(picture)) : sendPrepared(request, reply, NO_CREST, 404);
  });
};
