import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { SiteDonationsTable } from './tables';
import type { ProviderName } from './providers/payment-provider';
import { isUniqueViolation } from '../../db/unique-violation';
import { fitText, writeFitting } from '../../infra/fit-text';

export type Donation = Selectable<SiteDonationsTable>;
export type NewDonation = Omit<Insertable<SiteDonationsTable>, 'created_at' | 'updated_at'>;

const toDonation = (row: Donation): Donation => ({
  ...row,
  id: Number(row.id),
  char_id: row.char_id === null ? null : Number(row.char_id),
  amount_cents: Number(row.amount_cents),
  coins: Number(row.coins),
  shortfall: Number(row.shortfall),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

/** The donations feature's tables: notifications as received, donations once per transaction. */
export const createDonationRepository = (
  db: Kysely<SiteDatabase>,
  now: () => number,
  /** Told when a column refused a 4-byte character and it was stored replaced (see writeFitting). */
  onReplaced: (table: string) => void = () => undefined,
  /** The provider whose donations these are: each provider's transaction ids are its own. */
  provider: ProviderName = 'paypal',
) => ({
  /**
   * Stores a notification as it arrived: the fields kept of it, and its raw bytes until it is
   * settled. Answers its id; due for a retry after `retryAfterMs` unless settled before.
   */
  async recordNotification(input: { raw: Buffer; fields: Record<string, string>; retryAfterMs: number }) {
    const { fields } = input;
    const values = {
      provider: 'paypal' as const,
      received_at: now(),
      txn_id: fitText(fields.txn_id ?? '', 64),
      payment_status: fitText(fields.payment_status ?? '', 32),
      mc_gross: fitText(fields.mc_gross ?? '', 32),
      mc_currency: fitText(fields.mc_currency ?? '', 8),
      custom: fitText(fields.custom ?? '', 127),
      payer_email: fitText(fields.payer_email ?? '', 127),
      receiver_email: fitText(fields.receiver_email ?? fields.business ?? '', 127),
      body: input.raw.toString('latin1'),
      next_attempt_at: now() + input.retryAfterMs,
    };
    const result = await writeFitting(
      values,
      (fitting) => db.insertInto('site_donation_notifications').values(fitting).executeTakeFirstOrThrow(),
      () => onReplaced('site_donation_notifications'),
    );
    return Number(result.insertId);
  },

  /**
   * The outcome of an attempt. Final: the raw body is dropped. Otherwise the body stays and the
   * notification is due again at `retryAt`.
   */
  async settleNotification(
    id: number,
    input: { verification: string; outcome: string; detail?: string; retryAt?: number },
  ): Promise<void> {
    const retry = input.retryAt !== undefined;
    await db
      .updateTable('site_donation_notifications')
      .set((eb) => ({
        verification: input.verification,
        outcome: input.outcome,
        detail: fitText(input.detail ?? '', 255),
        ...(retry ? { attempts: eb('attempts', '+', 1), next_attempt_at: input.retryAt } : { body: '' }),
      }))
      .where('id', '=', id)
      .execute();
  },

  /** Notifications stored but not settled (the process stopped, or a retry is due), oldest first. */
  async dueNotifications(limit: number) {
    const rows = await db
      .selectFrom('site_donation_notifications')
      .select(['id', 'body', 'received_at', 'attempts', 'next_attempt_at'])
      .where('body', '!=', '')
      .where('outcome', 'in', ['received', 'verify_failed', 'failed'])
      .where('next_attempt_at', '<=', now())
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      raw: Buffer.from(row.body, 'latin1'),
      receivedAt: Number(row.received_at),
      attempts: Number(row.attempts),
      nextAttemptAt: Number(row.next_attempt_at),
    }));
  },

  /**
   * Takes a due notification for `leaseMs`, so that of two processes sweeping one database only
   * one retries it now: false when another took it first.
   */
  async claimNotification(id: number, dueAt: number, leaseMs: number): Promise<boolean> {
    const result = await db
      .updateTable('site_donation_notifications')
      .set({ next_attempt_at: now() + leaseMs })
      .where('id', '=', id)
      .where('next_attempt_at', '=', dueAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Inserts the donation of a transaction once: 'inserted', or the row already there when the
   * transaction was recorded before (a repeated or concurrent notification).
   */
  async insertOnce(donation: NewDonation): Promise<{ inserted: true } | { inserted: false; existing: Donation }> {
    const stamp = now();
    try {
      await writeFitting(
        { ...donation, created_at: stamp, updated_at: stamp },
        (fitting) => db.insertInto('site_donations').values(fitting).execute(),
        () => onReplaced('site_donations'),
      );
      return { inserted: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.find(donation.txn_id);
      if (!existing) throw error;
      return { inserted: false, existing };
    }
  },

  async find(txnId: string): Promise<Donation | undefined> {
    const row = await db
      .selectFrom('site_donations')
      .selectAll()
      .where('provider', '=', provider)
      .where('txn_id', '=', txnId)
      .executeTakeFirst();
    return row && toDonation(row);
  },

  /** The refunds and reversals of a payment, in the order they were recorded. */
  async refundsOf(parentTxnId: string): Promise<Donation[]> {
    const rows = await db
      .selectFrom('site_donations')
      .selectAll()
      .where('provider', '=', provider)
      .where('parent_txn_id', '=', parentTxnId)
      .where('kind', 'in', ['refund', 'reversal'])
      .orderBy('id')
      .execute();
    return rows.map(toDonation);
  },

  async update(
    txnId: string,
    changes: Partial<Pick<Donation, 'status' | 'reward_status' | 'coins' | 'shortfall'>>,
  ): Promise<void> {
    await db
      .updateTable('site_donations')
      .set({ ...changes, updated_at: now() })
      .where('provider', '=', provider)
      .where('txn_id', '=', txnId)
      .execute();
  },
});
export type DonationRepository = ReturnType<typeof createDonationRepository>;
