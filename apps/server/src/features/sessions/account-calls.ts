import type {
  AccountReferralAnswer,
  BuyShopItemAnswer,
  BuyShopItemModel,
  ChangeEmailModel,
  ErrorCode,
  OrdersAnswer,
  RedeemPromoCodeAnswer,
  RedeemPromoCodeModel,
  RewardRow,
  WalletAnswer,
} from '@gatekeeper/contract';
import { walletQuery } from '@gatekeeper/contract';
import type { SignedInRoute } from './routes';

/** What other features answer for the signed-in account; app.ts hands them in. */
export interface AccountCallHandlers {
  rewards: (login: string) => Promise<RewardRow[]>;
  referral: (login: string) => Promise<AccountReferralAnswer>;
  changeEmail: (login: string, input: Required<ChangeEmailModel>) => Promise<ErrorCode[]>;
  /** The wallet and the shop (features/wallet, features/shop). */
  wallet: (login: string, page: number) => Promise<WalletAnswer>;
  orders: (login: string) => Promise<OrdersAnswer>;
  buy: (
    login: string,
    input: Required<Omit<BuyShopItemModel, 'realm'>> & Pick<BuyShopItemModel, 'realm'>,
  ) => Promise<BuyShopItemAnswer | { error: ErrorCode }>;
  redeem: (login: string, input: RedeemPromoCodeModel) => Promise<RedeemPromoCodeAnswer | { error: ErrorCode }>;
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
    signedInRoute('getWallet', async ({ session }, _body, request, reply) =>
      reply.send(await handlers.wallet(session.login, walletQuery.parse(request.query).page)),
    );
    signedInRoute('getOrders', async ({ session }, _body, _request, reply) =>
      reply.send(await handlers.orders(session.login)),
    );
    signedInRoute(
      'buyShopItem',
      async ({ session }, body, _request, reply) => {
        const result = await handlers.buy(session.login, body);
        return 'error' in result ? reply.code(400).send([result.error]) : reply.send(result);
      },
      false,
      true,
    );
    signedInRoute(
      'redeemPromoCode',
      async ({ session }, body, _request, reply) => {
        const result = await handlers.redeem(session.login, body);
        return 'error' in result ? reply.code(400).send([result.error]) : reply.send(result);
      },
      false,
      true,
    );
  };
