import type { Api, ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Captcha } from '../../infra/captcha/captcha';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { sdkRoute } from '../../infra/sdk-route';
import { checkCode } from '../accounts/credentials';
import type { AccountSessions, SignedIn } from './account-sessions';
import { seenOf } from './device';
import { passkeyRoutes } from './passkey-routes';
import type { OwnAccountTools } from '../accounts/account-service';

/** The route config flag of a call that needs a session: test/signed-in-routes.test.ts walks them. */
export const SIGNED_IN_MARK = 'signedIn';

declare module 'fastify' {
  interface FastifyContextConfig {
    [SIGNED_IN_MARK]?: true;
  }
}

export interface SessionRoutesOptions {
  sessions: AccountSessions;
  captcha: Captcha;
  requestsPerMinute: number;
  redis?: Redis;
  /** The calls of a session that belong to other features (rewards, referral, email change). */
  more?: (signedInRoute: SignedInRoute) => void;
  /** The account tools, run for the session's account (change password, unblock, PIN). */
  tools: OwnAccountTools;
}

export type SignedInCall =
  | 'signOut'
  | 'getAccount'
  | 'getSessions'
  | 'endSession'
  | 'endOtherSessions'
  | 'getSignIns'
  | 'beginTotp'
  | 'confirmTotp'
  | 'disableTotp'
  | 'getPasskeys'
  | 'passkeyRegistrationOptions'
  | 'addPasskey'
  | 'removePasskey'
  | 'changeEmail'
  | 'getRewards'
  | 'getAccountReferral'
  | 'getWallet'
  | 'buyShopItem'
  | 'getOrders'
  | 'redeemPromoCode'
  | 'changeOwnPassword'
  | 'unblockOwnCharacter'
  | 'changeOwnPincode'
  | 'confirmIdentity';

/**
 * The calls that change what protects the account: a session alone cannot make them, only one
 * that proved the password within FRESH_PROOF_MS (docs/owner/accounts.md#a-stolen-session).
 * Switching the authenticator off asks for its code instead.
 */
export const FRESH_PROOF_CALLS: ReadonlySet<SignedInCall> = new Set<SignedInCall>([
  'changeEmail',
  'beginTotp',
  'confirmTotp',
  'passkeyRegistrationOptions',
  'addPasskey',
  'removePasskey',
]);
type BodyOf<N extends SignedInCall> = Api[N] extends { body: z.ZodType } ? z.output<Api[N]['body']> : undefined;

/**
 * Registers a call of a session: the handler gets the session's account, never one of the
 * request. allowBanned: a banned account's session may call it; rateLimited: per address.
 */
