import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { SiteReferralAccountsTable, SiteReferralEventsTable } from './tables';

/** The referral programme's site tables; every query of the feature lives here. */

type Site = Kysely<SiteDatabase>;

export interface ReferralCode {
  login: string;
  code: string;
  rewardCharId: number | null;
  /** The realm of rewardCharId: its slug, null for the first realm (decision 049). */
  rewardRealm: string | null;
}

const toCode = (row: {
  login: string;
  code: string;
  reward_char_id: number | null;
  reward_realm: string | null;
}): ReferralCode => ({
  login: row.login,
  code: row.code,
  rewardCharId: row.reward_char_id === null ? null : Number(row.reward_char_id),
  rewardRealm: row.reward_realm,
});

export const findCodeOfLogin = async (db: Site, login: string): Promise<ReferralCode | undefined> => {
  const row = await db
    .selectFrom('site_referral_codes')
    .select(['login', 'code', 'reward_char_id', 'reward_realm'])
    .where('login', '=', login)
    .executeTakeFirst();
  return row && toCode(row);
};

export const findCode = async (db: Site, code: string): Promise<ReferralCode | undefined> => {
  const row = await db
    .selectFrom('site_referral_codes')
    .select(['login', 'code', 'reward_char_id', 'reward_realm'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row && toCode(row);
};

/** Inserts the login's code unless it has one (two simultaneous requests keep the first). */
export const insertCodeOnce = async (db: Site, row: { login: string; code: string; at: number }): Promise<void> => {
  await db
    .insertInto('site_referral_codes')
    .values({ login: row.login, code: row.code, reward_char_id: null, reward_realm: null, created_at: row.at })
    .ignore()
    .execute();
};

/** The character that receives the login's rewards, in its realm (null: the first). */
export const setRewardCharacter = async (
  db: Site,
  login: string,
  choice: { charId: number; realm: string | null },
): Promise<void> => {
  await db
    .updateTable('site_referral_codes')
    .set({ reward_char_id: choice.charId, reward_realm: choice.realm })
    .where('login', '=', login)
    .execute();
};

export interface ReferralVisitor {
  id: number;
  key: string;
  code: string;
}

const visitorColumns = ['id', 'visitor_key', 'code'] as const;
const toVisitor = (row: { id: number; visitor_key: string; code: string }): ReferralVisitor => ({
  id: Number(row.id),
  key: row.visitor_key,
  code: row.code,
});

/** The visitor of a `ref` cookie, while the cookie's 90 days last. */
export const findVisitor = async (db: Site, key: string, since: number): Promise<ReferralVisitor | undefined> => {
  const row = await db
    .selectFrom('site_referral_visitors')
    .select(visitorColumns)
    .where('visitor_key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row && toVisitor(row);
};

/** A visitor of this link from this address since `since`: a visit without its cookie is the same visitor. */
export const findVisitorByAddress = async (
  db: Site,
  input: { code: string; ip: string; since: number },
): Promise<ReferralVisitor | undefined> => {
  const row = await db
    .selectFrom('site_referral_visitors')
    .select(visitorColumns)
    .where('code', '=', input.code)
    .where('ip', '=', input.ip)
    .where('created_at', '>', input.since)
    .orderBy('id')
    .executeTakeFirst();
  return row && toVisitor(row);
};

export const insertVisitor = async (db: Site, row: { key: string; code: string; ip: string; at: number }) => {
  await db
    .insertInto('site_referral_visitors')
    .values({ visitor_key: row.key, code: row.code, ip: row.ip, created_at: row.at })
    .execute();
};

/** Records what a visitor did, once per kind; answers whether this was the first time. */
export const recordEventOnce = async (
  db: Site,
  row: { visitorId: number; type: SiteReferralEventsTable['type']; at: number },
): Promise<boolean> => {
  const result = await db
    .insertInto('site_referral_events')
    .values({ visitor_id: row.visitorId, type: row.type, created_at: row.at })
    .ignore()
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

/** Attributes a new account to the visitor's referrer; a login is attributed once, ever. */
export const attributeAccountOnce = async (
  db: Site,
  row: { login: string; visitor: ReferralVisitor; at: number },
): Promise<boolean> => {
  const result = await db
    .insertInto('site_referral_accounts')
    .values({ login: row.login, code: row.visitor.code, visitor_id: row.visitor.id, registered_at: row.at })
    .ignore()
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

/** Referred accounts not playing yet, a page at a time in login order. */
export const listNotPlaying = async (db: Site, input: { after: string; limit: number }): Promise<string[]> =>
  (
    await db
      .selectFrom('site_referral_accounts')
      .select('login')
      .where('playing_at', 'is', null)
      .where('login', '>', input.after)
      .orderBy('login')
      .limit(input.limit)
      .execute()
  ).map((row) => row.login);

/** Marks the account as playing; false when another check did it first. */
export const markPlaying = async (db: Site, login: string, at: number): Promise<boolean> => {
  const result = await db
    .updateTable('site_referral_accounts')
    .set({ playing_at: at })
    .where('login', '=', login)
    .where('playing_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export interface UnrewardedReferral {
  login: string;
  referrer: ReferralCode;
}

/** Playing referred accounts whose referrer has not been rewarded yet, oldest first. */
export const listUnrewarded = async (db: Site, limit: number): Promise<UnrewardedReferral[]> => {
  const rows = await db
    .selectFrom('site_referral_accounts as a')
    .innerJoin('site_referral_codes as c', 'c.code', 'a.code')
    .select(['a.login as referred', 'c.login', 'c.code', 'c.reward_char_id', 'c.reward_realm'])
    .where('a.playing_at', 'is not', null)
    .where('a.rewarded_at', 'is', null)
    .orderBy('a.playing_at')
    .orderBy('a.login')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ login: row.referred, referrer: toCode(row) }));
};

export const markRewarded = async (
  db: Site,
  row: {
    login: string;
    charId: number | null;
    /** The realm of charId: its slug, null for the first realm. */
    realm: string | null;
    status: NonNullable<SiteReferralAccountsTable['reward_status']>;
    at: number;
  },
): Promise<void> => {
  await db
    .updateTable('site_referral_accounts')
    .set({ rewarded_at: row.at, reward_char_id: row.charId, reward_realm: row.realm, reward_status: row.status })
    .where('login', '=', row.login)
    .where('rewarded_at', 'is', null)
    .execute();
};

export interface ReferralCounts {
  code: string;
  login: string;
  visitors: number;
  registrations: number;
  playing: number;
}

/** Per code with any activity: visitors its link brought, accounts they registered, and those playing. */
export const countByCode = async (db: Site): Promise<ReferralCounts[]> => {
  const [visitors, accounts] = await Promise.all([
    db
      .selectFrom('site_referral_visitors')
      .select((eb) => ['code', eb.fn.countAll<number>().as('count')])
      .groupBy('code')
      .execute(),
    db
      .selectFrom('site_referral_accounts')
      .select((eb) => ['code', eb.fn.countAll<number>().as('count'), eb.fn.count<number>('playing_at').as('playing')])
      .groupBy('code')
      .execute(),
  ]);
  const byCode = new Map<string, Omit<ReferralCounts, 'login'>>();
  const entry = (code: string) => {
    let found = byCode.get(code);
    if (!found) {
      found = { code, visitors: 0, registrations: 0, playing: 0 };
      byCode.set(code, found);
    }
    return found;
  };
  for (const row of visitors) entry(row.code).visitors = Number(row.count);
  for (const row of accounts) {
    entry(row.code).registrations = Number(row.count);
    entry(row.code).playing = Number(row.playing);
  }
  if (byCode.size === 0) return [];
  const owners = await db
    .selectFrom('site_referral_codes')
    .select(['code', 'login'])
    .where('code', 'in', [...byCode.keys()])
    .execute();
  return owners.flatMap((owner) => {
    const counts = byCode.get(owner.code);
    return counts ? [{ ...counts, login: owner.login }] : [];
  });
};
