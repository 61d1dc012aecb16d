import type { ConsoleSupporterCodeRow, ErrorCode, consoleSupporterCode } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { LoginDatabase, SiteDatabase } from '../../db/tables';
import { isUniqueViolation } from '../../db/unique-violation';
import { findAccount, normalizeLogin } from '../../game/accounts';
import type { GameSchema } from '../../game/schema-check';
import { type DonationWallet, coinsOfRefund } from './crediting';
import type { ProviderName } from './providers/payment-provider';

/**
 * Supporter codes (docs/owner/payments.md#supporter-codes, decision 052's third part): a donor
 * types a partner's code on the donate page; once the payment is confirmed the partner's wallet
 * receives floor(coins x share) coins, once per provider payment (its own idempotency key); a
 * refund or dispute takes that share back in proportion with debitUpTo, and what the partner had
 * spent is flagged in the donations ledger. The only code that names the supporter tables.
 */

/** The partner's wallet entry of a payment, and of a refund's share taken back (decision 050's key space). */
export const supporterWalletKey = (provider: ProviderName, paymentId: string): string =>
  `supporter:${provider}:${paymentId}`;
export const supporterReturnWalletKey = (provider: ProviderName, returnId: string): string =>
  `supporter-return:${provider}:${returnId}`;

/** The partner's coins of a donation of `coins`: floor(coins x share), the share in basis points. */
export const supporterShare = (coins: number, shareBasisPoints: number): number =>
  coins > 0 ? Number((BigInt(coins) * BigInt(shareBasisPoints)) / 10_000n) : 0;

/** A code that may be used now, as the donation remembers it. */
export interface ValidSupporterCode {
  code: string;
  partnerLogin: string;
  shareBasisPoints: number;
}

