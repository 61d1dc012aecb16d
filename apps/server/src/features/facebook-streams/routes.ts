import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SharedRefresh } from '../../infra/shared-refresh';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { charactersInGame } from '../../game/characters';
import { type GameRealm, onlyRealm } from '../../game/game-realm';
import { ServiceUnavailableError } from '../../infra/unavailable';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import { API_HEADERS } from '../../infra/security-headers';
import { type Collector, createCollector } from './collector';
import { type GraphApiOptions, checkToken, exchangeForLongLivedToken, fetchCurrentLiveVideo } from './graph-api-client';
import { RegistrationRefused, registerFacebookToken } from './registration';
import type { FacebookSettings } from './settings-schema';
import { isFreshSignedRequest, signedRequestHash, verifySignedRequest } from './signed-request';
import {
  deleteFacebookUser,
  findDeletionRequest,
  forgetDeletionRequest,
  recordDeletionRequest,
} from './streamers-repository';
import { parseTokenKey, tokenCipher } from './token-cipher';

export const DELETION_CALLBACK_PATH = '/facebook/data-deletion';
export const DELETION_STATUS_PATH = '/facebook/data-deletion-status';

/** Token registrations one address may ask for per minute: each one costs two Graph API calls. */
const REGISTRATIONS_PER_MINUTE = 10;

export interface FacebookStreamRoutesOptions {
  connections: Connections;
  schema: GameSchema;
  settings: FacebookSettings;
  appSecret: string | undefined;
  tokenKey: string | undefined;
  publicUrl: string;
  now: () => number;
  redis?: Redis;
  /** Runs the collector's timed rounds on one instance at a time. */
  shared?: SharedRefresh;
  /** Tests run the collector's rounds themselves: the collector is handed over and not started. */
  takeCollector?: (collector: Collector) => void;
  /** Every realm, the first first (decision 049); left out: the one game database. */
  realms?: readonly GameRealm[];
}

/**
 * Stream registration (route fb): addfacebooktoken, the collector of live videos, and Facebook's
 * data deletion callback with its status URL. Without an app id, app secret and token key the
 * site runs and answers facebookUnavailable.
 */
