import { api } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { answerAtFrontDoor } from '../../infra/front-door';
import { type PreparedAnswer, prepareAnswer, preparedLatest, sendPrepared } from '../../infra/prepared-answer';
import { readRoute } from '../../infra/public-read';
import { parseQuery, queryOf } from '../../infra/query-string';
import type { RefreshingValue } from '../../infra/refreshing-value';
import { markPublicRead } from '../../infra/request-log';
import { sdkRoute } from '../../infra/sdk-route';
import { JSON_NO_CACHE_HEADERS } from '../../infra/security-headers';
import { ServiceUnavailableError } from '../../infra/unavailable';
import type { StatusRound } from './server-status';

export interface StatusRoutesOptions {
  status: RefreshingValue<StatusRound>;
  /** Whether a realm's database answers now, by slug; undefined for a slug no realm has. */
  realmAvailable: (slug: string) => boolean | undefined;
}

const NO_REALM = prepareAnswer(JSON_NO_CACHE_HEADERS, 'null');

/**
 * getserverstatus: the lights of the probes app.ts runs (the Online feature records them too);
 * getrealmstatus: one realm's, 503 while its database does not answer (decision 049).
 */
export const statusRoutes = async (app: FastifyInstance, options: StatusRoutesOptions): Promise<void> => {
  const { status, realmAvailable } = options;
  app.addHook('onClose', async () => status.stop());
  // Probe once at start-up so the first visitor does not wait for the timeout.
  await status.get();
  // The latest probe's lights; the answer is prepared again only when they change.
  readRoute(
    app,
    'getServerStatus',
    preparedLatest(() => status.latest().answer, JSON_NO_CACHE_HEADERS),
  );

  const realmAnswers = new Map<string, () => PreparedAnswer>();
  /** A realm's answer; undefined while its database does not answer. */
  const realmAnswer = (slug: string): PreparedAnswer | undefined => {
    const available = realmAvailable(slug);
    if (available === undefined) return NO_REALM;
    if (!available) return undefined;
    let answer = realmAnswers.get(slug);
    if (!answer) {
      answer = preparedLatest(() => status.latest().realms.get(slug) ?? 'null', JSON_NO_CACHE_HEADERS);
      realmAnswers.set(slug, answer);
    }
    return answer();
  };
  sdkRoute(app, 'getRealmStatus', async ({ query }, request, reply) => {
    markPublicRead(request);
    const answer = realmAnswer(query.realm);
    if (!answer) throw new ServiceUnavailableError(`realm ${query.realm}: its game database does not answer`);
    return sendPrepared(request, reply, answer);
  });
  // A down realm, or a query the route must refuse, goes on to the route.
  answerAtFrontDoor(app, api.getRealmStatus.path, (request) => {
    const checked = api.getRealmStatus.query.safeParse(parseQuery(queryOf(request.url ?? '')));
    return checked.success ? realmAnswer(checked.data.realm) : undefined;
  });
};
