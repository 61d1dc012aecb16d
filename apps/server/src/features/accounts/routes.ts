import fastifyRateLimit from '@fastify/rate-limit';
import type { ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Captcha } from '../../infra/captcha/captcha';
import { sdkRoute } from '../../infra/sdk-route';
import { visitorIpv4 } from '../visitor-ip/routes';
import {
  type AccountServiceDeps,
  changePassword,
  changePincode,
  registerAccount,
  unblockCharacter,
  updateIps,
} from './account-service';
import { type RecoveryDeps, recoverPassword, redeemRecoveryKey } from './password-recovery';

export interface AccountRoutesOptions {
  deps: RecoveryDeps;
  captcha: Captcha;
  requestsPerMinute: number;
  redis?: Redis;
}

const answer = (reply: FastifyReply, codes: ErrorCode[]) => reply.code(codes.length > 0 ? 400 : 200).send(codes);

const visitorOf = (request: FastifyRequest) => ({
  ipV4: visitorIpv4(request.ip),
  cookieHeader: request.headers.cookie,
});

/**
 * The account tools (SPEC section 7): each call is rate limited per address, checks its captcha
 * before anything else, and answers the list of error codes, empty on success.
 */
export const accountRoutes = async (app: FastifyInstance, options: AccountRoutesOptions): Promise<void> => {
  const { deps, captcha } = options;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'gatekeeper:rate:' } : {}),
    // The error handler turns this into ["tooManyRequests"].
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `retry in ${context.after}` }),
  });
  const limited = { config: { rateLimit: { max: options.requestsPerMinute, timeWindow: 60_000 } } };

  const withCaptcha =
    <B extends { captcha: string }>(handler: (body: B, request: FastifyRequest) => Promise<ErrorCode[]>) =>
    async ({ body }: { body: B }, request: FastifyRequest, reply: FastifyReply) => {
      if (!(await captcha.verify(body.captcha, request.ip))) return answer(reply, ['captchaInvalid']);
      return answer(reply, await handler(body, request));
    };

  sdkRoute(
    app,
    'createAccount',
    withCaptcha((body, request) => registerAccount(deps, body, visitorOf(request))),
    limited,
  );
  sdkRoute(
    app,
    'changePassword',
    withCaptcha((body) => changePassword(deps, body)),
    limited,
  );
  sdkRoute(
    app,
    'changePincode',
    withCaptcha((body) => changePincode(deps, body)),
    limited,
  );
  sdkRoute(
    app,
    'fixCharacter',
    withCaptcha((body) => unblockCharacter(deps, body)),
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
    async ({ query }, _request, reply) => {
      const result = await redeemRecoveryKey(deps, query.key);
      reply.header('cache-control', 'no-store');
      if ('error' in result)
        return reply.code(400).type('application/json; charset=utf-8').send(JSON.stringify(result.error));
      return reply.type('text/plain; charset=utf-8').send(result.password);
    },
    limited,
  );

  sdkRoute(
    app,
    'updateIps',
    async ({ body }, request, reply) => {
      await updateIps(deps as AccountServiceDeps, body, visitorOf(request));
      return reply.code(204).send();
    },
    limited,
  );

  sdkRoute(app, 'getCaptcha', (_input, _request, reply) =>
    reply.header('cache-control', 'no-cache').send(captcha.publicConfig),
  );
  if (captcha.challenge) {
    const challenge = captcha.challenge;
    sdkRoute(app, 'getCaptchaChallenge', async (_input, _request, reply) =>
      reply.header('cache-control', 'no-store').send(await challenge()),
    );
  }
};
