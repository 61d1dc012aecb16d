import type { AccountReferralAnswer, ChangeEmailModel, ErrorCode, RewardRow } from '@gatekeeper/contract';
import type { SignedInRoute } from './routes';

/** What other features answer for the signed-in account; app.ts hands them in. */
export interface AccountCallHandlers {
  rewards: (login: string) => Promise<RewardRow[]>;
  referral: (login: string) => Promise<AccountReferralAnswer>;
  changeEmail: (login: string, input: Required<ChangeEmailModel>) => Promise<ErrorCode[]>;
}

/**
 * The calls of a session that belong to other features: the account's rewards and referral, and
 * change email. The account is the session's, as for every call of a session.
 */
export const accountCalls =
  (handlers: AccountCallHandlers) =>
  (signedInRoute: SignedInRoute): void => {
    signedInRoute('getRewards', async ({ session }, _body, _request, reply) =>
      reply.send(await handlers.rewards(session.login)),
    );
    signedInRoute('getAccountReferral', async ({ session }, _body, _request, reply) =>
      reply.send(await handlers.referral(session.login)),
    );
    signedInRoute(
      'changeEmail',
      async ({ session }, body, _request, reply) => {
        const errors = await handlers.changeEmail(session.login, body);
        return reply.code(errors.length > 0 ? 400 : 200).send(errors);
      },
      false,
      true,
    );
  };
