import type { Kysely } from 'kysely';
import type { Connections } from '../../db/connections';
import type { SiteDatabase } from '../../db/tables';
import type { GameSchema } from '../../game/schema-check';
import {
  type Delivery,
  type RewardDelivery,
  type RewardStatus,
  createRewardDelivery,
  deliveryOf,
} from './reward-delivery';
import type { RewardSettings } from './settings-schema';

/** What became of a demo grant: handed out, still waiting, or failed with the game's error. */
export type DemoOutcome = { status: 'delivered' } | { status: 'pending' } | { status: 'failed'; error: string };

/** The delivery the running site does not retry: the demo's failed grant stays a record. */
const otherDelivery = (delivery: Delivery): Delivery => (delivery === 'premiumItems' ? 'customMail' : 'premiumItems');

/**
 * The demo world's reward queue (embedded database, first run only): the donations and votes
 * seeders grant through this instead of the site's RewardDelivery. A grant is recorded by the
 * reward feature's own record() (the row the site writes), and then only marked as its outcome
 * says: delivered (as deliver() marks a grant handed out), left pending, or failed with an error.
 * Nothing reaches the game: a delivered demo grant is a record only. A failed one is kept under
 * the delivery the site does not use (as if given before the owner changed rewards.delivery), so
 * the running site's retry, which takes only its own delivery's failed grants, never hands it out.
 */
export const demoRewards = (deps: {
  connections: Connections;
  schema: GameSchema;
  settings: RewardSettings;
  /** The clock of the grant being made: the donation's or the vote's time. */
  now: () => number;
  outcomeOf: (requestId: string) => DemoOutcome;
}): Pick<RewardDelivery, 'grant' | 'record' | 'deliverRecorded'> => {
  const { connections, settings, now } = deps;
  const site: Kysely<SiteDatabase> = connections.site.db;
  const delivery = deliveryOf(settings, deps.schema);
  const recorder = createRewardDelivery({
    connections,
    schema: deps.schema,
    settings,
    now,
    log: { info: () => undefined, error: () => undefined },
  });

  const deliverRecorded = async (requestId: string): Promise<RewardStatus> => {
    const outcome = deps.outcomeOf(requestId);
    const at = now();
    if (outcome.status === 'pending') return 'pending';
    if (outcome.status === 'failed') {
      await site
        .updateTable('site_reward_queue')
        .set({
          status: 'failed',
          delivery: otherDelivery(delivery),
          attempts: 3,
          last_error: outcome.error.slice(0, 255),
          updated_at: at,
        })
        .where('request_id', '=', requestId)
        .execute();
      return 'failed';
    }
    await site
      .updateTable('site_reward_queue')
      .set({ status: 'delivered', attempts: 1, last_error: null, updated_at: at, delivered_at: at })
      .where('request_id', '=', requestId)
      .execute();
    return 'delivered';
  };

  return {
    record: (db, grant) => recorder.record(db, grant),
    deliverRecorded,
    async grant(grant) {
      if (!(await recorder.record(site, grant))) return { status: 'duplicate' };
      return { status: await deliverRecorded(grant.requestId) };
    },
  };
};
