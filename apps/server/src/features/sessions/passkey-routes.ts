import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { sdkRoute } from '../../infra/sdk-route';
import type { AccountSessions } from './account-sessions';
import { seenOf } from './device';
import type { SignedInRoute } from './routes';

interface PasskeyRoutesOptions {
  sessions: AccountSessions;
  signedInRoute: SignedInRoute;
  limited: Pick<RouteShorthandOptions, 'config'>;
}

/**
 * Passkeys (docs/owner/accounts.md#passkeys): the signed-in account adds, lists and removes its
 * own; anyone may sign in with one (docs/decisions/028-passkeys.md). Every ceremony's challenge is
 * kept server side, bound to this browser's cookie, answered once.
 */
export const passkeyRoutes = (app: FastifyInstance, options: PasskeyRoutesOptions): void => {
  const { sessions, signedInRoute, limited } = options;
  const { passkeys } = sessions;

  sdkRoute(
    app,
    'passkeySignInOptions',
    async (_input, request, reply) => {
      reply.header('cache-control', 'no-store');
      const pendingValue = sessions.cookieValueOf(request.headers.cookie, sessions.pendingCookieName);
      const { options: answer, cookieValue } = await sessions.passkeySignInOptions(pendingValue);
      if (cookieValue) reply.header('set-cookie', sessions.setPasskeyCookie(cookieValue));
      return reply.send(answer);
    },
    limited,
  );

  sdkRoute(
    app,
    'signInPasskey',
    async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const cookies = request.headers.cookie;
      const result = await sessions.signInPasskey({
        pendingValue: sessions.cookieValueOf(cookies, sessions.pendingCookieName),
        passkeyValue: sessions.cookieValueOf(cookies, sessions.passkeyCookieName),
        previous: sessions.cookieValueOf(cookies),
        response: body.response,
        ...seenOf(request),
      });
      if ('error' in result) {
        return reply
          .code(result.error === 'notSignedIn' ? 401 : 400)
          .header('set-cookie', [sessions.setPendingCookie(''), sessions.setPasskeyCookie('')])
          .send([result.error]);
      }
      return reply
        .header('set-cookie', [
          sessions.setPendingCookie(''),
          sessions.setPasskeyCookie(''),
          ...sessions.setCookie(result.cookieValue),
        ])
        .send([]);
    },
    limited,
  );

  signedInRoute('getPasskeys', async ({ session }, _body, _request, reply) =>
    reply.send(await passkeys.list(session.login)),
  );

  signedInRoute(
    'passkeyRegistrationOptions',
    async ({ session }, _body, _request, reply) => {
      const answer = await passkeys.registrationOptions(session.login, session.idHash, sessions.now());
      return answer === 'tooMany' ? reply.code(400).send(['passkeyRefused']) : reply.send(answer);
    },
    false,
    true,
  );

  signedInRoute(
    'addPasskey',
    async ({ session }, body, _request, reply) => {
      const added = await passkeys.register({
        login: session.login,
        sessionIdHash: session.idHash,
        response: body.response as RegistrationResponseJSON,
        name: body.name,
        now: sessions.now(),
      });
      return added ? reply.send([]) : reply.code(400).send(['passkeyRefused']);
    },
    false,
    true,
  );

  signedInRoute('removePasskey', async ({ session }, body, _request, reply) =>
    (await passkeys.remove(session.login, body.id)) ? reply.send([]) : reply.code(400).send(['passkeyNotFound']),
  );
};
