import { createHash } from 'node:crypto';
import { type ErrorCode, type VoteClaimAnswer, type VoteClaimResult, voteIdOf } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Connections } from '../../db/connections';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import type { GameRealm } from '../../game/game-realm';
import { writeTransaction } from '../../db/write-retry';
import { findCharacterByName } from '../../game/characters';
import { isBannedFromRewards } from '../../game/reward-bans';
import type { GameSchema } from '../../game/schema-check';
import type { KeyValueStore } from '../../infra/key-value-store';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { recordSiteFailure } from './site-failures';
import { SITE_TIMEOUT_MS, type SiteCheck, SiteUnavailable, VOTE_WINDOW_MS, type Voter } from './site-checks';

/** A vote site whose API the site asks, with what a vote there is worth. */
export interface CheckedSite {
  name: string;
  /**
   * Its name in the ledger, the turns and the counters: a realm's own vote site is `<slug>/<name>`
   * (its votes are its realm's alone), a site of the site-wide list its name. Left out: the name.
   */
  key?: string;
  check: SiteCheck;
  reward: { itemId?: number; count: number };
  requestsPerMinute: number;
  /** Asked by the voter's address, or by the character's vote id (one vote per character then). */
  by: 'ip' | 'voteId';
}

/** A realm a vote can pay in (decision 049), with its own vote sites when it declares them. */
export interface VoteRealm {
  realm: Pick<GameRealm, 'slug' | 'first' | 'read'>;
  /** Its own checked vote sites; undefined: the site-wide `sites`. */
  sites?: CheckedSite[];
}

/** Where a vote pays: the realm's slug (undefined: the first realm), its game database and flavour. */
export interface VoteTarget {
  realm?: string;
  game: Kysely<GameDatabase>;
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
}

