import type { SharedRefresh } from '../../infra/shared-refresh';
import { siteTime } from './site-checks';
import { type VoteClaimDeps, recordVote, rewardCharacter } from './vote-claims';

/** MMOTop writes its times in Moscow time, without a zone. */
const MMOTOP_ZONE = 'Europe/Moscow';
/** Votes older than this in a list are not rewarded any more (the list keeps weeks of them). */
const LIST_MAX_AGE_MS = 30 * 86_400_000;
const FETCH_TIMEOUT_MS = 10_000;

/** A vote site that publishes its votes as a list to download (MMOTop). */
export interface ListSite {
  name: string;
  url: string;
  fetchMs: number;
  reward: { itemId?: number; count: number; paidCount?: number };
}

/** One line of MMOTop's list: vote id, time (Moscow), address, character name, type (1; 2-5 paid). */
export interface ListedVote {
  id: string;
  at: number;
  ip: string;
  nick: string;
  type: number;
}

/** The votes of MMOTop's list; lines that are not a vote are left out. */
export const parseMmotopList = (text: string): ListedVote[] =>
  text.split(/\r?\n/).flatMap((line) => {
    const [id = '', date = '', ip = '', nick = '', type = ''] = line.split('\t').map((field) => field.trim());
    const time = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(date);
    if (!/^\d{1,18}$/.test(id) || !time || !nick || !/^[1-5]$/.test(type)) return [];
    const at = siteTime(`${time[3]}-${time[2]}-${time[1]} ${time[4]}`, MMOTOP_ZONE);
    return at === undefined ? [] : [{ id, at, ip, nick, type: Number(type) }];
  });

type ListDeps = Omit<VoteClaimDeps, 'sites' | 'store'>;

/**
 * Downloads a list and rewards each vote not seen before, once: the ledger's key is the vote's
 * id. A vote for a character that does not exist (or is banned) is left for a later download, in
 * case the player creates it.
 */
export const rewardListedVotes = async (
  deps: ListDeps,
  site: ListSite,
): Promise<{ rewarded: number; skipped: number }> => {
  const response = await fetch(site.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${site.name}: the vote list answered HTTP ${response.status}`);
  const oldest = deps.now() - LIST_MAX_AGE_MS;
  const votes = parseMmotopList(await response.text()).filter((vote) => vote.at >= oldest);
  const known = new Set<string>();
  for (let start = 0; start < votes.length; start += 500) {
    const windows = votes.slice(start, start + 500).map((vote) => `vote-${vote.id}`);
    const rows = await deps.connections.site.db
      .selectFrom('site_vote_claims')
      .select('vote_window')
      .where('site', '=', site.name)
      .where('vote_window', 'in', windows)
      .execute();
    for (const row of rows) known.add(row.vote_window);
  }
  let rewarded = 0;
  let skipped = 0;
  for (const vote of votes) {
    if (known.has(`vote-${vote.id}`)) continue;
    const character = await rewardCharacter(deps, vote.nick);
    if ('error' in character) {
      skipped += 1;
      continue;
    }
    const count = vote.type === 1 ? site.reward.count : (site.reward.paidCount ?? site.reward.count);
    const recorded = await recordVote(deps, {
      site: site.name,
      voter: vote.nick.toLowerCase().slice(0, 64),
      window: `vote-${vote.id}`,
      votedAt: vote.at,
      charId: character.charId,
      reward: { itemId: site.reward.itemId, count },
    });
    if (recorded) rewarded += 1;
  }
  return { rewarded, skipped };
};

/** Downloads every list on its schedule, on one instance at a time; stop() ends it. */
export const startVoteLists = (
  deps: ListDeps,
  sites: ListSite[],
  shared?: SharedRefresh,
): { stop(): Promise<void> } => {
  const running = new Set<Promise<unknown>>();
  const timers = sites.map((site) => {
    const pass = async () => {
      if (shared && !(await shared.takeTurn(`vote-list:${site.name}`, site.fetchMs))) return;
      try {
        const { rewarded, skipped } = await rewardListedVotes(deps, site);
        if (rewarded > 0 || skipped > 0) deps.log.info({ site: site.name, rewarded, skipped }, 'vote list read');
      } catch (error) {
        deps.log.warn({ err: error, site: site.name }, 'vote list could not be read; it is tried again later');
      }
    };
    const timer = setInterval(() => {
      const run = pass();
      running.add(run);
      void run.finally(() => running.delete(run));
    }, site.fetchMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
};
