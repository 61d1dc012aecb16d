import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import { ServiceUnavailableError } from '../../infra/unavailable';
import type { Connections } from '../../db/connections';
import { addDelayedItems, addPremiumItem, sendItemsByCustomMail } from '../../game/item-delivery';
import type { GameSchema } from '../../game/schema-check';
import type { RewardSettings } from './settings-schema';

export type RewardReason = 'donation' | 'referral' | 'vote';

export interface RewardGrant {
  /** Paid once per id: `paypal:<txn_id>`, `referral:<login>`... */
  requestId: string;
  charId: number;
  count: number;
  reason: RewardReason;
  /** Default: the coin item of the settings. */
  itemId?: number;
  /** The realm whose character it pays (decision 049): its slug; left out, the first realm. */
  realm?: string;
}

/** pending: waits for the game (queue delivery) or for a retry; failed: the last try failed. */
export type RewardStatus = 'delivered' | 'pending' | 'failed';
export type Delivery = 'premiumItems' | 'customMail' | 'itemsDelayed' | 'queue';

export interface RewardDelivery {
  /** Records the grant once per requestId and delivers it; 'duplicate' (nothing written) when seen before. */
  grant(grant: RewardGrant): Promise<{ status: RewardStatus | 'duplicate' }>;
  /**
   * Records a grant in the caller's transaction (with what makes it due, e.g. a vote's ledger row);
   * false when its requestId was seen before. deliverRecorded() hands it out once committed.
   */
  record(db: Kysely<SiteDatabase>, grant: RewardGrant): Promise<boolean>;
  /** Delivers a grant record() wrote, once its transaction committed. */
  deliverRecorded(requestId: string): Promise<RewardStatus>;
  /** Tries again every grant whose delivery failed (the game database was down); answers how many went through. */
  retryFailed(): Promise<number>;
  /**
   * Tries again the one grant an owner asked for, if its delivery failed, and no other: its state
   * afterwards ('missing' when there is no such grant).
   */
  retryOne(requestId: string): Promise<string>;
  /** Starts retrying failed grants every retrySeconds; stopped by stop(). */
  start(): void;
  /** Stops the retries and waits for the pass under way, so a stopping instance leaves no grant half done. */
  stop(): Promise<void>;
}

/** A realm's game database as the rewards reach it (decision 049). */
export interface RewardRealm {
  game: Kysely<GameDatabase>;
  /** Its flavour and tables; undefined until its database first answered. */
  schema(): GameSchema | undefined;
}

export interface RewardDeps {
  connections: Connections;
  /** The first realm's flavour and tables (`connections.game`'s). */
  schema: GameSchema;
  settings: RewardSettings;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /**
   * The realms after the first, by slug (decision 049): a grant for one of them goes to its game
   * database, the way its own flavour takes items. Left out: the first realm only.
   */
  otherRealms?: ReadonlyMap<string, RewardRealm>;
  /** The first realm's slug: a grant that names it is the first realm's. */
  firstRealm?: string;
}

export const deliveryOf = (settings: RewardSettings, schema: GameSchema): Delivery => {
  if (settings.delivery === 'premiumItems' && !schema.hasPremiumItems) {
    throw new Error('rewards.delivery is premiumItems but the game database has no character_premium_items table');
  }
  if (settings.delivery === 'customMail' && !schema.hasCustomMail) {
    throw new Error('rewards.delivery is customMail but the game database has no custom_mail table');
  }
  if (settings.delivery === 'itemsDelayed' && !schema.hasItemsDelayed) {
    throw new Error(
      'rewards.delivery is itemsDelayed but the game database has no items_delayed table with payment_id, owner_id, item_id, count, payment_status and description',
    );
  }
  if (settings.delivery !== 'auto') return settings.delivery;
  if (schema.hasPremiumItems) return 'premiumItems';
  if (schema.hasCustomMail) return 'customMail';
  if (schema.hasItemsDelayed) return 'itemsDelayed';
  return 'queue';
};

/**
 * The start-up warning when `auto` found nowhere in the game to put items: rewards are recorded
 * and wait, pending, in site_reward_queue until a game mod hands them out. Nothing when the owner
 * chose the queue or the game has a table.
 */
