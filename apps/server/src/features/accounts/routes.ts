import type { ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Captcha } from '../../infra/captcha/captcha';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import { visitorIpv4 } from '../../infra/client-address';
import {
  type RealmGameOf,
  changePassword,
  changePincode,
  registerAccount,
  unblockCharacter,
  updateIps,
} from './account-service';
import { type AccountCallDeps, recoverPassword, redeemRecoveryKey } from './password-recovery';
import { confirmEmailChange } from './email-change';
import { registrationCookie } from './registration-cookie';
import { markPublicRead } from '../../infra/request-log';

export interface AccountRoutesOptions {
  deps: AccountCallDeps;
  captcha: Captcha;
  requestsPerMinute: number;
  redis?: Redis;
  /** COOKIE_SIGNING_KEY and whether the site is served over HTTPS (the cookie's Secure flag). */
  cookies: { signingKey: string; secure: boolean };
  /**
   * The game of the realm an anonymous tool names (decision 049): undefined for a slug no realm
   * has, ServiceUnavailableError while its database does not answer. Left out: the one game
   * database, and a named realm is refused.
   */
  realmGame?: RealmGameOf;
}

const answer = (reply: FastifyReply, codes: ErrorCode[]) => reply.code(codes.length > 0 ? 400 : 200).send(codes);

const visitorOf = (request: FastifyRequest) => ({
  ipV4: visitorIpv4(request.ip),
  cookieHeader: request.headers.cookie,
});

/**
 * The account tools (docs/product.md#createaccount and the calls after it): each call is rate limited per address, checks its captcha
 * before anything else, and answers the list of error codes, empty on success.
 */
export const accountRoutes = async (app: FastifyInstance, options: AccountRoutesOptions): Promise<void> => {
  const { deps, captcha } = options;
  const registrations = registrationCookie({
    key: options.cookies.signingKey,
    secure: options.cookies.secure,
    now: deps.now,
  });
  await registerRateLimit(app, options.redis);
  const limited = limitPerMinute(options.requestsPerMinute);

  const withCaptcha =
    <B extends { captcha: string }>(
      handler: (body: B, request: FastifyRequest, reply: FastifyReply) => Promise<ErrorCode[]>,
    ) =>
    async ({ body }: { body: B }, request: FastifyRequest, reply: FastifyReply) => {
      if (!(await captcha.verify(body.captcha, request.ip))) return answer(reply, ['captchaInvalid']);
      return answer(reply, await handler(body, request, reply));
    };

  sdkRoute(
    app,
    'createAccount',
    withCaptcha(async (body, request, reply) => {
      const registered = await registerAccount(deps, body, visitorOf(request));
      if ('errors' in registered) return registered.errors;
      reply.header('set-cookie', registrations.afterRegistering(request.headers.cookie, registered.login));
      return [];
    }),
    limited,
  );
  sdkRoute(
    app,
    'changePassword',
    withCaptcha((body, request) => changePassword(deps, body, request.ip, request.headers.cookie)),
    limited,
  );
  /**
   * The realm's game of the unblock and PIN tools, asked before the password is checked: a slug no
   * realm has is formInvalid, a realm that is down answers 503 (thrown), and neither counts as a
   * failed attempt nor changes anything.
   */
  const gameOf: RealmGameOf = (realm) => (options.realmGame ? options.realmGame(realm) : realm ? undefined : deps);
  sdkRoute(
    app,
    'changePincode',
    withCaptcha(async (body, request) => {
      const game = gameOf(body.realm);
      return game ? changePincode(deps, body, request.ip, game) : ['formInvalid'];
    }),
    limited,
  );
  sdkRoute(
    app,
    'unblockCharacter',
    withCaptcha(async (body, request) => {
      const game = gameOf(body.realm);
      return game ? unblockCharacter(deps, body, request.ip, game) : ['formInvalid'];
    }),
    limited,
  );
  sdkRoute(
    app,
    'recoverPassword',
    withCaptcha((body) => recoverPassword(deps, body)),
    limited,
  );

  sdkRoute(
    app,
    'getNewPassword',
    async ({ query }, request, reply) => {
      const result = await redeemRecoveryKey(deps, query.key, request.headers.cookie);
      reply.header('cache-control', 'no-store');
      if ('error' in result)
        return reply.code(400).type('application/json; charset=utf-8').send(JSON.stringify(result.error));
      return reply.type('text/plain; charset=utf-8').send(result.password);
    },
    limited,
  );

  // The link of an email change (docs/product.md#change-email): its key is the proof, so it works
  // in whatever browser the mail is opened, signed in or not.
  sdkRoute(
    app,
    'confirmEmail',
    async ({ body }, _request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(reply, await confirmEmailChange(deps, body.key));
    },
    limited,
  );

  sdkRoute(
    app,
    'updateIps',
    async ({ body }, request, reply) => {
      await updateIps(deps, body, visitorOf(request), registrations.loginsOf(request.headers.cookie));
      return reply.code(204).send();
    },
    limited,
  );

  sdkRoute(app, 'getCaptcha', (_input, _request, reply) =>
    reply.header('cache-control', 'no-cache').send(captcha.publicConfig),
  );
  if (captcha.challenge) {
    const challenge = captcha.challenge;
    sdkRoute(app, 'getCaptchaChallenge', async (_input, request, reply) => {
      markPublicRead(request);
      return reply.header('cache-control', 'no-store').send(await challenge());
    });
  }
};
