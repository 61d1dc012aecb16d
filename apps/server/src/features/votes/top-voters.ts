import type { Kysely } from 'kysely';
import type { GameDatabase, SiteDatabase } from '../../db/tables';
import { rankCharactersByValue } from '../../game/rankings-filter';
import type { VotersStatisticsSource } from '../statistics/ranking-sources';

/** The first instant of the month (UTC) that holds `now`. */
export const monthStart = (now: number): number => {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/**
 * "Top voters" (getvotersstatistics): the characters of one realm with the most rewarded votes
 * this month, from the vote ledger's rows of that realm (`realm` its slug; null, the first realm,
 * whose rows carry none); banned characters, GMs and characters being deleted are left out, as in
 * every ranking. Read by the statistics cache in the background, with the other lists.
 */
export const topVoters =
  (
    site: Kysely<SiteDatabase>,
    game: Kysely<GameDatabase>,
    now: () => number = Date.now,
    realm: string | null = null,
  ): VotersStatisticsSource =>
  async (filter) => {
    const rows = await site
      .selectFrom('site_vote_claims')
      .select((eb) => ['char_id', eb.fn.countAll<number>().as('votes')])
      .where('realm', realm === null ? 'is' : '=', realm)
      .where('created_at', '>=', monthStart(now()))
      .groupBy('char_id')
      .orderBy('votes', 'desc')
      .orderBy('char_id')
      // Room for the characters the filter leaves out.
      .limit(filter.limit * 2 + filter.bannedAccounts.length + (filter.bannedCharacterIds?.length ?? 0))
      .execute();
    return rankCharactersByValue(game, filter, new Map(rows.map((row) => [Number(row.char_id), Number(row.votes)])));
  };
