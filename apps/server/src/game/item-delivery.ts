import { writeTransaction } from '../db/write-retry';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';

/**
 * Items put where the game hands them to a character (docs/game/item-delivery.md). No SQL elsewhere
 * knows these tables.
 */

export interface ItemGift {
  charId: number;
  itemId: number;
  count: number;
}

/** L2J Server: a premium item the character claims at the Dimensional Merchant after a relog. */
export const addPremiumItem = async (db: Kysely<GameDatabase>, gift: ItemGift & { sender: string }): Promise<void> => {
  await writeTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom('character_premium_items')
      .select((eb) => eb.fn.max('itemNum').as('itemNum'))
      .where('charId', '=', gift.charId)
      .executeTakeFirst();
    await trx
      .insertInto('character_premium_items')
      .values({
        charId: gift.charId,
        itemNum: Number(last?.itemNum ?? 0) + 1,
        itemId: gift.itemId,
        itemCount: gift.count,
        itemSender: gift.sender,
      })
      .execute();
  });
};

/**
 * The premium items still waiting at the Dimensional Merchant for these characters from this
 * sender: the game deletes a row once the character takes the item.
 */
export const waitingPremiumItems = async (
  db: Kysely<GameDatabase>,
  charIds: number[],
  sender: string,
): Promise<ItemGift[]> => {
  if (charIds.length === 0) return [];
  const rows = await db
    .selectFrom('character_premium_items')
    .select(['charId', 'itemId', 'itemCount'])
    .where('charId', 'in', charIds)
    .where('itemSender', '=', sender)
    .execute();
  return rows.map((row) => ({ charId: Number(row.charId), itemId: Number(row.itemId), count: Number(row.itemCount) }));
};

/** 'YYYY-MM-DD HH:MM:SS' in UTC: what both MariaDB's TIMESTAMP and SQLite's text take. */
const sqlTimestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * L2J Mobius: a letter with the items attached, delivered to the character when online. Mobius's
 * custom_mail has no key, and its CustomMailManager deletes a sent letter by (date, receiver): a
 * second letter to the same character in the same second could be deleted unsent. So each letter
 * takes the first second, from now on, in which the character has none waiting.
 */
export const sendItemsByCustomMail = async (
  db: Kysely<GameDatabase>,
  gift: ItemGift & { subject: string; message: string; now: number },
): Promise<void> => {
  const WINDOW_SECONDS = 60;
  await writeTransaction(db, async (trx) => {
    const start = Math.floor(gift.now / 1000) * 1000;
    const waiting = await trx
      .selectFrom('custom_mail')
      .select('date')
      .where('receiver', '=', gift.charId)
      .where('date', '>=', sqlTimestamp(start))
      .where('date', '<', sqlTimestamp(start + WINDOW_SECONDS * 1000))
      .execute();
    const taken = new Set(waiting.map((row) => String(row.date).slice(0, 19)));
    const offset = Array.from({ length: WINDOW_SECONDS }, (_, i) => i).find(
      (i) => !taken.has(sqlTimestamp(start + i * 1000)),
    );
    if (offset === undefined) throw new Error(`custom_mail: no free second for character ${gift.charId}`);
    await trx
      .insertInto('custom_mail')
      .values({
        date: sqlTimestamp(start + offset * 1000),
        receiver: gift.charId,
        subject: gift.subject,
        message: gift.message,
        items: `${gift.itemId} ${gift.count}`,
      })
      .execute();
  });
};
