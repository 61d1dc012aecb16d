import type { RankedValueRow, ReferralRow } from '@gatekeeper/contract';
import type { RankingFilter } from '../../game/rankings-filter';

/**
 * The rankings the statistics do not read from the game: the referral ranking and the top voters,
 * each from another feature's site tables, handed in by app.ts.
 */

/** Where the referral ranking comes from: the referral programme's own site tables. */
export type ReferralStatisticsSource = (filter: RankingFilter) => Promise<ReferralRow[]>;

/**
 * The ranking without the referral programme's tables (tests of the statistics alone); the app
 * passes the programme's own source (features/referral/referral-ranking.ts) as `referrals`.
 */
export const noReferralStatistics: ReferralStatisticsSource = async () => [];

/** Where the top voters come from: the vote ledger of features/votes. */
export type VotersStatisticsSource = (filter: RankingFilter) => Promise<RankedValueRow[]>;

/** The ranking without the vote ledger (tests of the statistics alone). */
export const noVotersStatistics: VotersStatisticsSource = async () => [];
