import type { ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { Captcha } from '../../infra/captcha/captcha';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import type { SharedRefresh } from '../../infra/shared-refresh';
import type { AccountEvents } from '../accounts/account-events';
import { visitorCookie } from './referral-cookie';
import { type ReferralRewardDelivery, startReferralChecks } from './referral-rewards';
import { type ReferralDeps, addVisitor, attributeRegistration, getReferralLink, updateRef } from './referral-service';
import type { ReferralSettings } from './settings-schema';

export interface ReferralRoutesOptions {
  deps: ReferralDeps;
  captcha: Captcha;
  accountEvents: AccountEvents;
  rewards: ReferralRewardDelivery;
  /** Runs the timed referral checks on one instance at a time. */
  shared?: SharedRefresh;
  settings: ReferralSettings;
  coinsPerRef: number;
  requestsPerMinute: number;
  secureCookies: boolean;
  redis?: Redis;
}

/** HTTP 400 with one translation key as the body (docs/product.md#getreferrallink). */
const refuse = (reply: FastifyReply, key: ErrorCode) =>
  reply.code(400).type('application/json; charset=utf-8').send(JSON.stringify(key));

/**
 * The referral programme: getreferrallink (captcha, username and email), addvisitor and updateref
 * (fire and forget: always 204), the attribution of registrations, and the periodic check that
 * rewards referrers once their referrals play.
 */
export const referralRoutes = async (app: FastifyInstance, options: ReferralRoutesOptions): Promise<void> => {
  const { deps, captcha } = options;
  await registerRateLimit(app, options.redis);
  const limited = limitPerMinute(options.requestsPerMinute);

  sdkRoute(
    app,
    'getReferralLink',
    async ({ query }, request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await captcha.verify(query.captcha, request.ip))) return refuse(reply, 'captchaInvalid');
      const result = await getReferralLink(deps, query);
      if ('error' in result) return refuse(reply, result.error);
      return reply.type('text/plain; charset=utf-8').send(result.link);
    },
    limited,
  );

  sdkRoute(
    app,
    'addVisitor',
    async ({ body }, request, reply) => {
      const key = await addVisitor(deps, { ref: body.ref, ip: request.ip, cookieHeader: request.headers.cookie });
      if (key) reply.header('set-cookie', visitorCookie(key, options.secureCookies));
      return reply.code(204).send();
    },
    limited,
  );

  sdkRoute(
    app,
    'updateRef',
    async ({ body }, request, reply) => {
      await updateRef(deps, { type: body.type, cookieHeader: request.headers.cookie });
      return reply.code(204).send();
    },
    limited,
  );

  options.accountEvents.onAccountCreated((event) => attributeRegistration(deps, event));

  const checks = startReferralChecks(
    {
      connections: deps.connections,
      schema: deps.schema,
      ...(deps.realms ? { realms: deps.realms } : {}),
      rewards: options.rewards,
      playingLevel: options.settings.playingLevel,
      coinsPerRef: options.coinsPerRef,
      now: deps.now,
    },
    options.settings.checkSeconds * 1000,
    app.log,
    options.shared?.takeTurn,
  );
  app.addHook('onClose', () => checks.stop());
};
