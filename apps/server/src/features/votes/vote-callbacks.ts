import { timingSafeEqual } from 'node:crypto';
import type { VoteCallbackKind } from './settings-schema';
import { VOTE_WINDOW_MS } from './site-checks';
import { type VoteClaimDeps, recordVote, rewardCharacter } from './vote-claims';

/** A vote site that calls back when somebody voted, as the settings describe it. */
export interface CallbackSite {
  name: string;
  /** The last part of its callback address: /sdk/votecallback/<slug>. */
  slug: string;
  kind: VoteCallbackKind;
  /** GTop100's pingback key. */
  key?: string;
  /** The addresses a site without a key (Top100Arena, TopG) calls from. */
  allowFrom: string[];
  reward: { itemId?: number; count: number };
  /** How many callbacks a minute one caller may make (vote-callbacks' own limit, per site). */
  callbacksPerMinute: number;
}

/**
 * What the callback said: who voted (the character named in the vote link) and, where the site
 * sends it, the voter's address.
 */
type Callback =
  { accepted: false; why: string } | { accepted: true; charName: string; address?: string; success: boolean };

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Reads a callback by its site's protocol. GTop100 posts `pingbackkey` (the owner's key),
 * `Common` or `pingUsername` (the vote link's identifier), `VoterIP` and `Successful` (0: a vote).
 * Top100Arena calls `?postback=` with the vote link's `incentive`; TopG calls `?p_resp=` with the
 * vote link's last part and `ip`, the voter's address; both from their own addresses only.
 */
export const readCallback = (site: CallbackSite, fields: URLSearchParams, callerIp: string): Callback => {
  if (site.kind === 'gtop100') {
    const key = fields.get('pingbackkey') ?? '';
    if (!site.key || !sameSecret(key, site.key)) return { accepted: false, why: 'wrong pingback key' };
    const charName = (fields.get('pingUsername') ?? fields.get('Common') ?? '').trim();
    const address = (fields.get('VoterIP') ?? '').trim().slice(0, 64);
    if (!charName || !address) return { accepted: false, why: 'no voter named' };
    return { accepted: true, charName, address, success: fields.get('Successful')?.trim() === '0' };
  }
  if (!site.allowFrom.includes(callerIp)) return { accepted: false, why: `a callback from ${callerIp}, not allowed` };
  const charName = (fields.get(site.kind === 'topg' ? 'p_resp' : 'postback') ?? '').trim();
  if (!charName) return { accepted: false, why: 'no voter named' };
  const address = site.kind === 'topg' ? (fields.get('ip') ?? '').trim().slice(0, 64) : '';
  return { accepted: true, charName, ...(address ? { address } : {}), success: true };
};

/**
 * Rewards the vote a callback reports, once per site and 12 hours for the character it pays (by
 * its id, whatever spelling of its name the callback carried) and for the voter's address where
 * the site sends one: a replayed callback finds the voter's turn taken. The voter is whom the
 * callback names, never its caller.
 */
export const rewardCallback = async (
  deps: Omit<VoteClaimDeps, 'sites' | 'store'>,
  site: CallbackSite,
  callback: Extract<Callback, { accepted: true }>,
): Promise<'rewarded' | 'alreadyRewarded' | 'notVoted' | 'unknownCharacter'> => {
  if (!callback.success) return 'notVoted';
  const character = await rewardCharacter(deps, callback.charName);
  if ('error' in character) return 'unknownCharacter';
  const paid = `char:${character.charId}`;
  const at = deps.now();
  const recorded = await recordVote(deps, {
    site: site.name,
    voter: callback.address ?? paid,
    window: `period-${Math.floor(at / VOTE_WINDOW_MS)}`,
    charId: character.charId,
    reward: site.reward,
    turns: { voters: callback.address ? [paid, callback.address] : [paid], at },
  });
  return recorded ? 'rewarded' : 'alreadyRewarded';
};
