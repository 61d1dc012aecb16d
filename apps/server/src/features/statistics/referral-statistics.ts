import type { ReferralRow } from '@gatekeeper/contract';
import type { RankingFilter } from '../../game/rankings-filter';

/** Where the referral ranking comes from: the referral programme's own site tables. */
export type ReferralStatisticsSource = (filter: RankingFilter) => Promise<ReferralRow[]>;

/**
 * The ranking without the referral programme's tables (tests of the statistics alone); the app
 * passes the programme's own source (features/referral/referral-ranking.ts) as `referrals`.
 */
export const noReferralStatistics: ReferralStatisticsSource = async () => [];
