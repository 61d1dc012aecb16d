import type { RewardRow, RewardState } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import { normalizeLogin } from '../../game/accounts';
import { listAccountCharacters } from '../../game/characters';
import { waitingPremiumItems } from '../../game/item-delivery';
import type { GameSchema } from '../../game/schema-check';
import type { RewardSettings } from './settings-schema';

/** The newest rewards an account's list shows. */
const MAX_ROWS = 200;

export interface AccountRewardsDeps {
  connections: Connections;
  schema: GameSchema;
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
 * that went to one of the account's characters, newest first, with where it is. A grant delivered
 * as a premium item is "at the merchant" while the game still holds a matching item from the
 * site's sender for that character: the newest such grants, as many as items wait.
 */
export const accountRewards = async (deps: AccountRewardsDeps, login: string): Promise<RewardRow[]> => {
  const { connections, schema, settings } = deps;
  const characters = await listAccountCharacters(connections.game.db, schema, normalizeLogin(login));
  if (characters.length === 0) return [];
  const names = new Map(characters.map((character) => [character.charId, character.name]));
  const ids = [...names.keys()];
  const site = connections.site.db;
  const rows = await site
    .selectFrom('site_reward_queue')
    .selectAll()
    .where('char_id', 'in', ids)
    // The first realm's grants: another realm's characters have ids of their own (decision 049).
    .where('realm', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_ROWS)
    .execute();
  const amounts = new Map(
    [...(await deps.paymentsOf(ids)).entries()].map(([requestId, paid]) => [
      requestId,
      formatAmount(paid.cents, paid.currency),
    ]),
  );
  const waiting = new Map<string, number>();
  if (schema.hasPremiumItems) {
    for (const item of await waitingPremiumItems(connections.game.db, ids, settings.sender)) {
      const key = `${item.charId}:${item.itemId}:${item.count}`;
      waiting.set(key, (waiting.get(key) ?? 0) + 1);
    }
  }
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
    return {
      source: row.reason,
      character: names.get(Number(row.char_id)) ?? '',
      itemId: Number(row.item_id),
      count: Number(row.item_count),
      state,
      attempts: Number(row.attempts),
      createdAt: Number(row.created_at),
      deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
      amount: amounts.get(row.request_id) ?? '',
    };
  });
};
