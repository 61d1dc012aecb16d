import { retryOnConflict, writeTransaction } from '../db/write-retry';
import { type Kysely, sql } from 'kysely';
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

/** One line of a pack: an item and how many. */
export interface ItemLine {
  itemId: number;
  count: number;
}

/**
 * L2J Server: a pack as premium items, one row per item, all from one sender, numbered after the
 * character's last. One INSERT ... SELECT, so the pack is written whole or not at all and the
 * numbers are read where they are written (two site instances on one SQLite file included). The
 * sender names the pack (e.g. a shop order): waitingPremiumItemsFrom tells when the game handed
 * them all over.
 */
export const addPremiumItems = async (
  db: Kysely<GameDatabase>,
  pack: { charId: number; items: ItemLine[]; sender: string },
): Promise<void> => {
  const rows = pack.items.map(
    (line, index) =>
      sql`SELECT ${pack.charId}, last.n + ${index + 1}, ${line.itemId}, ${line.count}, ${pack.sender} FROM (SELECT COALESCE(MAX(itemNum), 0) AS n FROM character_premium_items WHERE charId = ${pack.charId}) last`,
  );
  await retryOnConflict(() =>
    sql`INSERT INTO character_premium_items (charId, itemNum, itemId, itemCount, itemSender) ${sql.join(rows, sql` UNION ALL `)}`.execute(
      db,
    ),
  );
};

/** How many premium items from this sender still wait for the character at the Dimensional Merchant. */
export const waitingPremiumItemsFrom = async (
  db: Kysely<GameDatabase>,
  charId: number,
  sender: string,
): Promise<number> => {
  const row = await db
    .selectFrom('character_premium_items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('charId', '=', charId)
    .where('itemSender', '=', sender)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/**
 * L2J Mobius: a letter with the items attached, delivered to the character when online. Mobius's
 * custom_mail has no key, and its CustomMailManager deletes a sent letter by (date, receiver): a
 * second letter to the same character in the same second could be deleted unsent. So each letter
 * takes the first second, from now on, in which the character has none waiting. Answers the
 * letter's date, which with the receiver names its row (customMailWaiting).
 */
export const sendPackByCustomMail = async (
  db: Kysely<GameDatabase>,
  letter: { charId: number; items: ItemLine[]; subject: string; message: string; now: number },
): Promise<string> => {
  const WINDOW_SECONDS = 60;
  return writeTransaction(db, async (trx) => {
    const start = Math.floor(letter.now / 1000) * 1000;
    const waiting = await trx
      .selectFrom('custom_mail')
      .select('date')
      .where('receiver', '=', letter.charId)
      .where('date', '>=', sqlTimestamp(start))
      .where('date', '<', sqlTimestamp(start + WINDOW_SECONDS * 1000))
      .execute();
    const taken = new Set(waiting.map((row) => String(row.date).slice(0, 19)));
    const offset = Array.from({ length: WINDOW_SECONDS }, (_, i) => i).find(
      (i) => !taken.has(sqlTimestamp(start + i * 1000)),
    );
    if (offset === undefined) throw new Error(`custom_mail: no free second for character ${letter.charId}`);
    const date = sqlTimestamp(start + offset * 1000);
    await trx
      .insertInto('custom_mail')
      .values({
        date,
        receiver: letter.charId,
        subject: letter.subject,
        message: letter.message,
        items: letter.items.map((line) => `${line.itemId} ${line.count}`).join(';'),
      })
      .execute();
    return date;
  });
};

/** L2J Mobius: one item as a letter (see sendPackByCustomMail). */
export const sendItemsByCustomMail = async (
  db: Kysely<GameDatabase>,
  gift: ItemGift & { subject: string; message: string; now: number },
): Promise<void> => {
  await sendPackByCustomMail(db, { ...gift, items: [{ itemId: gift.itemId, count: gift.count }] });
};

/** Whether the letter of this date to this character is still waiting (Mobius deletes it once sent). */
export const customMailWaiting = async (db: Kysely<GameDatabase>, charId: number, date: string): Promise<boolean> =>
  (await db
    .selectFrom('custom_mail')
    .select('receiver')
    .where('receiver', '=', charId)
    .where('date', '=', date)
    .executeTakeFirst()) !== undefined;

/**
 * The widest values the packs' items_delayed columns take: item_id is SMALLINT UNSIGNED, count an
 * INT UNSIGNED in some packs that the games read with getInt (docs/game/item-delivery.md). The
 * table is MyISAM, which stores a later row's value out of range clipped, without an error.
 */
const ITEMS_DELAYED_MAX_ITEM_ID = 65_535;
const ITEMS_DELAYED_MAX_COUNT = 2_147_483_647;

/**
 * RusAcis, L2-Scripts: a pack as items_delayed rows, one per item, all with one description (e.g.
 * a shop order) and payment_status 0. The game polls the table, hands each row to its owner while
 * online and sets payment_status 1 (delayedItemsWaiting tells when all were handed over). One
 * multi-row INSERT: the pack's MyISAM table has no transactions, and one statement is written
 * whole. A value the columns cannot hold is refused before anything is written.
 */
export const addDelayedItems = async (
  db: Kysely<GameDatabase>,
  pack: { charId: number; items: ItemLine[]; description: string },
): Promise<void> => {
  const wide = pack.items.find(
    (line) =>
      line.itemId < 1 ||
      line.itemId > ITEMS_DELAYED_MAX_ITEM_ID ||
      line.count < 1 ||
      line.count > ITEMS_DELAYED_MAX_COUNT,
  );
  if (wide) {
    throw new Error(
      `items_delayed holds item ids up to ${ITEMS_DELAYED_MAX_ITEM_ID} and counts up to ${ITEMS_DELAYED_MAX_COUNT}: item ${wide.itemId} x ${wide.count} cannot be written`,
    );
  }
  if (pack.items.length === 0) return;
  await retryOnConflict(() =>
    db
      .insertInto('items_delayed')
      .values(
        pack.items.map((line) => ({
          owner_id: pack.charId,
          item_id: line.itemId,
          count: line.count,
          payment_status: 0,
          description: pack.description,
        })),
      )
      .execute(),
  );
};

/** How many items_delayed rows of this description the game has not handed to the character yet. */
export const delayedItemsWaiting = async (
  db: Kysely<GameDatabase>,
  charId: number,
  description: string,
): Promise<number> => {
  const row = await db
    .selectFrom('items_delayed')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', charId)
    .where('description', '=', description)
    .where('payment_status', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/**
 * Of these items_delayed descriptions, the ones the game still holds a row of for one of these
 * characters, not handed over yet (payment_status 0).
 */
export const delayedDescriptionsWaiting = async (
  db: Kysely<GameDatabase>,
  charIds: number[],
  descriptions: string[],
): Promise<Set<string>> => {
  if (charIds.length === 0 || descriptions.length === 0) return new Set();
  const rows = await db
    .selectFrom('items_delayed')
    .select('description')
    .distinct()
    .where('owner_id', 'in', charIds)
    .where('description', 'in', descriptions)
    .where('payment_status', '=', 0)
    .execute();
  return new Set(rows.flatMap((row) => (row.description === null ? [] : [row.description])));
};
