import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';

/**
 * Items put where the game hands them to a character (L2J.md, item delivery). No SQL elsewhere
 * knows these tables.
 */

export interface ItemGift {
  charId: number;
  itemId: number;
  count: number;
}

/** L2J Server: a premium item the character claims at the Dimensional Merchant after a relog. */
export const addPremiumItem = async (db: Kysely<GameDatabase>, gift: ItemGift & { sender: string }): Promise<void> => {
  await db.transaction().execute(async (trx) => {
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

/** 'YYYY-MM-DD HH:MM:SS' in UTC: what both MariaDB's TIMESTAMP and SQLite's text take. */
const sqlTimestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * L2J Mobius: a letter with the items attached, delivered to the character when online. The
 * table's key is (date, receiver), so a second letter to the same character within the same
 * second takes the next free second.
 */
export const sendItemsByCustomMail = async (
  db: Kysely<GameDatabase>,
  gift: ItemGift & { subject: string; message: string; now: number },
): Promise<void> => {
  for (let offset = 0; offset < 60; offset++) {
    const result = await db
      .insertInto('custom_mail')
      .values({
        date: sqlTimestamp(gift.now + offset * 1000),
        receiver: gift.charId,
        subject: gift.subject,
        message: gift.message,
        items: `${gift.itemId} ${gift.count}`,
      })
      .ignore()
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return;
  }
  throw new Error(`custom_mail: no free second for character ${gift.charId}`);
};