export type SignedInRoute = <N extends SignedInCall>(
  name: N,
  handler: (signedIn: SignedIn, body: BodyOf<N>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  allowBanned?: boolean,
  rateLimited?: boolean,
) => void;

/**
 * A player's own account (docs/owner/accounts.md#sessions): sign-in, and the calls of a session.
 * Every such call takes the account from the session, never from the request; its writes carry
 * the anti-forgery token as every /sdk write does (sdkRoute).
 */
export const sessionRoutes = async (app: FastifyInstance, options: SessionRoutesOptions): Promise<void> => {
  const { sessions, captcha } = options;
  await registerRateLimit(app, options.redis);
  const limited = limitPerMinute(options.requestsPerMinute);

  const refuse = (request: FastifyRequest, reply: FastifyReply, status: 401 | 403, code: ErrorCode) => {
    if (status === 401 && sessions.cookieValueOf(request.headers.cookie)) {
      reply.header('set-cookie', sessions.clearCookie());
    }
    return reply.code(status).send([code]);
  };

  /**
   * A call of a session: 401 without a live one. A banned account's session may read the
   * account (its ban) and sign out, nothing else (403 accountBanned).
   */
  const signedInRoute: SignedInRoute = (name, handler, allowBanned = false, rateLimited = false) => {
    sdkRoute(
      app,
      name,
      async (input, request, reply) => {
        reply.header('cache-control', 'no-store');
        const signedIn = await sessions.authenticate(request.headers.cookie);
        if (!signedIn) return refuse(request, reply, 401, 'notSignedIn');
        if (signedIn.restricted && !allowBanned) return refuse(request, reply, 403, 'accountBanned');
        if (FRESH_PROOF_CALLS.has(name) && !sessions.isFreshlyProved(signedIn.session)) {
          return reply.code(403).send(['freshProofRequired']);
        }
        return handler(signedIn, input.body, request, reply);
      },
      { config: { ...(rateLimited ? limited.config : {}), [SIGNED_IN_MARK]: true } },
    );
  };

  sdkRoute(
    app,
    'signIn',
    async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await captcha.verify(body.captcha, request.ip))) return reply.code(400).send(['captchaInvalid']);
      const result = await sessions.signIn({
        username: body.username,
        password: body.password,
        previous: sessions.cookieValueOf(request.headers.cookie),
        ...seenOf(request),
      });
      if ('error' in result) return reply.code(400).send([result.error]);
      if ('pendingCookieValue' in result) {
        // Not a refusal: the page asks for the code next. The waiting session has a cookie of its own.
        return reply
          .header('set-cookie', [...sessions.clearCookie(), sessions.setPendingCookie(result.pendingCookieValue)])
          .send(['secondFactorRequired']);
      }
      return reply.header('set-cookie', sessions.setCookie(result.cookieValue)).send([]);
    },
    limited,
  );

  sdkRoute(
    app,
    'signInSecondFactor',
    async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await sessions.signInSecondFactor({
        pendingValue: sessions.cookieValueOf(request.headers.cookie, sessions.pendingCookieName),
        code: body.code,
        ...seenOf(request),
      });
      if ('error' in result) {
        if (result.endPending) reply.header('set-cookie', sessions.setPendingCookie(''));
        return reply.code(result.error === 'notSignedIn' ? 401 : 400).send([result.error]);
      }
      return reply
        .header('set-cookie', [sessions.setPendingCookie(''), ...sessions.setCookie(result.cookieValue)])
        .send([]);
    },
    limited,
  );

  signedInRoute(
    'signOut',
    async ({ session }, _body, _request, reply) => {
      await sessions.store.end(session.idHash);
      return reply.header('set-cookie', sessions.clearCookie()).send([]);
    },
    true,
  );
  signedInRoute(
    'getAccount',
    async (signedIn, _body, _request, reply) => reply.send(await sessions.account(signedIn)),
    true,
  );
  signedInRoute(
    'confirmIdentity',
    async ({ session }, body, request, reply) => {
      const errors = await sessions.confirmIdentity(session, body.password, seenOf(request));
      return reply.code(errors.length > 0 ? 400 : 200).send(errors);
    },
    false,
    true,
  );
  signedInRoute('getSessions', async (signedIn, _body, _request, reply) =>
    reply.send(await sessions.sessions(signedIn)),
  );
  signedInRoute('endSession', async ({ session }, body, _request, reply) => {
    // Ending the current one from the list is signing out.
    if (body.id === session.publicId) reply.header('set-cookie', sessions.clearCookie());
    await sessions.store.endByPublicId(session.login, body.id);
    return reply.send([]);
  });
  signedInRoute('endOtherSessions', async ({ session }, _body, _request, reply) => {
    await sessions.store.endAll(session.login, session.idHash);
    return reply.send([]);
  });
  signedInRoute('getSignIns', async ({ session }, _body, _request, reply) =>
    reply.send(await sessions.signIns(session)),
  );

  // The second factor (docs/owner/accounts.md#second-factor).
  const { secondFactor } = sessions;
  signedInRoute('beginTotp', async ({ session }, _body, _request, reply) => {
    const begun = await secondFactor.begin(session.login);
    return begun ? reply.send(begun) : reply.code(400).send(['secondFactorAlreadyOn']);
  });
  signedInRoute(
    'confirmTotp',
    async ({ session }, body, _request, reply) => {
      const confirmed = await secondFactor.confirm(session.login, body.code, sessions.now());
      if (Array.isArray(confirmed)) return reply.send({ recoveryCodes: confirmed });
      const code: ErrorCode =
        confirmed === 'alreadyOn'
          ? 'secondFactorAlreadyOn'
          : confirmed === 'notStarted'
            ? 'secondFactorNotOn'
            : 'wrongSecondFactorCode';
      return reply.code(400).send([code]);
    },
    false,
    true,
  );
  signedInRoute(
    'disableTotp',
    async ({ session }, body, request, reply) => {
      if (!(await secondFactor.isOn(session.login))) return reply.code(400).send(['secondFactorNotOn']);
      const deps = sessions.credentials;
      const checked = await checkCode(deps, session.login, request.ip, () =>
        secondFactor.spend(session.login, body.code, sessions.now()),
      );
      if (checked !== 'right')
        return reply.code(400).send([checked === 'wrong' ? 'wrongSecondFactorCode' : 'tooManyAttempts']);
      await secondFactor.disable(session.login);
      return reply.send([]);
    },
    false,
    true,
  );

  passkeyRoutes(app, { sessions, signedInRoute, limited });
  options.more?.(signedInRoute);
  // The account tools for the session's account (docs/product.md#my-account): rate limited as the
  // anonymous ones are; a wrong current password counts towards the account's lockout.
  const { tools } = options;
  const answer = (reply: FastifyReply, codes: ErrorCode[]) => reply.code(codes.length > 0 ? 400 : 200).send(codes);
  signedInRoute(
    'changeOwnPassword',
    async ({ session }, body, request, reply) =>
      answer(reply, await tools.changePassword(session.login, body, request.ip, request.headers.cookie)),
    false,
    true,
  );
  signedInRoute(
    'unblockOwnCharacter',
    async ({ session }, body, _request, reply) =>
      answer(reply, await tools.unblockCharacter(session.login, body.charName, body.realm)),
    false,
    true,
  );
  signedInRoute(
    'changeOwnPincode',
    async ({ session }, body, _request, reply) => answer(reply, await tools.changePincode(session.login, body)),
    false,
    true,
  );
};
