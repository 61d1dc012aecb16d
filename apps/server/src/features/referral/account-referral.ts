import type { AccountReferralAnswer } from '@gatekeeper/contract';
import { normalizeLogin } from '../../game/accounts';
import { bestLevels } from '../../game/characters';
import { newReferralCode } from './referral-cookie';
import { findCodeOfLogin, insertCodeOnce } from './referral-repository';
import { type ReferralDeps, realmsOf, referralLink } from './referral-service';
import { isServiceUnavailable } from '../../infra/unavailable';
import type { ReferralSettings } from './settings-schema';

/** The newest referred accounts the list shows. */
const MAX_ROWS = 200;

/** A referred account's login as its referrer sees it: a login is half of what signs in, so most of it is hidden. */
export const maskLogin = (login: string): string =>
  login.length <= 3 ? `${login[0] ?? ''}***` : `${login.slice(0, 2)}***${login.at(-1)}`;

/**
 * GET /sdk/account/referral (docs/product.md#my-account-referral): the account's referral link
 * (its one code, made on the first ask as getreferrallink makes it) and the accounts it brought,
 * each with how far it got: registered, playing (a character in any realm reached the playing
 * level), rewarded.
 */
export const accountReferral = async (
  deps: ReferralDeps & { settings: ReferralSettings },
  login: string,
): Promise<AccountReferralAnswer> => {
  const key = normalizeLogin(login);
  const site = deps.connections.site.db;
  if (!(await findCodeOfLogin(site, key)))
    await insertCodeOnce(site, { login: key, code: newReferralCode(), at: deps.now() });
  const code = await findCodeOfLogin(site, key);
  if (!code) throw new Error(`the referral code of ${key} was not stored`);
  const rows = await site
    .selectFrom('site_referral_accounts')
    .select(['login', 'registered_at', 'playing_at', 'rewarded_at'])
    .where('code', '=', code.code)
    .orderBy('registered_at', 'desc')
    .limit(MAX_ROWS)
    .execute();
  // A referred account's level is its best character's in any realm whose database answers.
  const logins = rows.map((row) => row.login);
  const levels = new Map<string, number>();
  for (const realm of realmsOf(deps)) {
    if (!realm.isUp()) continue;
    const found = await realm
      .read((game) => bestLevels(game, logins))
      .catch((error: unknown) => {
        if (isServiceUnavailable(error)) return new Map<string, number>();
        throw error;
      });
    for (const [login, level] of found) levels.set(login, Math.max(level, levels.get(login) ?? 0));
  }
  return {
    link: referralLink(deps.publicUrl, code.code),
    playingLevel: deps.settings.playingLevel,
    referred: rows.map((row) => ({
      login: maskLogin(row.login),
      registeredAt: Number(row.registered_at),
      stage: row.rewarded_at !== null ? 'rewarded' : row.playing_at !== null ? 'playing' : 'registered',
      level: levels.get(row.login.toLowerCase()) ?? 0,
    })),
  };
};
