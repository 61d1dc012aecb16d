import {
  CONSOLE_DONATIONS_CSV_MAX,
  CONSOLE_DONATIONS_PAGE,
  CONSOLE_LOOKUP_MAX,
  type ConsoleAccountView,
  type ConsoleDonationsQuery,
  type ConsoleVotesAnswer,
} from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { Connections } from '../../db/connections';
import type { SiteDatabase } from '../../db/tables';
import { accountBan, accountCreatedAt, listAccountCharacterViews } from '../../game/account-overview';
import { type Account, findAccount, findAccountsByEmail, normalizeLogin } from '../../game/accounts';
import { findCharacterByName } from '../../game/characters';
import type { GameSchema } from '../../game/schema-check';
import { emailOf, findRecordedEmailAccounts } from '../accounts/account-emails';
import { donationRequestId } from '../donations/crediting';
import { type LedgerEntry, readLedger } from '../donations/ledger';
import { accountRewards } from '../rewards/account-rewards';
import type { RewardSettings } from '../rewards/settings-schema';
import type { SignInHistory } from '../sessions/sign-ins';
import { toCsv } from './csv';
import { perDay } from './dashboard';

export interface OwnerSectionsDeps {
  connections: Connections;
  schema: GameSchema;
  rewardSettings: RewardSettings;
  history: SignInHistory;
  now: () => number;
}

const DAY_MS = 24 * 60 * 60_000;

const ledgerDb = (deps: OwnerSectionsDeps) => ({
  site: deps.connections.site.db,
  game: deps.connections.game.db,
  schema: deps.schema,
});

const filterOf = (query: Omit<ConsoleDonationsQuery, 'from'>, limit: number) => ({
  ...(query.q ? { find: query.q } : {}),
  ...(query.state ? { state: query.state } : {}),
  flagged: query.flagged === 'true',
  limit,
});

/** The ledger that `npm run donations` prints (features/donations/ledger.ts), a page of it from `from`. */
export const donationsPage = async (deps: OwnerSectionsDeps, query: ConsoleDonationsQuery) => {
  const from = Number(query.from ?? 0);
  const entries = await readLedger(ledgerDb(deps), filterOf(query, from + CONSOLE_DONATIONS_PAGE + 1));
  const rows = entries.slice(from, from + CONSOLE_DONATIONS_PAGE);
  return { rows, next: entries.length > from + CONSOLE_DONATIONS_PAGE ? from + CONSOLE_DONATIONS_PAGE : null };
};

const CSV_HEADER = [
  'started (UTC)',
  'state',
  'flagged',
  'character',
  'amount',
  'currency',
  'coins',
  'reward',
  'refunded',
  'coins taken back',
  'coins in game',
  'PayPal order',
  'capture / txn',
  'donation id',
  'detail',
  'resolved by',
  'resolution',
] as const;

/** The ledger as CSV (the search's rows, newest first, at most CONSOLE_DONATIONS_CSV_MAX). */
export const donationsCsv = async (deps: OwnerSectionsDeps, query: ConsoleDonationsQuery): Promise<string> => {
  const entries = await readLedger(ledgerDb(deps), filterOf(query, CONSOLE_DONATIONS_CSV_MAX));
  return toCsv(
    CSV_HEADER,
    entries.map((entry: LedgerEntry) => [
      new Date(entry.at).toISOString(),
      entry.state,
      entry.flagged,
      entry.charName,
      (entry.cents / 100).toFixed(2),
      entry.currency,
      entry.coins,
      entry.reward,
      (entry.refundedCents / 100).toFixed(2),
      entry.coinsTakenBack,
      entry.coinsByHand,
      entry.orderId,
      entry.txnId,
      entry.donationId,
      entry.detail,
      entry.resolved?.by ?? '',
      entry.resolved?.note ?? '',
    ]),
  );
};

/** The ledger's entry of a capture or transaction id, or undefined. */
export const donationEntry = async (deps: OwnerSectionsDeps, txnId: string): Promise<LedgerEntry | undefined> =>
  (await readLedger(ledgerDb(deps), { find: txnId, limit: 50 })).find((entry) => entry.txnId === txnId);

/**
 * Marks a flagged donation handled (a refund after delivery: the coins taken back in the game by
 * hand, or left on purpose; a refund not counted; coins without a character), once per refund:
 * a refund recorded after it flags the donation again.
 */
export const resolveDonation = async (
  site: Kysely<SiteDatabase>,
  input: { txnId: string; login: string; note: string; now: number },
): Promise<void> => {
  await site.deleteFrom('site_donation_resolutions').where('txn_id', '=', input.txnId).execute();
  await site
    .insertInto('site_donation_resolutions')
    .values({ txn_id: input.txnId, at: input.now, login: input.login.slice(0, 45), note: input.note.slice(0, 500) })
    .execute();
};

