import { CONSOLE_BAN_DAYS, type ConsoleBanDuration } from '@gatekeeper/contract';
import { BANNED_ACCESS_LEVEL, changeAccessLevel, normalizeLogin } from '../../game/accounts';
import type { CredentialsDeps } from './credentials';

type BanDeps = Pick<CredentialsDeps, 'connections' | 'schema' | 'now'>;

const DAY_MS = 24 * 60 * 60_000;

/** A lift claimed by an instance that stopped before finishing it is taken again after this long. */
const CLAIM_MS = 5 * 60_000;

/** When a ban of this duration made now ends; null for good. */
export const banEnd = (duration: ConsoleBanDuration, now: number): number | null => {
  const days = CONSOLE_BAN_DAYS[duration];
  return days === null ? null : now + days * DAY_MS;
};

/**
 * Bans the account in the game (its access level set to -1) and keeps the level it had, so an
 * unban restores it. False when the game's level changed since it was read (nothing is kept then).
 */
export const banAccount = async (
  deps: BanDeps,
  input: { login: string; previousLevel: number; reason: string; by: string; until: number | null },
): Promise<boolean> => {
  const site = deps.connections.site.db;
  const login = normalizeLogin(input.login);
  // A row left by a ban lifted in the game by hand: this ban replaces it.
  await site.deleteFrom('site_account_bans').where('login', '=', login).execute();
  await site
    .insertInto('site_account_bans')
    .values({
      login,
      previous_level: input.previousLevel,
      reason: input.reason.slice(0, 500),
      banned_by: input.by.slice(0, 45),
      banned_at: deps.now(),
      until: input.until,
      claimed_at: null,
    })
    .execute();
  const written = await changeAccessLevel(deps.connections.login.db, deps.schema, login, {
    from: input.previousLevel,
    to: BANNED_ACCESS_LEVEL,
  });
  if (!written) await site.deleteFrom('site_account_bans').where('login', '=', login).execute();
  return written;
};

/** The console's ban of the account, or undefined (none, or banned in the game only). */
export const banOf = async (deps: BanDeps, login: string) =>
  deps.connections.site.db
    .selectFrom('site_account_bans')
    .selectAll()
    .where('login', '=', normalizeLogin(login))
    .executeTakeFirst();

/**
 * Lifts a ban: the game's access level back to what the console's ban replaced (0 for a ban made
 * in the game, whose earlier level the site never saw). Answers the level written, or undefined
 * when the account is not banned in the game.
 */
export const unbanAccount = async (deps: BanDeps, login: string): Promise<number | undefined> => {
  const kept = await banOf(deps, login);
  const level = kept ? Number(kept.previous_level) : 0;
  const written = await changeAccessLevel(deps.connections.login.db, deps.schema, login, {
    from: 'banned',
    to: level,
  });
  await deps.connections.site.db.deleteFrom('site_account_bans').where('login', '=', normalizeLogin(login)).execute();
  return written ? level : undefined;
};

/** A timed ban the site lifted when it ended. */
export interface LiftedBan {
  login: string;
  restoredLevel: number;
  bannedBy: string;
  reason: string;
}

/**
 * Lifts every timed ban whose end has passed. Safe with several instances on one site database:
 * each ban is claimed by one conditional update first, and only the instance whose update took
 * the row restores the level and deletes it. A level changed in the game meanwhile (unbanned by
 * hand, banned again by a GM) is left as it is.
 */
export const liftDueBans = async (deps: BanDeps): Promise<LiftedBan[]> => {
  const site = deps.connections.site.db;
  const now = deps.now();
  const due = await site
    .selectFrom('site_account_bans')
    .selectAll()
    .where('until', 'is not', null)
    .where('until', '<=', now)
    .limit(100)
    .execute();
  const lifted: LiftedBan[] = [];
  for (const ban of due) {
    const claimed = await site
      .updateTable('site_account_bans')
      .set({ claimed_at: now })
      .where('login', '=', ban.login)
      .where('until', '<=', now)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - CLAIM_MS)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const restoredLevel = Number(ban.previous_level);
    await changeAccessLevel(deps.connections.login.db, deps.schema, ban.login, {
      from: BANNED_ACCESS_LEVEL,
      to: restoredLevel,
    });
    const deleted = await site
      .deleteFrom('site_account_bans')
      .where('login', '=', ban.login)
      .where('claimed_at', '=', now)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 1) {
      lifted.push({ login: ban.login, restoredLevel, bannedBy: ban.banned_by, reason: ban.reason });
    }
  }
  return lifted;
};