export interface SupporterCodesDeps {
  site: Kysely<SiteDatabase>;
  login: Kysely<LoginDatabase>;
  schema: Pick<GameSchema, 'flavor'>;
  wallet: Pick<DonationWallet, 'credit' | 'debitUpTo'>;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** A payment confirmed, as settleConfirmedPayment knows it. */
export interface SupporterPaid {
  provider: ProviderName;
  /** Our donation id, which the code was remembered under when the payment started. */
  reference: string;
  paymentId: string;
  /** The donation's coins, of which the partner gets the share. */
  coins: number;
}

/** A refund or dispute of a payment, with the cents refunded before it. */
export interface SupporterReturn {
  provider: ProviderName;
  paymentId: string;
  returnId: string;
  kind: 'refund' | 'dispute';
  cents: number;
  earlierCents: number;
}

const EMPTY_FIGURES = { donations: 0, amounts: [], coinsCredited: 0, coinsTakenBack: 0, shortfall: 0 };

export const createSupporterCodes = (deps: SupporterCodesDeps) => {
  const { site, now, log } = deps;

  return {
    /**
     * Whether a donor may use a code now: it exists, is enabled and has not ended
     * (supporterCodeUnknown otherwise, one answer for the three so codes cannot be probed), and
     * is not the donor's own (supporterCodeOwn: the signed-in account or the character's).
     */
    async check(
      code: string,
      donorLogins: readonly (string | null | undefined)[],
    ): Promise<ValidSupporterCode | { error: ErrorCode }> {
      const row = await site
        .selectFrom('site_supporter_codes')
        .selectAll()
        .where('code', '=', code.toUpperCase())
        .executeTakeFirst();
      if (!row || Number(row.enabled) !== 1 || (row.ends_at !== null && Number(row.ends_at) <= now())) {
        return { error: 'supporterCodeUnknown' };
      }
      const donors = donorLogins.filter((login): login is string => Boolean(login)).map(normalizeLogin);
      if (donors.includes(normalizeLogin(row.partner_login))) return { error: 'supporterCodeOwn' };
      return { code: row.code, partnerLogin: row.partner_login, shareBasisPoints: Number(row.share_bp) };
    },

    /** Keeps the code with a payment being started (our donation id), before the provider is asked. */
    async remember(
      donationId: string,
      payment: { provider: ProviderName; cents: number; currency: string; donorLogin?: string | undefined },
      code: ValidSupporterCode,
    ): Promise<void> {
      const stamp = now();
      await site
        .insertInto('site_supporter_payments')
        .values({
          donation_id: donationId,
          provider: payment.provider,
          code: code.code,
          partner_login: code.partnerLogin,
          share_bp: code.shareBasisPoints,
          donor_login: payment.donorLogin ? normalizeLogin(payment.donorLogin) : '',
          amount_cents: payment.cents,
          currency: payment.currency,
          status: 'started',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    },

    /**
     * A confirmed payment: the partner's share, credited once by the provider's payment id. Safe
     * to call again (a repeated notification, another instance, a retry after a crash): the
     * row's update writes the same values and the wallet writes its key once.
     */
    async onPaid(paid: SupporterPaid): Promise<void> {
      const row = await site
        .selectFrom('site_supporter_payments')
        .selectAll()
        .where('donation_id', '=', paid.reference)
        .where('provider', '=', paid.provider)
        .executeTakeFirst();
      if (!row) return;
      const share = supporterShare(paid.coins, Number(row.share_bp));
      await site
        .updateTable('site_supporter_payments')
        .set({ payment_id: paid.paymentId.slice(0, 64), share_coins: share, status: 'credited', updated_at: now() })
        .where('donation_id', '=', row.donation_id)
        .execute();
      if (share <= 0) return;
      const credited = await deps.wallet.credit({
        login: row.partner_login,
        amountMinor: share,
        idempotencyKey: supporterWalletKey(paid.provider, paid.paymentId),
        reason: 'supporter',
        reference: `${row.code} ${paid.provider} ${paid.paymentId}`,
      });
      if (credited.status === 'done') {
        log.info(
          { code: row.code, partner: row.partner_login, provider: paid.provider, paymentId: paid.paymentId, share },
          'supporter code: the partner’s share credited',
        );
      }
    },

    /**
     * A refund or dispute of a payment made with a code: its share of the partner's coins, in
     * proportion (coinsOfRefund), taken back with debitUpTo, never below zero. Answers the
     * shortfall (what the partner had spent), which the ledger flags; undefined for a payment
     * made without a code.
     */
    async onReturn(back: SupporterReturn): Promise<{ shortfall: number } | undefined> {
      const row = await site
        .selectFrom('site_supporter_payments')
        .selectAll()
        .where('provider', '=', back.provider)
        .where('payment_id', '=', back.paymentId)
        .where('status', '=', 'credited')
        .executeTakeFirst();
      if (!row) return undefined;
      const coins = coinsOfRefund(
        { coins: Number(row.share_coins), paidCents: Number(row.amount_cents) },
        back.earlierCents,
        back.cents,
      );
      const returnId = back.returnId.slice(0, 64);
      try {
        await site
          .insertInto('site_supporter_returns')
          .values({
            provider: back.provider,
            return_id: returnId,
            payment_id: row.payment_id,
            code: row.code,
            coins,
            created_at: now(),
          })
          .execute();
      } catch (error) {
        // A retry of a return recorded before: the wallet's key answers what it took then.
        if (!isUniqueViolation(error)) throw error;
      }
      const taken =
        coins > 0
          ? (
              await deps.wallet.debitUpTo({
                login: row.partner_login,
                amountMinor: coins,
                idempotencyKey: supporterReturnWalletKey(back.provider, back.returnId),
                reason: 'supporter',
                reference: `${row.code} ${back.provider} ${back.paymentId}`,
              })
            ).taken
          : 0;
      const shortfall = coins - taken;
      await site
        .updateTable('site_supporter_returns')
        .set({ taken, shortfall })
        .where('provider', '=', back.provider)
        .where('return_id', '=', returnId)
        .execute();
      if (shortfall > 0) {
        log.warn(
          { code: row.code, partner: row.partner_login, paymentId: back.paymentId, coins, taken, shortfall },
          `${back.kind} of a donation made with a supporter code whose share the partner spent: ${shortfall} not taken back; flagged for you`,
        );
      }
      return { shortfall };
    },

    /** What the partners' wallets could not give back, per provider payment (`<provider>:<payment id>`). */
    async shortfalls(): Promise<Map<string, number>> {
      const rows = await site
        .selectFrom('site_supporter_returns')
        .select(['provider', 'payment_id', 'shortfall'])
        .where('shortfall', '>', 0)
        .execute();
      const totals = new Map<string, number>();
      for (const row of rows) {
        const key = `${row.provider}:${row.payment_id}`;
        totals.set(key, (totals.get(key) ?? 0) + Number(row.shortfall));
      }
      return totals;
    },

    /** The codes with their figures, by code; `q` a code or a partner's login. */
    async list(q?: string): Promise<ConsoleSupporterCodeRow[]> {
      const find = q?.trim() ?? '';
      const codes = await site
        .selectFrom('site_supporter_codes')
        .selectAll()
        .$if(find !== '', (query) =>
          query.where((eb) =>
            eb.or([eb('code', '=', find.toUpperCase()), eb('partner_login', '=', normalizeLogin(find))]),
          ),
        )
        .orderBy('code')
        .execute();
      const paid = await site
        .selectFrom('site_supporter_payments')
        .select((eb) => [
          'code',
          'currency',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string>('amount_cents').as('cents'),
          eb.fn.sum<number | string>('share_coins').as('coins'),
        ])
        .where('status', '=', 'credited')
        .groupBy(['code', 'currency'])
        .execute();
      const returned = await site
        .selectFrom('site_supporter_returns')
        .select((eb) => [
          'code',
          eb.fn.sum<number | string>('taken').as('taken'),
          eb.fn.sum<number | string>('shortfall').as('shortfall'),
        ])
        .groupBy('code')
        .execute();
      const figures = new Map<string, Omit<ConsoleSupporterCodeRow, keyof ValidSupporterCode | 'enabled' | 'endsAt'>>();
      const of = (code: string) => {
        const known = figures.get(code) ?? { ...EMPTY_FIGURES, amounts: [] };
        figures.set(code, known);
        return known;
      };
      for (const row of paid) {
        const entry = of(row.code);
        entry.donations += Number(row.n);
        entry.amounts.push({ currency: row.currency, cents: Number(row.cents ?? 0) });
        entry.coinsCredited += Number(row.coins ?? 0);
      }
      for (const row of returned) {
        const entry = of(row.code);
        entry.coinsTakenBack += Number(row.taken ?? 0);
        entry.shortfall += Number(row.shortfall ?? 0);
      }
      return codes.map((row) => ({
        code: row.code,
        partnerLogin: row.partner_login,
        shareBasisPoints: Number(row.share_bp),
        enabled: Number(row.enabled) === 1,
        endsAt: row.ends_at === null ? null : Number(row.ends_at),
        ...(figures.get(row.code) ?? { ...EMPTY_FIGURES, amounts: [] }),
      }));
    },

    /**
     * Adds (create) or changes a code: the partner's account must exist; a new code must be free,
     * a changed one must exist (supporterCodeUnknown). Answers the code saved or the refusal.
     */
    async save(input: z.output<typeof consoleSupporterCode>): Promise<{ code: string } | { error: ErrorCode }> {
      const account = await findAccount(deps.login, deps.schema, input.partnerLogin);
      if (!account) return { error: 'supporterPartnerUnknown' };
      const values = {
        partner_login: normalizeLogin(account.login),
        share_bp: input.shareBasisPoints,
        enabled: input.enabled ? 1 : 0,
        ends_at: input.endsAt,
        updated_at: now(),
      };
      if (input.create) {
        try {
          await site
            .insertInto('site_supporter_codes')
            .values({ ...values, code: input.code, created_at: now() })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) return { error: 'supporterCodeTaken' };
          throw error;
        }
        return { code: input.code };
      }
      const known = await site
        .selectFrom('site_supporter_codes')
        .select('code')
        .where('code', '=', input.code)
        .executeTakeFirst();
      if (!known) return { error: 'supporterCodeUnknown' };
      await site.updateTable('site_supporter_codes').set(values).where('code', '=', input.code).execute();
      return { code: input.code };
    },
  };
};
export type SupporterCodes = ReturnType<typeof createSupporterCodes>;
