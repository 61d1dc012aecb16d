import type { ErrorCode } from '@gatekeeper/contract';
import { COOKIES, withoutTrailingSlashes } from '@gatekeeper/contract';
import type { Connections } from '../../db/connections';
import type { SiteReferralEventsTable } from './tables';
import { findAccount, normalizeLogin } from '../../game/accounts';
import { findCharacterByName } from '../../game/characters';
import { emailOf } from '../accounts/account-emails';
import type { GameSchema } from '../../game/schema-check';
import { type GameRealm, onlyRealm } from '../../game/game-realm';
import type { AccountCreated } from '../accounts/account-events';
import { isRefused } from '../accounts/credentials';
import { REFERRAL_CODE_PATTERN, newReferralCode, newVisitorKey, visitorKeyOf } from './referral-cookie';
import {
  type ReferralVisitor,
  attributeAccountOnce,
  findCode,
  findCodeOfLogin,
  findVisitor,
  findVisitorByAddress,
  insertCodeOnce,
  insertVisitor,
  recordEventOnce,
  setRewardCharacter,
} from './referral-repository';

export interface ReferralDeps {
  connections: Connections;
  schema: GameSchema;
  publicUrl: string;
  now: () => number;
  /**
   * Every realm, the first first (decision 049): the reward character is looked up in the realm
   * the player names. Left out: the one game database.
   */
  realms?: readonly GameRealm[];
}

/** The realms of the deps: the one game database when they name none. */
export const realmsOf = (deps: Pick<ReferralDeps, 'connections' | 'schema' | 'realms'>): readonly GameRealm[] =>
  deps.realms ?? [onlyRealm(deps.connections.game.db, deps.schema)];

/** The link a referrer shares: any page of the site works, the home page is the natural one. */
export const referralLink = (publicUrl: string, code: string): string =>
  `${withoutTrailingSlashes(publicUrl)}/?ref=${encodeURIComponent(code)}`;

const visitorSince = (deps: Pick<ReferralDeps, 'now'>) => deps.now() - COOKIES.ref.maxAgeMs;

/**
 * getreferrallink: the account's one code, created on the first request and the same ever after.
 * The username and email must belong together; a character name, when given, becomes the
 * character that receives the rewards and must be one of the account's, in the realm named
 * (`realm`, the first when left out: decision 049). A slug no realm has is formInvalid; a realm
 * whose database does not answer throws ServiceUnavailableError (503), and nothing is written.
 */
export const getReferralLink = async (
  deps: ReferralDeps,
  input: { username: string; email: string; charName: string; realm?: string },
): Promise<{ link: string } | { error: ErrorCode }> => {
  const realms = realmsOf(deps);
  const realm = input.realm === undefined ? realms[0] : realms.find((candidate) => candidate.slug === input.realm);
  if (!realm) return { error: 'formInvalid' };
  const account = await findAccount(deps.connections.login.db, deps.schema, input.username);
  const email = account && (await emailOf(deps, account));
  const emailMatches =
    email?.recorded === true && email.email.trim().toLowerCase() === input.email.trim().toLowerCase();
  if (!account || !emailMatches) return { error: 'referralPairMismatch' };
  if (await isRefused(deps, account)) return { error: 'accountBanned' };

  const login = normalizeLogin(account.login);
  let rewardCharId: number | undefined;
  if (input.charName !== '') {
    const character = await realm.read((game, schema) => findCharacterByName(game, schema, input.charName));
    if (!character || normalizeLogin(character.accountName ?? '') !== login) return { error: 'charDoesntExist' };
    rewardCharId = character.charId;
  }
  // The first realm is NULL, as in the rows written before realms (decision 049).
  const rewardRealm = realm.first ? null : realm.slug;

  const site = deps.connections.site.db;
  if (!(await findCodeOfLogin(site, login))) {
    // A collision of two random codes is as good as impossible; the unique index refuses it anyway.
    await insertCodeOnce(site, { login, code: newReferralCode(), at: deps.now() });
  }
  const code = await findCodeOfLogin(site, login);
  if (!code) throw new Error(`the referral code of ${login} was not stored`);
  if (rewardCharId !== undefined && (rewardCharId !== code.rewardCharId || rewardRealm !== code.rewardRealm)) {
    await setRewardCharacter(site, login, { charId: rewardCharId, realm: rewardRealm });
  }
  return { link: referralLink(deps.publicUrl, code.code) };
};

/**
 * addvisitor: remembers who brought this visitor. The first referrer keeps the visitor for the
 * cookie's 90 days (another link does not take it over), and a reload, or a visit from the same
 * address without the cookie, is the same visitor again: nobody inflates a count by reloading.
 * Answers the key for the visitor's cookie, or undefined when the code is no code of ours.
 */
export const addVisitor = async (
  deps: Pick<ReferralDeps, 'connections' | 'now'>,
  input: { ref: string; ip: string; cookieHeader: string | undefined },
): Promise<string | undefined> => {
  const site = deps.connections.site.db;
  const since = visitorSince(deps);
  const cookieKey = visitorKeyOf(input.cookieHeader);
  if (cookieKey && (await findVisitor(site, cookieKey, since))) return undefined;

  const ref = input.ref.trim().toLowerCase();
  if (!REFERRAL_CODE_PATTERN.test(ref) || !(await findCode(site, ref))) return undefined;
  const known = await findVisitorByAddress(site, { code: ref, ip: input.ip, since });
  if (known) return known.key;
  const key = newVisitorKey();
  await insertVisitor(site, { key, code: ref, ip: input.ip, at: deps.now() });
  return key;
};

const visitorOfCookie = async (
  deps: Pick<ReferralDeps, 'connections' | 'now'>,
  cookieHeader: string | undefined,
): Promise<ReferralVisitor | undefined> => {
  const key = visitorKeyOf(cookieHeader);
  return key ? findVisitor(deps.connections.site.db, key, visitorSince(deps)) : undefined;
};

/** updateref: what a referred visitor did, once per kind; a visitor without a referrer is not recorded. */
export const updateRef = async (
  deps: Pick<ReferralDeps, 'connections' | 'now'>,
  input: { type: SiteReferralEventsTable['type']; cookieHeader: string | undefined },
): Promise<void> => {
  const visitor = await visitorOfCookie(deps, input.cookieHeader);
  if (!visitor) return;
  await recordEventOnce(deps.connections.site.db, { visitorId: visitor.id, type: input.type, at: deps.now() });
};

/** The account-created hook: a registration by a referred visitor counts for the referrer, once. */
export const attributeRegistration = async (
  deps: Pick<ReferralDeps, 'connections' | 'now'>,
  event: Pick<AccountCreated, 'login' | 'cookieHeader'>,
): Promise<void> => {
  const visitor = await visitorOfCookie(deps, event.cookieHeader);
  if (!visitor) return;
  const login = normalizeLogin(event.login);
  const referrer = await findCode(deps.connections.site.db, visitor.code);
  // Nobody refers themselves (the account is new, but its login may have held a code before).
  if (!referrer || referrer.login === login) return;
  await attributeAccountOnce(deps.connections.site.db, { login, visitor, at: deps.now() });
};
