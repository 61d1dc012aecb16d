import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../playwright.config';

/**
 * What the game does to an instance's embedded database outside the site, as docs/game/item-delivery.md
 * and docs/owner/payments.md describe it: a player takes the site's items at the Dimensional
 * Merchant (L2J Server deletes the character_premium_items rows), and a game mod hands out the
 * queued rewards on aCis (it marks their site_reward_queue rows delivered).
 */
type Instance = Parameters<typeof DATABASE_FILE>[0];

const write = <T>(instance: Instance, run: (db: Database.Database) => T): T => {
  const db = new Database(DATABASE_FILE(instance), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return run(db);
  } finally {
    db.close();
  }
};

/** L2J Server: the character takes every item of this id waiting for it at the Dimensional Merchant. */
export const takeAtDimensionalMerchant = (instance: Instance, charId: number, itemId: number): number =>
  write(
    instance,
    (db) =>
      db.prepare('DELETE FROM character_premium_items WHERE charId = ? AND itemId = ?').run(charId, itemId).changes,
  );

/** A game mod of the `queue` delivery: every pending grant of the character handed out, as its contract says. */
export const handOutQueuedRewards = (instance: Instance, charId: number): number =>
  write(instance, (db) => {
    const now = Date.now();
    return db
      .prepare(
        `UPDATE site_reward_queue SET status = 'delivered', delivered_at = ?, updated_at = ?
          WHERE char_id = ? AND delivery = 'queue' AND status = 'pending'`,
      )
      .run(now, now, charId).changes;
  });

/** L2J Server: the character takes a shop order's items at the Dimensional Merchant (their sender names the order). */
export const takeOrderAtDimensionalMerchant = (instance: Instance, orderId: number): number =>
  write(
    instance,
    (db) => db.prepare('DELETE FROM character_premium_items WHERE itemSender = ?').run(`Shop #${orderId}`).changes,
  );
