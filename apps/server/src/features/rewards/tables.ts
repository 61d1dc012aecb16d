import type { Generated } from 'kysely';

export interface SiteRewardQueueTable {
  id: Generated<number>;
  /** Unique: a grant with the same id is paid once. */
  request_id: string;
  char_id: number;
  item_id: number;
  item_count: number;
  reason: 'donation' | 'referral' | 'vote';
  delivery: 'premiumItems' | 'customMail' | 'itemsDelayed' | 'queue';
  /** cancelled: taken back before delivery (a refunded donation, features/rewards/reward-queue.ts). */
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  last_error: string | null;
  /** Milliseconds since the epoch. */
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
  /** The slug of the realm whose game database it goes to (decision 049); null: the first realm. */
  realm: string | null;
}

/** The rewards feature's site tables (migrations.ts): only this feature names them. */
export type RewardTables = {
  site_reward_queue: SiteRewardQueueTable;
};
