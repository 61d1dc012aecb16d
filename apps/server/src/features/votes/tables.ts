import type { Generated } from 'kysely';

/** A rewarded vote (features/votes): unique per site, voter (an address, or char:<id>) and vote window. */
export interface SiteVoteClaimsTable {
  id: Generated<number>;
  site: string;
  voter: string;
  /** The vote's time as the site gave it, or the 12-hour period when the site gives none. */
  vote_window: string;
  char_id: number;
  /** Its grant in site_reward_queue. */
  request_id: string;
  voted_at: number | null;
  created_at: number;
  /** The slug of the realm whose character it paid (decision 049); null: the first realm. */
  realm: string | null;
}

/**
 * A voter's last paid vote at one site (features/votes/vote-claims.ts): the voter is an address or
 * char:<id>, the character paid; a new vote is paid only 12 hours or more after this one.
 */
export interface SiteVoteTurnsTable {
  site: string;
  voter: string;
  /** The paid vote's time: the site's when it gives one, else ours (milliseconds). */
  last_vote_at: number;
}

/** A vote site's question that got no usable answer (features/votes/site-failures.ts), kept 31 days. */
export interface SiteVoteFailuresTable {
  id: Generated<number>;
  site: string;
  at: number;
  reason: string;
}

/** The votes feature's site tables (migrations.ts): only this feature names them. */
export type VoteTables = {
  site_vote_claims: SiteVoteClaimsTable;
  site_vote_turns: SiteVoteTurnsTable;
  site_vote_failures: SiteVoteFailuresTable;
};
