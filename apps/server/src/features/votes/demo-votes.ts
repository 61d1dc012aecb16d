import type { Connections } from '../../db/connections';
import { findCharacterByName } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { type DemoOutcome, demoRewards } from '../rewards/demo-rewards';
import type { RewardSettings } from '../rewards/settings-schema';
import { VOTE_WINDOW_MS } from './site-checks';
import { recordSiteFailure } from './site-failures';
import type { VoteSitesSettings } from './settings-schema';
import { recordVote } from './vote-claims';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The demo's vote days: the last 30, today's claims left to the visitor. */
const DAYS = 29;
/** The first three vote sites of the settings are the demo's voters' favourites. */
const SITES = 3;
/** Coins a demo vote gives at a site without a reward of its own (the default vote sites only link). */
const DEMO_VOTE_COINS = 5;
/** The failed grant: a vote of DemoKnight this many days ago, the game database down at the time. */
const FAILED_DAYS_AGO = 6;
export const DEMO_FAILED_REWARD_ERROR = 'connect ECONNREFUSED 127.0.0.1:3306';

/**
 * Who votes: each demo account from its own address, with the character it plays that day (the
 * demo player's two characters take turns, so its address is paid once per site and 12 hours).
 */
const VOTERS = [
  { ip: '198.51.100.23', characters: ['DemoKnight', 'DemoArcher'] },
  { ip: '198.51.100.57', characters: ['DemoTrader'] },
] as const;

/**
 * The demo world's vote claims (embedded database, first run only), so the console's Votes
 * section and the dashboard's vote rewards show something: the demo accounts voting on the first
 * three vote sites of the settings most evenings of the last 29 days, each claim recorded by the
 * votes feature's own recordVote (the ledger row, the 12-hour turn, the grant), with two questions
 * a vote site did not answer. Their coins go through the demo reward queue (demo-rewards.ts):
 * delivered as records only, the newest one still waiting, one failed; none reaches the game.
 */
export const seedDemoVotes = async (
  connections: Connections,
  schema: GameSchema,
  settings: { voteSites: VoteSitesSettings; rewards: RewardSettings },
  now = Date.now(),
): Promise<void> => {
  const sites = settings.voteSites.slice(0, SITES);
  if (sites.length === 0) return;
  const characters = new Map<string, number>();
  for (const voter of VOTERS) {
    for (const name of voter.characters) {
      const character = await findCharacterByName(connections.game.db, schema, name);
      if (character) characters.set(name, character.charId);
    }
  }
  const today = now - (now % DAY_MS);
  const votes: { site: string; ip: string; charId: number; at: number; count: number; itemId?: number }[] = [];
  for (let day = DAYS; day >= 1; day -= 1) {
    VOTERS.forEach((voter, v) => {
      const name = voter.characters[day % voter.characters.length] ?? voter.characters[0];
      const charId = characters.get(name);
      if (charId === undefined) return;
      sites.forEach((site, s) => {
        // Not every site every day: some evenings a voter skips one.
        if ((day + v * 2 + s) % 4 === 0) return;
        const reward = site.check?.reward;
        votes.push({
          site: site.name,
          ip: voter.ip,
          charId,
          at: today - day * DAY_MS + (18 + v) * HOUR_MS + s * 7 * 60_000,
          count: reward?.count ?? DEMO_VOTE_COINS,
          itemId: reward?.itemId,
        });
      });
    });
  }
  votes.sort((a, b) => a.at - b.at);
  const newest = votes.at(-1);
  const failed = votes.find(
    (vote) => vote.at >= today - FAILED_DAYS_AGO * DAY_MS && vote.charId === characters.get('DemoKnight'),
  );
  let clock = now;
  const outcomes = new Map<number, DemoOutcome>();
  let current = -1;
  const rewards = demoRewards({
    connections,
    schema,
    settings: settings.rewards,
    now: () => clock,
    outcomeOf: () => outcomes.get(current) ?? { status: 'delivered' },
  });
  const quiet = { info: () => undefined, warn: () => undefined };
  for (const [index, vote] of votes.entries()) {
    clock = vote.at;
    current = index;
    if (vote === newest) outcomes.set(index, { status: 'pending' });
    if (vote === failed) outcomes.set(index, { status: 'failed', error: DEMO_FAILED_REWARD_ERROR });
    await recordVote(
      { connections, rewards, now: () => clock, log: quiet },
      {
        site: vote.site,
        voter: vote.ip,
        window: `period-${Math.floor(vote.at / VOTE_WINDOW_MS)}`,
        charId: vote.charId,
        reward: { count: vote.count, itemId: vote.itemId },
        turns: { voters: [vote.ip], at: vote.at },
      },
    );
  }
  // A vote site that did not answer now and then (the Votes section's second list).
  const second = sites[1] ?? sites[0];
  if (second) {
    const host = URL.canParse(second.url) ? new URL(second.url).host : second.name;
    await recordSiteFailure(connections.site.db, {
      site: second.name,
      reason: `${host}: The operation was aborted due to timeout`,
      now: today - 8 * DAY_MS + 18 * HOUR_MS,
    });
    await recordSiteFailure(connections.site.db, {
      site: second.name,
      reason: `${host}: HTTP 502`,
      now: today - 8 * DAY_MS + 19 * HOUR_MS,
    });
  }
};