export const queueWarning = (settings: RewardSettings, schema: GameSchema): string | undefined => {
  if (settings.delivery !== 'auto' || deliveryOf(settings, schema) !== 'queue') return undefined;
  const { whyNone, tables } = schema.flavor.itemDelivery;
  const why = whyNone ?? `the game database has none of the tables ${tables.join(', ')}`;
  return (
    `rewards: ${why}. Donation and referral coins are recorded in site_reward_queue (status pending) and wait there ` +
    'until a game mod hands them out and marks them delivered: see docs/owner/payments.md (rewards.delivery queue). ' +
    'Set rewards.delivery to queue to say you have one.'
  );
};

const MAX_ERROR_LENGTH = 255;

/** A reward's items_delayed description: the sender and the grant's request id (the column holds 255). */
export const rewardDescription = (sender: string, requestId: string): string => `${sender} ${requestId}`.slice(0, 255);

/** A grant's realm as its row keeps it: null for the first realm (decision 049). */
type RealmKey = string | null;

export const createRewardDelivery = (deps: RewardDeps): RewardDelivery => {
  const { connections, settings, now, log } = deps;
  const delivery = deliveryOf(settings, deps.schema);
  const site = connections.site.db;
  let timer: NodeJS.Timeout | undefined;
  let retrying: Promise<number> | undefined;

  /**
   * A realm's game database and how items reach it: the first realm's (null) as start-up found it,
   * another's from its own flavour once its database answered; undefined for a realm not known (yet).
   */
  const realmOf = (realm: RealmKey): { game: Kysely<GameDatabase>; delivery: Delivery } | undefined => {
    if (realm === null) return { game: connections.game.db, delivery };
    const other = deps.otherRealms?.get(realm);
    const schema = other?.schema();
    if (!other || !schema) return undefined;
    return { game: other.game, delivery: deliveryOf(settings, schema) };
  };

  const intoGame = async (row: {
    request_id: string;
    char_id: number;
    item_id: number;
    item_count: number;
    realm: RealmKey;
  }) => {
    const gift = { charId: row.char_id, itemId: row.item_id, count: Number(row.item_count) };
    const target = realmOf(row.realm);
    if (!target) throw new Error(`realm ${row.realm}: not known, or its game database has not answered yet`);
    if (target.delivery === 'premiumItems') await addPremiumItem(target.game, { ...gift, sender: settings.sender });
    else if (target.delivery === 'itemsDelayed')
      await addDelayedItems(target.game, {
        charId: gift.charId,
        items: [{ itemId: gift.itemId, count: gift.count }],
        description: rewardDescription(settings.sender, row.request_id),
      });
    else
      await sendItemsByCustomMail(target.game, {
        ...gift,
        subject: settings.mailSubject,
        message: settings.mailMessage,
        now: now(),
      });
  };

  /** Delivers one recorded grant; only a row still 'failed' or fresh 'pending' of this process is tried. */
  const deliver = async (row: {
    id: number;
    request_id: string;
    char_id: number;
    item_id: number;
    item_count: number;
    attempts: number;
    realm: RealmKey;
  }): Promise<RewardStatus> => {
    try {
      await intoGame(row);
    } catch (error) {
      await site
        .updateTable('site_reward_queue')
        .set({
          status: 'failed',
          attempts: row.attempts + 1,
          last_error: String((error as Error).message).slice(0, MAX_ERROR_LENGTH),
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      log.error({ err: error, requestId: row.request_id }, 'reward delivery failed; it will be tried again');
      return 'failed';
    }
    await site
      .updateTable('site_reward_queue')
      .set({
        status: 'delivered',
        attempts: row.attempts + 1,
        last_error: null,
        updated_at: now(),
        delivered_at: now(),
      })
      .where('id', '=', row.id)
      .execute();
    return 'delivered';
  };

  /** A failed grant claimed for a new try (failed → pending), so that two instances never both deliver it. */
  const claimFailed = async (id: number): Promise<boolean> => {
    const claimed = await site
      .updateTable('site_reward_queue')
      .set({ status: 'pending', updated_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  };

  const retryFailed = async (): Promise<number> => {
    // Each realm's grants the way its own game takes them; a realm whose database has not answered
    // yet waits, and its grants do not hold back the others'.
    const ready = [null, ...(deps.otherRealms?.keys() ?? [])].flatMap((realm) => {
      const target = realmOf(realm);
      return target && target.delivery !== 'queue' ? [{ realm, delivery: target.delivery }] : [];
    });
    if (ready.length === 0) return 0;
    const failed = await site
      .selectFrom('site_reward_queue')
      .select(['id', 'request_id', 'char_id', 'item_id', 'item_count', 'attempts', 'realm', 'delivery'])
      .where('status', '=', 'failed')
      .where((eb) =>
        eb.or(
          ready.map(({ realm, delivery: way }) =>
            eb.and([realm === null ? eb('realm', 'is', null) : eb('realm', '=', realm), eb('delivery', '=', way)]),
          ),
        ),
      )
      .orderBy('id')
      .limit(100)
      .execute();
    let delivered = 0;
    for (const row of failed) {
      if (!(await claimFailed(row.id))) continue;
      if ((await deliver({ ...row, item_count: Number(row.item_count) })) === 'delivered') delivered += 1;
    }
    return delivered;
  };

  const retryOne = async (requestId: string): Promise<string> => {
    const row = await site
      .selectFrom('site_reward_queue')
      .select(['id', 'request_id', 'char_id', 'item_id', 'item_count', 'attempts', 'status', 'delivery', 'realm'])
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.status !== 'failed' || row.delivery !== realmOf(row.realm)?.delivery) return row.status;
    // An instance's timer retrying at the same moment: one of the two claims it and delivers it.
    if (!(await claimFailed(row.id))) return 'pending';
    return deliver({ ...row, item_count: Number(row.item_count) });
  };

  const record = async (db: Kysely<SiteDatabase>, grant: RewardGrant): Promise<boolean> => {
    const time = now();
    const realm = grant.realm === undefined || grant.realm === deps.firstRealm ? null : grant.realm;
    const target = realmOf(realm);
    if (!target) throw new ServiceUnavailableError(`realm ${grant.realm}: its game database has not answered yet`);
    const inserted = await db
      .insertInto('site_reward_queue')
      .values({
        request_id: grant.requestId,
        char_id: grant.charId,
        item_id: grant.itemId ?? settings.coinItemId,
        item_count: grant.count,
        reason: grant.reason,
        delivery: target.delivery,
        status: 'pending',
        realm,
        attempts: 0,
        last_error: null,
        created_at: time,
        updated_at: time,
        delivered_at: null,
      })
      .ignore()
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    log.info(
      {
        requestId: grant.requestId,
        charId: grant.charId,
        count: grant.count,
        reason: grant.reason,
        delivery: target.delivery,
        realm: grant.realm,
      },
      'reward granted',
    );
    return true;
  };

  const deliverRecorded = async (requestId: string): Promise<RewardStatus> => {
    const row = await site
      .selectFrom('site_reward_queue')
      .select(['id', 'request_id', 'char_id', 'item_id', 'item_count', 'attempts', 'delivery', 'realm'])
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    if (row.delivery === 'queue') return 'pending';
    return deliver({ ...row, item_count: Number(row.item_count) });
  };

  return {
    async grant(grant) {
      if (!(await record(site, grant))) return { status: 'duplicate' };
      return { status: await deliverRecorded(grant.requestId) };
    },
    record,
    deliverRecorded,
    retryFailed,
    retryOne,
    start() {
      // Another realm's game may take items where the first's does not (its flavour is its own).
      if (timer || (delivery === 'queue' && (deps.otherRealms?.size ?? 0) === 0)) return;
      timer = setInterval(() => {
        if (retrying) return;
        retrying = retryFailed()
          .catch((error: unknown) => {
            log.error({ err: error }, 'reward retry failed');
            return 0;
          })
          .finally(() => {
            retrying = undefined;
          });
      }, settings.retrySeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await retrying;
    },
  };
};