export interface VoteClaimDeps {
  connections: Connections;
  /** The first realm's flavour and tables (`connections.game`'s). */
  schema: Pick<GameSchema, 'flavor' | 'hasPunishments'>;
  rewards: Pick<RewardDelivery, 'record' | 'deliverRecorded'>;
  /** Counters and the one-check-at-a-time claims: Redis with several instances. */
  store: Pick<KeyValueStore, 'claim' | 'delete' | 'increment'>;
  sites: CheckedSite[];
  /**
   * The realms in the settings' order (decision 049), the first being `connections.game`; left
   * out, that one realm only.
   */
  realms?: readonly VoteRealm[];
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The first realm as a vote's target: `connections.game` and `schema`. */
export const firstRealmTarget = (deps: Pick<VoteClaimDeps, 'connections' | 'schema'>): VoteTarget => ({
  game: deps.connections.game.db,
  schema: deps.schema,
});

/** The ledger's voter for a character: `char:<id>` in the first realm, `char:<slug>:<id>` in another. */
export const characterVoter = (target: Pick<VoteTarget, 'realm'>, charId: number): string =>
  target.realm === undefined ? `char:${charId}` : `char:${target.realm}:${charId}`;

/** The character that gets the rewards: it must exist, and neither it nor its account be banned. */
export const rewardCharacter = async (
  deps: Pick<VoteClaimDeps, 'connections' | 'schema' | 'now'>,
  charName: string,
  target: VoteTarget = firstRealmTarget(deps),
): Promise<{ error: ErrorCode } | { charId: number }> => {
  const { game, schema } = target;
  const character = await findCharacterByName(game, schema, charName);
  if (!character) return { error: 'charDoesntExist' };
  const banned = await isBannedFromRewards({ login: deps.connections.login.db, game }, schema, character, deps.now());
  return banned ? { error: 'characterBanned' } : { charId: character.charId };
};

/** The grant's id: one per site, voter and vote, short whatever the site's name. */
const requestIdOf = (site: string, voter: string, window: string) =>
  `vote:${createHash('sha256').update(`${site}\n${voter}\n${window}`).digest('hex').slice(0, 48)}`;

/** One vote to reward: the ledger's key (site, voter, window), the character and the reward. */
export interface VoteToReward {
  site: string;
  voter: string;
  window: string;
  votedAt?: number;
  charId: number;
  /** The realm of the character paid (its slug); left out, the first realm. */
  realm?: string;
  reward: { itemId?: number; count: number };
  /**
   * The voters that may be paid once in 12 hours at this site (an address, char:<id>) and the
   * vote's time that counts them: the site's when it gives one, else ours. Every one must be free.
   */
  turns?: { voters: string[]; at: number };
}

/** A voter of the vote was paid less than 12 hours before it: the transaction is rolled back. */
class TurnTaken extends Error {}

/**
 * Takes the voter's turn at the site: the row holding its last paid vote is written only when
 * there is none, or when that vote is 12 hours or more older than this one. The database decides
 * (a primary key, a conditional update), so two instances or two claims at once cannot both win.
 */
const takeTurn = async (trx: Transaction<SiteDatabase>, site: string, voter: string, at: number) => {
  // A plain read first, which takes no lock: a replayed vote (a site calling back 27 times at once)
  // is turned away here. Without it, each replay's INSERT IGNORE holds a shared lock on the row and
  // its UPDATE then waits for an exclusive one: on MariaDB, a deadlock for every pair of replays.
  const current = await trx
    .selectFrom('site_vote_turns')
    .select('last_vote_at')
    .where('site', '=', site)
    .where('voter', '=', voter)
    .executeTakeFirst();
  if (current && Number(current.last_vote_at) > at - VOTE_WINDOW_MS) throw new TurnTaken();
  const inserted = await trx
    .insertInto('site_vote_turns')
    .values({ site, voter, last_vote_at: at })
    .ignore()
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
  const moved = await trx
    .updateTable('site_vote_turns')
    .set({ last_vote_at: at })
    .where('site', '=', site)
    .where('voter', '=', voter)
    .where('last_vote_at', '<=', at - VOTE_WINDOW_MS)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new TurnTaken();
};

/**
 * Records the vote's ledger row and its reward in one transaction, then delivers the reward;
 * false (nothing written) when the ledger already holds that vote, or when one of its voters was
 * paid at this site less than 12 hours before it.
 */
export const recordVote = async (
  deps: Pick<VoteClaimDeps, 'connections' | 'rewards' | 'now' | 'log'>,
  vote: VoteToReward,
): Promise<boolean> => {
  const requestId = requestIdOf(vote.site, vote.voter, vote.window);
  let recorded: boolean;
  try {
    recorded = await writeTransaction(deps.connections.site.db, async (trx) => {
      for (const voter of vote.turns?.voters ?? []) await takeTurn(trx, vote.site, voter, vote.turns?.at ?? 0);
      const ledger = await trx
        .insertInto('site_vote_claims')
        .values({
          site: vote.site,
          voter: vote.voter,
          vote_window: vote.window,
          char_id: vote.charId,
          request_id: requestId,
          voted_at: vote.votedAt ?? null,
          created_at: deps.now(),
          realm: vote.realm ?? null,
        })
        .ignore()
        .executeTakeFirst();
      // Thrown, not returned: the turns taken above are rolled back with it.
      if (Number(ledger.numInsertedOrUpdatedRows ?? 0) !== 1) throw new TurnTaken();
      return deps.rewards.record(trx, {
        requestId,
        charId: vote.charId,
        count: vote.reward.count,
        itemId: vote.reward.itemId,
        reason: 'vote',
        ...(vote.realm === undefined ? {} : { realm: vote.realm }),
      });
    });
  } catch (error) {
    if (error instanceof TurnTaken) return false;
    throw error;
  }
  if (!recorded) return false;
  deps.log.info({ site: vote.site, charId: vote.charId, window: vote.window, realm: vote.realm }, 'vote rewarded');
  // Delivered now, or retried by the reward queue: the grant is recorded either way.
  await deps.rewards.deliverRecorded(requestId);
  return true;
};

/**
 * Asks one site about the voter and, for a vote not rewarded yet, records the ledger row and the
 * reward in one transaction; the site hears that the vote was rewarded only after it committed.
 */
const claimAt = async (
  deps: VoteClaimDeps,
  site: CheckedSite,
  voter: Voter & { charId: number; realm?: string },
): Promise<VoteClaimResult> => {
  const siteKey = site.key ?? site.name;
  // The ledger's voter: the address, or the character (of its realm) for a site asked by its vote id.
  const voterKey = site.by === 'voteId' ? characterVoter(voter, voter.charId) : voter.ip;
  const inFlight = `vote-check:${siteKey}:${voterKey}`;
  // One question per voter and site at a time: a second tab, or a second instance, waits its turn.
  if (!(await deps.store.claim(inFlight, SITE_TIMEOUT_MS * 2))) return 'unavailable';
  try {
    if ((await deps.store.increment(`vote-api:${siteKey}`, 60_000)) > site.requestsPerMinute) return 'unavailable';
    let answer;
    try {
      answer = await site.check.ask(voter);
    } catch (error) {
      deps.log.warn({ err: error, site: site.name }, 'vote site did not answer; nothing credited');
      const reason = error instanceof SiteUnavailable ? error.message : String(error);
      await recordSiteFailure(deps.connections.site.db, { site: siteKey, reason, now: deps.now() }).catch(
        (recordError: unknown) => deps.log.warn({ err: recordError }, 'a vote site failure was not recorded'),
      );
      return 'unavailable';
    }
    if (!answer.voted) return 'notVoted';
    // The vote's time by the site's clock where it gives one: what its 12 hours are counted by.
    const at = answer.votedAt ?? answer.siteNow ?? deps.now();
    const window = answer.votedAt !== undefined ? String(answer.votedAt) : `period-${Math.floor(at / VOTE_WINDOW_MS)}`;
    const recorded = await recordVote(deps, {
      site: siteKey,
      voter: voterKey,
      window,
      votedAt: answer.votedAt,
      charId: voter.charId,
      ...(voter.realm === undefined ? {} : { realm: voter.realm }),
      reward: site.reward,
      // Once in 12 hours per address (the site's voter), or per character for a site asked by vote id.
      turns: { voters: [voterKey], at },
    });
    if (!recorded) return 'alreadyRewarded';
    if (site.check.confirm) {
      await site.check.confirm(voter.ip).catch((error: unknown) => {
        const reason = error instanceof SiteUnavailable ? error.message : String(error);
        deps.log.warn(
          { site: site.name, reason },
          'the vote site was not told of the reward; our ledger keeps it paid once',
        );
      });
    }
    return 'rewarded';
  } finally {
    await deps.store.delete(inFlight);
  }
};

/**
 * The realm a claim names (decision 049), the first when it names none, with the vote sites it
 * is asked at; undefined for a slug no realm has.
 */
export const voteRealmOf = (
  deps: Pick<VoteClaimDeps, 'realms' | 'sites'>,
  slug: string | undefined,
): { realm?: VoteRealm['realm']; sites: CheckedSite[] } | undefined => {
  const realms = deps.realms ?? [];
  if (realms.length === 0) return slug === undefined ? { sites: deps.sites } : undefined;
  const chosen = slug === undefined ? realms[0] : realms.find((candidate) => candidate.realm.slug === slug);
  return chosen && { realm: chosen.realm, sites: chosen.sites ?? deps.sites };
};

/**
 * The character that gets a vote's rewards in a realm: read in that realm's game database (a
 * realm whose database does not answer is ServiceUnavailableError, 503), with where it is paid.
 */
export const realmRewardCharacter = async (
  deps: Pick<VoteClaimDeps, 'connections' | 'schema' | 'now'>,
  realm: VoteRealm['realm'] | undefined,
  charName: string,
): Promise<{ error: ErrorCode } | { charId: number; realm?: string }> => {
  if (!realm || realm.first) return rewardCharacter(deps, charName);
  const found = await realm.read((game, schema) =>
    rewardCharacter(deps, charName, { realm: realm.slug, game, schema }),
  );
  return 'error' in found ? found : { ...found, realm: realm.slug };
};

/**
 * "Get my vote rewards": every checked site of the chosen realm at once, each answering for
 * itself; the character is read in that realm's game database and paid there. A slug no realm
 * has is refused (formInvalid) and nothing is asked or written.
 */
export const claimVotes = async (
  deps: VoteClaimDeps,
  input: { charName: string; ip: string; realm?: string },
): Promise<{ error: ErrorCode } | { results: VoteClaimAnswer }> => {
  const charName = input.charName.trim();
  const chosen = voteRealmOf(deps, input.realm);
  if (!chosen) return { error: 'formInvalid' };
  const character = await realmRewardCharacter(deps, chosen.realm, charName);
  if ('error' in character) return character;
  const voteId = voteIdOf(charName);
  const results = await Promise.all(
    chosen.sites.map(async (site) => ({
      site: site.name,
      result: await claimAt(deps, site, { ip: input.ip, voteId, ...character }),
    })),
  );
  return { results };
};
