import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { newReferralCode, newVisitorKey } from './referral-cookie';

/**
 * The demo world's referral programme (embedded database, first run only), so the Referrals
 * ranking shows what it is for: five generated players who brought visitors, some of whom
 * registered (demo accounts) and play. Every demo referral is marked as already settled, so the
 * periodic check never pays demo coins.
 */
export const seedDemoReferrals = async (site: Kysely<SiteDatabase>, now = Date.now()): Promise<void> => {
  const referrers = [
    { login: 'player0001', visitors: 14, registrations: 9, playing: 6 },
    { login: 'player0002', visitors: 11, registrations: 6, playing: 6 },
    { login: 'player0003', visitors: 9, registrations: 5, playing: 2 },
    { login: 'player0004', visitors: 6, registrations: 2, playing: 1 },
    { login: 'player0005', visitors: 4, registrations: 1, playing: 0 },
  ];
  let referred = 100;
  let address = 1;
  for (const referrer of referrers) {
    const code = newReferralCode();
    await site
      .insertInto('site_referral_codes')
      .values({ login: referrer.login, code, reward_char_id: null, created_at: now })
      .execute();
    for (let i = 0; i < referrer.visitors; i++) {
      const key = newVisitorKey();
      await site
        .insertInto('site_referral_visitors')
        .values({ visitor_key: key, code, ip: `192.0.2.${address++}`, created_at: now })
        .execute();
      if (i >= referrer.registrations) continue;
      const visitor = await site
        .selectFrom('site_referral_visitors')
        .select('id')
        .where('visitor_key', '=', key)
        .executeTakeFirstOrThrow();
      await site
        .insertInto('site_referral_accounts')
        .values({
          login: `player${String(referred++).padStart(4, '0')}`,
          code,
          visitor_id: Number(visitor.id),
          registered_at: now,
          playing_at: i < referrer.playing ? now : null,
          rewarded_at: now,
          reward_char_id: null,
          reward_status: 'none',
        })
        .execute();
    }
  }
};