/** Vote claims per site per day, and the sites' unanswered questions per day, the last 30 days. */
export const votesSection = async (deps: OwnerSectionsDeps): Promise<ConsoleVotesAnswer> => {
  const site = deps.connections.site.db;
  const now = deps.now();
  const since = now - 29 * DAY_MS - (now % DAY_MS);
  const claims = await site
    .selectFrom('site_vote_claims')
    .select(['site', 'created_at'])
    .where('created_at', '>=', since)
    .execute();
  const bySite = new Map<string, number[]>();
  for (const claim of claims) {
    const times = bySite.get(claim.site) ?? [];
    times.push(Number(claim.created_at));
    bySite.set(claim.site, times);
  }
  const failures = await site
    .selectFrom('site_vote_failures')
    .select(['site', 'at', 'reason'])
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const failed = new Map<string, ConsoleVotesAnswer['failures'][number]>();
  for (const row of failures) {
    const day = new Date(Number(row.at)).toISOString().slice(0, 10);
    const key = `${row.site}\n${day}`;
    const known = failed.get(key);
    // Newest first: the first row of a site and day holds its last reason.
    if (known) known.count += 1;
    else failed.set(key, { site: row.site, day, count: 1, lastReason: row.reason, lastAt: Number(row.at) });
  }
  return {
    claims: [...bySite.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, times]) => ({ site: name, days: perDay(times, now), total: times.length })),
    failures: [...failed.values()].sort((a, b) => b.day.localeCompare(a.day) || a.site.localeCompare(b.site)),
  };
};

/** The logins a look-up names: a login, an e-mail (the game's column or the site's), a character's account. */
const findLogins = async (
  deps: OwnerSectionsDeps,
  q: string,
): Promise<{ login: string; foundBy: ConsoleAccountView['foundBy'] }[]> => {
  const { connections, schema } = deps;
  const found = new Map<string, ConsoleAccountView['foundBy']>();
  const byLogin = await findAccount(connections.login.db, schema, q);
  if (byLogin) found.set(normalizeLogin(byLogin.login), 'login');
  if (q.includes('@')) {
    const emails = [q, q.toLowerCase()];
    const inGame = await findAccountsByEmail(connections.login.db, schema, [...new Set(emails)]);
    const onSite = await findRecordedEmailAccounts(connections.site.db, [q]);
    for (const row of [...inGame, ...onSite]) {
      const login = normalizeLogin(row.login);
      if (!found.has(login)) found.set(login, 'email');
    }
  }
  const character = await findCharacterByName(connections.game.db, schema, q);
  if (character?.accountName) {
    const login = normalizeLogin(character.accountName);
    if (!found.has(login)) found.set(login, 'character');
  }
  return [...found.entries()].slice(0, CONSOLE_LOOKUP_MAX).map(([login, foundBy]) => ({ login, foundBy }));
};

/** One account, read only: state, characters, rewards, donations, sign-ins (My account's own reads). */
const accountView = async (
  deps: OwnerSectionsDeps,
  account: Account,
  foundBy: ConsoleAccountView['foundBy'],
): Promise<ConsoleAccountView> => {
  const { connections, schema } = deps;
  const now = deps.now();
  const email = await emailOf({ connections, schema, now: deps.now }, account);
  const characters = await listAccountCharacterViews(connections.game.db, schema, account.login);
  const rewards = await accountRewards(
    { connections, schema, settings: deps.rewardSettings, donationRequestId },
    account.login,
  );
  const donations = await readLedger(ledgerDb(deps), { find: account.login, limit: 50 });
  return {
    login: account.login,
    foundBy,
    email: email.recorded && email.email !== '' ? email.email : null,
    accessLevel: account.accessLevel,
    createdAt: await accountCreatedAt(connections.login.db, schema, account.login),
    ban: await accountBan({ login: connections.login.db, game: connections.game.db }, schema, account, now),
    characters: characters.map(({ name, level, classId, clan, online, lastSeen }) => ({
      name,
      level,
      classId,
      clan,
      online,
      lastSeen,
    })),
    rewards: rewards.map(({ source, character, itemId, count, state, createdAt }) => ({
      source,
      character,
      itemId,
      count,
      state,
      createdAt,
    })),
    donations,
    signIns: (await deps.history.list(account.login, now)).slice(0, 50),
  };
};

/** The Accounts section's look-up by login, e-mail or character name. */
export const lookUpAccounts = async (deps: OwnerSectionsDeps, q: string): Promise<ConsoleAccountView[]> => {
  const views: ConsoleAccountView[] = [];
  for (const { login, foundBy } of await findLogins(deps, q.trim())) {
    const account = await findAccount(deps.connections.login.db, deps.schema, login);
    if (account) views.push(await accountView(deps, account, foundBy));
  }
  return views;
};
