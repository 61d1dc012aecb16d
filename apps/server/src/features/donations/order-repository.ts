import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { SitePaypalOrdersTable } from './tables';
import { isUniqueViolation } from '../../db/unique-violation';
import { fitText } from '../../infra/fit-text';

/**
 * An order's states: created (PayPal made it; the donor is on PayPal's page), approved (the donor
 * came back; the capture is due or retried), pending (PayPal holds the payment), credited (the
 * coins are granted), denied, failed (PayPal refused, or the order never came to be), refunded,
 * reversed.
 */
export type OrderStatus =
  'created' | 'approved' | 'pending' | 'credited' | 'denied' | 'failed' | 'refunded' | 'reversed';

export type PaypalOrderRow = Selectable<SitePaypalOrdersTable>;

const toRow = (row: PaypalOrderRow): PaypalOrderRow => ({
  ...row,
  id: Number(row.id),
  char_id: Number(row.char_id),
  amount_cents: Number(row.amount_cents),
  coins: Number(row.coins),
  attempts: Number(row.attempts),
  next_attempt_at: Number(row.next_attempt_at),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

/**
 * The longest webhook event id kept (site_paypal_webhook_events.event_id is varchar(64)), and
 * what one is made of: PayPal's are like WH-2WR32451HC0233532-67976317FL4543714. Ids are kept
 * whole, so that the lookups that settle or forget an event find the row it stored.
 */
export const WEBHOOK_EVENT_ID = /^[\x21-\x7e]{1,64}$/;

/** The orders of the donate page (site_paypal_orders) and the webhook events already handled. */
export const createOrderRepository = (db: Kysely<SiteDatabase>, now: () => number) => ({
  async insert(
    order: Pick<
      Insertable<SitePaypalOrdersTable>,
      'donation_id' | 'char_name' | 'char_id' | 'amount_cents' | 'currency' | 'coins' | 'login'
    >,
  ): Promise<void> {
    const stamp = now();
    await db
      .insertInto('site_paypal_orders')
      .values({ ...order, status: 'created', created_at: stamp, updated_at: stamp })
      .execute();
  },

  async byDonation(donationId: string): Promise<PaypalOrderRow | undefined> {
    const row = await db
      .selectFrom('site_paypal_orders')
      .selectAll()
      .where('donation_id', '=', donationId)
      .executeTakeFirst();
    return row && toRow(row);
  },

  async byOrder(orderId: string): Promise<PaypalOrderRow | undefined> {
    if (!orderId) return undefined;
    const row = await db
      .selectFrom('site_paypal_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return row && toRow(row);
  },

  async byCapture(captureId: string): Promise<PaypalOrderRow | undefined> {
    if (!captureId) return undefined;
    const row = await db
      .selectFrom('site_paypal_orders')
      .selectAll()
      .where('capture_id', '=', captureId)
      .executeTakeFirst();
    return row && toRow(row);
  },

  async update(
    donationId: string,
    changes: Partial<{
      order_id: string;
      status: OrderStatus;
      capture_id: string;
      detail: string;
      next_attempt_at: number;
    }> & { attempted?: boolean },
    /** Only from these states: a later state (credited) is never taken back by a slower step. */
    from?: readonly OrderStatus[],
  ): Promise<boolean> {
    const { attempted, detail, ...rest } = changes;
    let query = db
      .updateTable('site_paypal_orders')
      .set((eb) => ({
        ...rest,
        ...(detail === undefined ? {} : { detail: fitText(detail, 255) }),
        ...(attempted ? { attempts: eb('attempts', '+', 1) } : {}),
        updated_at: now(),
      }))
      .where('donation_id', '=', donationId);
    if (from) query = query.where('status', 'in', [...from]);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Approved orders whose capture is due again (PayPal was unreachable), oldest first. */
  async dueCaptures(limit: number, since: number): Promise<PaypalOrderRow[]> {
    const rows = await db
      .selectFrom('site_paypal_orders')
      .selectAll()
      .where('status', '=', 'approved')
      .where('next_attempt_at', '<=', now())
      .where('created_at', '>=', since)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  },

  /** Takes a due capture for `leaseMs`: of two instances sweeping at once, one captures. */
  async claimCapture(donationId: string, dueAt: number, leaseMs: number): Promise<boolean> {
    const result = await db
      .updateTable('site_paypal_orders')
      .set({ next_attempt_at: now() + leaseMs })
      .where('donation_id', '=', donationId)
      .where('status', '=', 'approved')
      .where('next_attempt_at', '=', dueAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Records a verified webhook event once: false when PayPal sent it before (a redelivery or a replay). */
  async firstDelivery(event: { id: string; type: string; resourceId: string }): Promise<boolean> {
    if (!WEBHOOK_EVENT_ID.test(event.id)) throw new Error('a webhook event id the events table cannot keep whole');
    try {
      await db
        .insertInto('site_paypal_webhook_events')
        .values({
          event_id: event.id,
          event_type: fitText(event.type, 64),
          resource_id: fitText(event.resourceId, 64),
          outcome: 'received',
          received_at: now(),
        })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  },

  async settleEvent(eventId: string, outcome: string): Promise<void> {
    await db
      .updateTable('site_paypal_webhook_events')
      .set({ outcome: fitText(outcome, 32) })
      .where('event_id', '=', eventId)
      .execute();
  },

  /** Forgets an event whose handling failed, so that PayPal's redelivery is handled. */
  async forgetEvent(eventId: string): Promise<void> {
    await db.deleteFrom('site_paypal_webhook_events').where('event_id', '=', eventId).execute();
  },
});
export type OrderRepository = ReturnType<typeof createOrderRepository>;
