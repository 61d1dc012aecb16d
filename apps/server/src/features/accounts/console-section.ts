import {
  type ConsoleAccountActionAnswer,
  type ConsoleAccountActionModel,
  type ConsoleAccountBanModel,
  type ConsoleRole,
  type ErrorCode,
  type Language,
  isLanguage,
} from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listAccountCharacterViews } from '../../game/account-overview';
import { type Account, findAccount, normalizeLogin } from '../../game/accounts';
import { emailOf } from './account-emails';
import { banAccount, banEnd, liftDueBans, unbanAccount } from './account-bans';
import { isRefused } from './credentials';
import { type AccountCallDeps, queueRecoveryMail } from './password-recovery';

/** Who acts at the console, as its gate tells it (features/console/console-gate.ts). */
export interface StaffActor {
  login: string;
  role: ConsoleRole;
  address: string;
}

type Handler<Body> = (
  input: { body: Body; actor: StaffActor },
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

type NoteCall = 'unbanConsoleAccount' | 'endConsoleAccountSessions' | 'sendConsoleAccountReset';

/**
 * The console's one gate (features/console/console-gate.ts) as this section uses it: app.ts hands
 * it over, since the console's feature already depends on this one. `route` gives a call its
 * role, step-up and anti-forgery check; `record` and `audit` write the audit log.
 */
export interface ConsoleDoor {
  route(app: FastifyInstance, name: 'banConsoleAccount', required: 'owner', handler: Handler<BanBody>): void;
  route(app: FastifyInstance, name: NoteCall, required: 'owner', handler: Handler<NoteBody>): void;
  record(actor: StaffActor, action: string, record?: string, detail?: string): Promise<void>;
  /** The console role an access level gives (staff), or undefined for a player. */
  roleOf(accessLevel: number): ConsoleRole | undefined;
  audit: {
    record(entry: {
      login: string;
      role: string;
      action: string;
      record?: string;
      address: string;
      detail?: string;
    }): Promise<void>;
  };
}

type BanBody = Required<ConsoleAccountBanModel>;
type NoteBody = Required<ConsoleAccountActionModel>;

/** The player's site sessions (features/sessions), ended by a ban or on their own. */
export interface AccountSessionEnder {
  endAllOf(login: string): Promise<number>;
}

export interface AccountsConsoleOptions {
  door: ConsoleDoor;
  deps: AccountCallDeps;
  sessions: AccountSessionEnder;
  /** How often this instance looks for timed bans that ended. */
  liftEveryMs: number;
  /** Receives the lifting of ended bans, which then runs only when the test calls it. */
  takeBanLifter?: (lift: () => Promise<void>) => void;
}

/** Who the audit log names for what the site does by itself (a timed ban ending). */
export const SYSTEM_ACTOR = { login: '(system)', role: 'system', address: '' } as const;

const describeBan = (until: number | null) => (until === null ? 'for good' : `until ${new Date(until).toISOString()}`);

/**
 * The Accounts section's actions (docs/owner/console.md#accounts), an owner's only: ban and unban
 * in the game's own table, end the player's site sessions, mail a password-reset link. Each is
 * audited with its reason. A gm is refused by the gate (403 consoleForbidden) and nothing is written.
 */
export const accountsConsoleSection = async (app: FastifyInstance, options: AccountsConsoleOptions): Promise<void> => {
  const { door, deps, sessions } = options;
  const loginDb = deps.connections.login.db;

  const accountOf = async (login: string, reply: FastifyReply): Promise<Account | undefined> => {
    const account = await findAccount(loginDb, deps.schema, login);
    if (!account) await reply.code(404).send(['consoleAccountNotFound'] satisfies ErrorCode[]);
    return account;
  };
  const inGame = async (login: string) =>
    (await listAccountCharacterViews(deps.connections.game.db, deps.schema, login)).some((c) => c.online);
  const answer = async (
    account: Account,
    change: { after: number; until?: number | null; sessionsEnded: number },
  ): Promise<ConsoleAccountActionAnswer> => ({
    login: account.login,
    accessLevelBefore: account.accessLevel,
    accessLevelAfter: change.after,
    bannedUntil: change.until ?? null,
    sessionsEnded: change.sessionsEnded,
    inGame: await inGame(account.login),
  });

  door.route(app, 'banConsoleAccount', 'owner', async ({ actor, body }, _request, reply) => {
    const account = await accountOf(body.login, reply);
    if (!account) return reply;
    const refusal: ErrorCode | undefined =
      normalizeLogin(account.login) === normalizeLogin(actor.login)
        ? 'consoleAccountIsSelf'
        : door.roleOf(account.accessLevel)
          ? 'consoleAccountIsStaff'
          : account.accessLevel < 0
            ? 'consoleAccountAlreadyBanned'
            : undefined;
    if (refusal) return reply.code(400).send([refusal]);
    const until = banEnd(body.duration, deps.now());
    const banned = await banAccount(deps, {
      login: account.login,
      previousLevel: account.accessLevel,
      reason: body.reason,
      by: actor.login,
      until,
    });
    // The level changed in the game between the read and the write: the owner looks again.
    if (!banned) return reply.code(409).send(['consoleAccountAlreadyBanned'] satisfies ErrorCode[]);
    const sessionsEnded = await sessions.endAllOf(account.login);
    await door.record(actor, 'account.ban', account.login, `${body.duration} (${describeBan(until)}): ${body.reason}`);
    return reply.send(await answer(account, { after: -1, until, sessionsEnded }));
  });

  door.route(app, 'unbanConsoleAccount', 'owner', async ({ actor, body }, _request, reply) => {
    const account = await accountOf(body.login, reply);
    if (!account) return reply;
    if (account.accessLevel >= 0) return reply.code(400).send(['consoleAccountNotBanned'] satisfies ErrorCode[]);
    const restored = await unbanAccount(deps, account.login);
    if (restored === undefined) return reply.code(400).send(['consoleAccountNotBanned'] satisfies ErrorCode[]);
    await door.record(actor, 'account.unban', account.login, `level ${restored}: ${body.reason}`);
    return reply.send(await answer(account, { after: restored, sessionsEnded: 0 }));
  });

  door.route(app, 'endConsoleAccountSessions', 'owner', async ({ actor, body }, _request, reply) => {
    const account = await accountOf(body.login, reply);
    if (!account) return reply;
    const sessionsEnded = await sessions.endAllOf(account.login);
    await door.record(actor, 'account.endSessions', account.login, `${sessionsEnded} ended: ${body.reason}`);
    return reply.send(await answer(account, { after: account.accessLevel, sessionsEnded }));
  });

  // The recovery form's own mail (password-recovery.ts), in the language of the player's latest recovery.
  door.route(app, 'sendConsoleAccountReset', 'owner', async ({ actor, body }, _request, reply) => {
    const account = await accountOf(body.login, reply);
    if (!account) return reply;
    if (await isRefused(deps, account)) return reply.code(400).send(['accountBanned'] satisfies ErrorCode[]);
    const recorded = await emailOf(deps, account);
    if (!recorded.recorded || recorded.email === '') {
      return reply.code(400).send(['emailNotRecorded'] satisfies ErrorCode[]);
    }
    const login = normalizeLogin(account.login);
    const queued = await queueRecoveryMail(deps, {
      login,
      email: recorded.email,
      lang: await lastRecoveryLanguage(deps, login),
    });
    if (!queued) return reply.code(429).send(['tooManyRequests'] satisfies ErrorCode[]);
    await door.record(actor, 'account.sendReset', account.login, body.reason);
    return reply.send(await answer(account, { after: account.accessLevel, sessionsEnded: 0 }));
  });

  // Timed bans end by themselves: each instance looks every liftEveryMs, one lifts each ban.
  const lift = async () => {
    for (const ban of await liftDueBans(deps)) {
      await door.audit.record({
        ...SYSTEM_ACTOR,
        action: 'account.unban',
        record: ban.login,
        detail: `ban by ${ban.bannedBy} ended, level ${ban.restoredLevel}: ${ban.reason}`,
      });
    }
  };
  if (options.takeBanLifter) {
    options.takeBanLifter(lift);
    return;
  }
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    lift()
      .catch((error: unknown) => app.log.warn({ err: error }, 'account bans: the ended ones could not be lifted'))
      .finally(() => {
        running = false;
      });
  }, options.liftEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

const lastRecoveryLanguage = async (deps: AccountCallDeps, login: string): Promise<Language> => {
  const row = await deps.connections.site.db
    .selectFrom('site_password_resets')
    .select('language')
    .where('login', '=', login)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && isLanguage(row.language) ? row.language : 'en';
};
