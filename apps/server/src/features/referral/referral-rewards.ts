import type { FastifyBaseLogger } from 'fastify';
import type { Connections } from '../../db/connections';
import { loginsAtLevel, rewardCharacterOf } from '../../game/referral-characters';
import type { GameSchema } from '../../game/schema-check';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { listNotPlaying, listUnrewarded, markPlaying, markRewarded } from './referral-repository';

/** The part of the reward delivery the programme uses. */
export type ReferralRewardDelivery = Pick<RewardDelivery, 'grant'>;

export interface ReferralCheckDeps {
  connections: Connections;
  schema: Pick<GameSchema, 'flavor'>;
  rewards: ReferralRewardDelivery;
  playingLevel: number;
  coinsPerRef: number;
  now: () => number;
}

const PAGE = 500;

/** One request per referred login: the delivery records it once, whichever instance asks. */
export const referralRequestId = (referredLogin: string): string => `referral:${referredLogin}`;

/**
 * One pass of the periodic check: referred accounts that now have a character at the playing
 * level are marked playing, and each playing account earns its referrer `coinsPerRef`, once, on
 * the referrer's character of choice. A referrer without a character keeps the reward waiting
 * for a later pass. Safe to run on several instances at once: marking is conditional, and the
 * delivery refuses a second grant of the same request.
 */
export const runReferralCheck = async (deps: ReferralCheckDeps): Promise<{ playing: number; rewarded: number }> => {
  const site = deps.connections.site.db;
  let playing = 0;
  for (let after = ''; ;) {
    const logins = await listNotPlaying(site, { after, limit: PAGE });
    if (logins.length === 0) break;
    const started = await loginsAtLevel(deps.connections.game.db, logins, deps.playingLevel);
    for (const login of logins) {
      if (started.has(login) && (await markPlaying(site, login, deps.now()))) playing += 1;
    }
    after = logins[logins.length - 1] ?? after;
    if (logins.length < PAGE) break;
  }

  let rewarded = 0;
  for (const referral of await listUnrewarded(site, PAGE)) {
    if (deps.coinsPerRef === 0) {
      await markRewarded(site, { login: referral.login, charId: null, status: 'none', at: deps.now() });
      continue;
    }
    const character = await rewardCharacterOf(
      deps.connections.game.db,
      deps.schema,
      referral.referrer.login,
      referral.referrer.rewardCharId,
    );
    if (!character) continue;
    const { status } = await deps.rewards.grant({
      requestId: referralRequestId(referral.login),
      charId: character.charId,
      count: deps.coinsPerRef,
      reason: 'referral',
    });
    await markRewarded(site, { login: referral.login, charId: character.charId, status, at: deps.now() });
    if (status !== 'duplicate') rewarded += 1;
  }
  return { playing, rewarded };
};

/** Runs the check every `intervalMs` in the background; a failed pass is logged and retried next time. */
export const startReferralChecks = (
  deps: ReferralCheckDeps,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  /** Whether this instance runs the next pass (infra/shared-refresh.ts); every instance when absent. */
  takeTurn?: (name: string, periodMs: number) => Promise<boolean>,
): { stop(): Promise<void> } => {
  let running: Promise<void> | undefined;
  const runIfMine = async () => {
    if (takeTurn && !(await takeTurn('referral-check', intervalMs))) return { playing: 0, rewarded: 0 };
    return runReferralCheck(deps);
  };
  const pass = () => {
    running ??= runIfMine()
      .then(({ playing, rewarded }) => {
        if (playing > 0 || rewarded > 0) log.info({ playing, rewarded }, 'referrals: new players rewarded');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'referrals: the check failed; it runs again later'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
