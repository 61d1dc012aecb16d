import type { ReferralRow } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { ReferralStatisticsSource } from '../statistics/ranking-sources';
import { countByCode } from './referral-repository';

/**
 * The referral ranking (getreferralstatistics), read by the statistics cache in the background:
 * per referral code, the visitors its link brought, the accounts they registered and how many of
 * those play. Most playing referrals first, then registrations, then visitors; ties by code so
 * the order holds between refreshes. Banned referrers are left out, as in every ranking.
 */
export const referralRanking =
  (site: Kysely<SiteDatabase>): ReferralStatisticsSource =>
  async (filter) => {
    const banned = new Set(filter.bannedAccounts.map((login) => login.toLowerCase()));
    return (await countByCode(site))
      .filter((row) => !banned.has(row.login.toLowerCase()))
      .sort(
        (a, b) =>
          b.playing - a.playing ||
          b.registrations - a.registrations ||
          b.visitors - a.visitors ||
          (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
      )
      .slice(0, filter.limit)
      .map((row): ReferralRow => ({
        referralCode: row.code,
        totalReferrals: row.visitors,
        registrations: row.registrations,
        playingReferrals: row.playing,
      }));
  };
