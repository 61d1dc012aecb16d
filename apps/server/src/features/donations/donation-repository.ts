import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SiteDatabase, SiteDonationsTable } from '../../db/tables';

export type Donation = Selectable<SiteDonationsTable>;
export type NewDonation = Omit<Insertable<SiteDonationsTable>, 'created_at' | 'updated_at'>;

/** A unique key refused the row: SQLite and MariaDB/MySQL name it differently. */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062
  );
};

const toDonation = (row: Donation): Donation => ({
  ...row,
  char_id: row.char_id === null ? null : Number(row.char_id),
  amount_cents: Number(row.amount_cents),
  coins: Number(row.coins),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

/** The donations feature's tables: notifications as received, donations once per transaction. */
export const createDonationRepository = (db: Kysely<SiteDatabase>, now: () => number) => ({
  /** Stores a notification as it arrived; answers its id for the outcome. */
  async recordNotification(input: { body: string; txnId: string; paymentStatus: string }): Promise<number> {
    const result = await db
      .insertInto('site_donation_notifications')
      .values({
        provider: 'paypal',
        received_at: now(),
        txn_id: input.txnId.slice(0, 64),
        payment_status: input.paymentStatus.slice(0, 32),
        body: input.body,
      })
      .executeTakeFirstOrThrow();
    return Number(result.insertId);
  },

  async settleNotification(
    id: number,
    input: { verification: string; outcome: string; detail?: string },
  ): Promise<void> {
    await db
      .updateTable('site_donation_notifications')
      .set({ verification: input.verification, outcome: input.outcome, detail: (input.detail ?? '').slice(0, 255) })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Inserts the donation of a transaction once: 'inserted', or the row already there when the
   * transaction was recorded before (a repeated or concurrent notification).
   */
  async insertOnce(donation: NewDonation): Promise<{ inserted: true } | { inserted: false; existing: Donation }> {
    const stamp = now();
    try {
      await db
        .insertInto('site_donations')
        .values({ ...donation, created_at: stamp, updated_at: stamp })
        .execute();
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
      .where('provider', '=', 'paypal')
      .where('txn_id', '=', txnId)
      .executeTakeFirst();
    return row && toDonation(row);
  },

  async update(txnId: string, changes: Partial<Pick<Donation, 'status' | 'reward_status'>>): Promise<void> {
    await db
      .updateTable('site_donations')
      .set({ ...changes, updated_at: now() })
      .where('provider', '=', 'paypal')
      .where('txn_id', '=', txnId)
      .execute();
  },
});
export type DonationRepository = ReturnType<typeof createDonationRepository>;