export const facebookStreamRoutes = async (app: FastifyInstance, options: FacebookStreamRoutesOptions) => {
  const { settings, now } = options;
  const site = options.connections.site.db;
  const key = options.tokenKey ? parseTokenKey(options.tokenKey) : undefined;
  const appSecret = options.appSecret ?? '';
  const enabled = settings.appId !== '' && appSecret !== '' && key !== undefined;
  if (settings.appId && !enabled) {
    app.log.warn('Facebook stream registration is off: set FACEBOOK_APP_SECRET and FACEBOOK_TOKEN_KEY');
  }
  const graph: GraphApiOptions = {
    baseUrl: settings.graphApiBaseUrl,
    version: settings.graphApiVersion,
    appId: settings.appId,
    appSecret,
  };
  const cipher = key ? tokenCipher(key) : undefined;
  const realms = options.realms ?? [onlyRealm(options.connections.game.db, options.schema)];
  /** The realm of a stored row: its slug, null for the first. */
  const realmOfRow = (slug: string | null) =>
    slug === null ? realms[0] : realms.find((realm) => !realm.first && realm.slug === slug);

  await registerRateLimit(app, options.redis);

  sdkRoute(
    app,
    'addFacebookToken',
    async ({ body }, _request, reply) => {
      if (!enabled || !cipher) return reply.code(503).send(['facebookUnavailable']);
      // The realm whose Rewards Manager binds the code (decision 049): a slug no realm has is
      // refused, and a realm whose database does not answer is 503, before Facebook is asked.
      const realm = body.realm === undefined ? realms[0] : realms.find((candidate) => candidate.slug === body.realm);
      if (!realm) return reply.code(400).send(['formInvalid']);
      if (!realm.first && !realm.isUp()) {
        throw new ServiceUnavailableError(`realm ${realm.slug}: its game database does not answer`);
      }
      try {
        const code = await registerFacebookToken(
          {
            site,
            appId: settings.appId,
            checkToken: (token) => checkToken(graph, token),
            exchangeToken: (token) => exchangeForLongLivedToken(graph, token),
            cipher,
            codeMinutes: settings.codeMinutes,
            now,
            onExchangeError: (error) =>
              app.log.warn({ err: error }, 'Facebook: no long-lived token, keeping the short one'),
          },
          body.accessToken,
          realm.first ? null : realm.slug,
        );
        return reply.send({ code });
      } catch (error) {
        if (error instanceof RegistrationRefused) return reply.code(error.status).send([error.code]);
        app.log.error({ err: error }, 'Facebook: the token could not be checked');
        return reply.code(503).send(['facebookUnavailable']);
      }
    },
    limitPerMinute(REGISTRATIONS_PER_MINUTE),
  );

  // Facebook posts the deletion request as a form: parse it in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(DELETION_CALLBACK_PATH, async (request, reply) => {
    reply.headers(API_HEADERS);
    if (!appSecret) return reply.code(503).send({ error: 'notConfigured' });
    const signedRequest = (request.body as Record<string, unknown> | undefined)?.signed_request;
    const verified = typeof signedRequest === 'string' ? verifySignedRequest(signedRequest, appSecret) : undefined;
    if (!verified) return reply.code(400).send({ error: 'invalidSignedRequest' });
    if (!isFreshSignedRequest(verified.issuedAt, now())) return reply.code(400).send({ error: 'expiredSignedRequest' });
    const confirmationCode = randomBytes(12).toString('hex');
    const deletion = { confirmationCode, requestHash: signedRequestHash(signedRequest as string), now: now() };
    if (!(await recordDeletionRequest(site, deletion))) return reply.code(409).send({ error: 'replayedSignedRequest' });
    try {
      await deleteFacebookUser(site, verified.userId);
    } catch (error) {
      // Not deleted: Facebook may send the same request again.
      await forgetDeletionRequest(site, confirmationCode).catch(() => undefined);
      throw error;
    }
    const url = new URL(DELETION_STATUS_PATH, options.publicUrl);
    url.searchParams.set('code', confirmationCode);
    return reply.send({ url: url.toString(), confirmation_code: confirmationCode });
  });

  app.get(DELETION_STATUS_PATH, async (request, reply) => {
    reply.headers(API_HEADERS).header('cache-control', 'no-store');
    const code = (request.query as Record<string, unknown>).code;
    const found =
      typeof code === 'string' && /^[0-9a-f]{24}$/.test(code) ? await findDeletionRequest(site, code) : undefined;
    if (!found) return reply.code(404).send({ confirmation_code: code ?? '', status: 'unknown' });
    // Deletion happens within the callback itself, so every known request is complete.
    return reply.send({
      confirmation_code: found.confirmation_code,
      status: 'deleted',
      requested_at: new Date(Number(found.requested_at)).toISOString(),
    });
  });

  if (enabled && cipher) {
    const collector = createCollector({
      site,
      charactersInGame: async (slug, charIds) => {
        const realm = realmOfRow(slug);
        // A realm no longer declared has no game to be in: its streams are removed.
        if (!realm) return new Set();
        return realm.read((game, schema) => charactersInGame(game, schema, charIds));
      },
      fetchLiveVideo: (userId, token) => fetchCurrentLiveVideo(graph, userId, token),
      decryptToken: (stored, userId) => cipher.decrypt(stored, userId),
      pollMs: settings.pollSeconds * 1000,
      now,
      takeTurn: options.shared?.takeTurn,
      onError: (error, context) => app.log.warn({ err: error }, `Facebook collector: ${context} failed`),
    });
    app.addHook('onClose', () => collector.stop());
    if (options.takeCollector) options.takeCollector(collector);
    else collector.start();
  }
};
