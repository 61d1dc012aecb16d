import type { RewardRow, RewardState } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { normalizeLogin } from '../../game/accounts';
import { listAccountCharacters } from '../../game/characters';
import type { GameRealm } from '../../game/game-realm';
import { delayedDescriptionsWaiting, waitingPremiumItems } from '../../game/item-delivery';
import { isServiceUnavailable } from '../../infra/unavailable';
import { rewardDescription } from './reward-delivery';
import type { RewardSettings } from './settings-schema';

/** The newest rewards an account's list shows. */
const MAX_ROWS = 200;

export interface AccountRewardsDeps {
  site: Kysely<SiteDatabase>;
  /** Every realm, the first first (decision 049); a realm whose database is down is left out of the list. */
  realms: readonly GameRealm[];
  settings: RewardSettings;
  /**
   * The payments to these characters, by the request id of the grant each paid for: the
   * donations feature's, handed in by app.ts (it depends on this one, not the other way).
   */
  paymentsOf: (charIds: number[]) => Promise<Map<string, { cents: number; currency: string }>>;
}

const formatAmount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/**
 * GET /sdk/account/rewards (docs/product.md#my-account-rewards): every grant of the reward queue
 * that went to one of the account's characters in any realm, newest first, with where it is and
 * the realm it went to. A grant delivered as a premium item is "at the merchant" while the game
 * still holds a matching item from the site's sender for that character: the newest such grants,
 * as many as items wait. A grant written into items_delayed is "waiting in the game" while its row
 * is not handed over yet (payment_status 0).
 */
export const accountRewards = async (deps: AccountRewardsDeps, login: string): Promise<RewardRow[]> => {
  const account = normalizeLogin(login);
  const perRealm = await Promise.all(
    deps.realms
      .filter((realm) => realm.isUp())
      .map((realm) =>
        realm
          .read((game, schema) =>
            realmRewards(deps, realm, account, {
              game,
              hasPremiumItems: schema.hasPremiumItems,
              hasItemsDelayed: schema.hasItemsDelayed,
            }),
          )
          // Another realm that went down meanwhile is left out; the first realm's failure is the answer's.
          .catch((error: unknown) => {
            if (!realm.first && isServiceUnavailable(error)) return [];
            throw error;
          }),
      ),
  );
  return perRealm
    .flat()
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, MAX_ROWS);
};

const realmRewards = async (
  deps: AccountRewardsDeps,
  realm: GameRealm,
  login: string,
  {
    game,
    hasPremiumItems,
    hasItemsDelayed,
  }: { game: GameRealm['game']; hasPremiumItems: boolean; hasItemsDelayed: boolean },
): Promise<RewardRow[]> => {
  const schema = realm.schema();
  if (!schema) return [];
  const characters = await listAccountCharacters(game, schema, login);
  if (characters.length === 0) return [];
  const names = new Map(characters.map((character) => [character.charId, character.name]));
  const ids = [...names.keys()];
  const rows = await deps.site
    .selectFrom('site_reward_queue')
    .selectAll()
    .where('char_id', 'in', ids)
    // Each realm's characters have ids of their own: a grant is this realm's by its realm column,
    // null for the first realm (decision 049).
    .where((eb) => (realm.first ? eb('realm', 'is', null) : eb('realm', '=', realm.slug)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_ROWS)
    .execute();
  // Donations pay the first realm's characters.
  const paid = realm.first ? await deps.paymentsOf(ids) : new Map<string, { cents: number; currency: string }>();
  const waiting = new Map<string, number>();
  if (hasPremiumItems) {
    for (const item of await waitingPremiumItems(game, ids, deps.settings.sender)) {
      const key = `${item.charId}:${item.itemId}:${item.count}`;
      waiting.set(key, (waiting.get(key) ?? 0) + 1);
    }
  }
  const inGameQueue = hasItemsDelayed
    ? await delayedDescriptionsWaiting(
        game,
        ids,
        rows
          .filter((row) => row.status === 'delivered' && row.delivery === 'itemsDelayed')
          .map((row) => rewardDescription(deps.settings.sender, row.request_id)),
      )
    : new Set<string>();
  return rows.map((row): RewardRow => {
    let state: RewardState =
      row.status === 'pending'
        ? 'queued'
        : row.status === 'failed'
          ? 'failed'
          : row.status === 'cancelled'
            ? 'cancelled'
            : 'delivered';
    if (state === 'delivered' && row.delivery === 'premiumItems') {
      const key = `${row.char_id}:${row.item_id}:${row.item_count}`;
      const left = waiting.get(key) ?? 0;
      if (left > 0) {
        state = 'atMerchant';
        waiting.set(key, left - 1);
      }
    }
    if (
      state === 'delivered' &&
      row.delivery === 'itemsDelayed' &&
      inGameQueue.has(rewardDescription(deps.settings.sender, row.request_id))
    ) {
      state = 'waitingInGame';
    }
    const payment = paid.get(row.request_id);
    return {
      source: row.reason,
      realm: realm.slug,
      character: names.get(Number(row.char_id)) ?? '',
      itemId: Number(row.item_id),
      count: Number(row.item_count),
      state,
      attempts: Number(row.attempts),
      createdAt: Number(row.created_at),
      deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
      amount: payment ? formatAmount(payment.cents, payment.currency) : '',
    };
  });
};
