import type { FastifyBaseLogger } from 'fastify';
import type { Connections } from '../../db/connections';
import type { GameRealm } from '../../game/game-realm';
import { isServiceUnavailable } from '../../infra/unavailable';
import { loginsAtLevel, rewardCharacterOf } from '../../game/referral-characters';
import type { GameSchema } from '../../game/schema-check';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { listNotPlaying, listUnrewarded, markPlaying, markRewarded } from './referral-repository';
import { realmsOf } from './referral-service';

/** The part of the reward delivery the programme uses. */
export type ReferralRewardDelivery = Pick<RewardDelivery, 'grant'>;

export interface ReferralCheckDeps {
  connections: Connections;
  schema: GameSchema;
  /** Every realm, the first first (decision 049); left out: the one game database. */
  realms?: readonly GameRealm[];
  rewards: ReferralRewardDelivery;
  playingLevel: number;
  coinsPerRef: number;
  now: () => number;
}

const PAGE = 500;

/** One request per referred login: the delivery records it once, whichever instance asks. */
export const referralRequestId = (referredLogin: string): string => `referral:${referredLogin}`;

/**
 * Which of these logins have a player character at the level in any realm (decision 049) whose
 * database answers; a realm that is down is asked again at the next pass.
 */
const loginsAtLevelInAnyRealm = async (realms: readonly GameRealm[], logins: readonly string[], level: number) => {
  const found = new Set<string>();
  for (const realm of realms) {
    if (!realm.isUp()) continue;
    try {
      for (const login of await realm.read((game) => loginsAtLevel(game, logins, level))) found.add(login);
    } catch (error) {
      if (!isServiceUnavailable(error)) throw error;
    }
  }
  return found;
};

/**
 * One pass of the periodic check: referred accounts that now have a character at the playing
 * level, in any realm, are marked playing, and each playing account earns its referrer
 * `coinsPerRef`, once, on the referrer's character of choice in the realm it was chosen in (the
 * first realm's highest character when none was chosen, or its realm is no longer declared). A
 * referrer without a character, or whose realm's database does not answer, keeps the reward
 * waiting for a later pass. Safe to run on several instances at once: marking is conditional, and
 * the delivery refuses a second grant of the same request.
 */
export const runReferralCheck = async (deps: ReferralCheckDeps): Promise<{ playing: number; rewarded: number }> => {
  const site = deps.connections.site.db;
  const realms = realmsOf(deps);
  let playing = 0;
  for (let after = ''; ;) {
    const logins = await listNotPlaying(site, { after, limit: PAGE });
    if (logins.length === 0) break;
    const started = await loginsAtLevelInAnyRealm(realms, logins, deps.playingLevel);
    for (const login of logins) {
      if (started.has(login) && (await markPlaying(site, login, deps.now()))) playing += 1;
    }
    after = logins[logins.length - 1] ?? after;
    if (logins.length < PAGE) break;
  }

  let rewarded = 0;
  for (const referral of await listUnrewarded(site, PAGE)) {
    if (deps.coinsPerRef === 0) {
      await markRewarded(site, { login: referral.login, charId: null, realm: null, status: 'none', at: deps.now() });
      continue;
    }
    const { rewardRealm, rewardCharId } = referral.referrer;
    const chosen = rewardRealm === null ? realms[0] : realms.find((realm) => realm.slug === rewardRealm);
    const realm = chosen ?? realms[0];
    if (!realm) continue;
    let character;
    try {
      character = await realm.read((game, schema) =>
        rewardCharacterOf(game, schema, referral.referrer.login, chosen ? rewardCharId : null),
      );
    } catch (error) {
      if (isServiceUnavailable(error)) continue;
      throw error;
    }
    if (!character) continue;
    const realmSlug = realm.first ? null : realm.slug;
    const { status } = await deps.rewards.grant({
      requestId: referralRequestId(referral.login),
      charId: character.charId,
      count: deps.coinsPerRef,
      reason: 'referral',
      ...(realmSlug === null ? {} : { realm: realmSlug }),
    });
    await markRewarded(site, {
      login: referral.login,
      charId: character.charId,
      realm: realmSlug,
      status,
      at: deps.now(),
    });
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
