import type { ConsoleAccountActionAnswer, ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { listAccountCharacterViews } from '../../game/account-overview';
import { type Account, findAccount, normalizeLogin } from '../../game/accounts';
import { type ConsoleDoor, SYSTEM_ACTOR } from '../../infra/console-door';
import { emailOf } from './account-emails';
import { banAccount, banEnd, liftDueBans, unbanAccount } from './account-bans';
import { type AccountRecordsOfOthers, lookUpAccounts } from './console-lookup';
import { isRefused } from './credentials';
import { lastRecoveryLanguage } from './recovery-keys';
import { type AccountCallDeps, queueRecoveryMail } from './password-recovery';
import { accountViewFor, mayFind } from './staff-privacy';

/**
 * The player's site sessions and second factor (features/sessions): the sessions ended by a ban
 * or on their own, the authenticator switched off by an owner.
 */
export interface AccountSessionControls {
  endAllOf(login: string): Promise<number>;
  secondFactor: { isOn(login: string): Promise<boolean>; disable(login: string): Promise<void> };
}

export interface AccountsConsoleOptions {
  door: ConsoleDoor;
  deps: AccountCallDeps;
  sessions: AccountSessionControls;
  /** How often this instance looks for timed bans that ended. */
  /** What the look-up shows of the account from other features. */
  others: AccountRecordsOfOthers;
  liftEveryMs: number;
  /** Receives the lifting of ended bans, which then runs only when the test calls it. */
  takeBanLifter?: (lift: () => Promise<void>) => void;
}

/**
 * The Accounts section (docs/owner/console.md#accounts): a gm and an owner look an account up (who
 * looked up whom is audited); only an owner acts: ban and unban in the game's own table, end the
 * player's site sessions, mail a password-reset link, switch its authenticator off, each audited
 * with its reason. A gm is
 * refused by the gate (403 consoleForbidden) and nothing is written.
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

  // A GM sees another staff account's e-mail and sign-in addresses masked, and does not find it by e-mail (staff-privacy.ts).
  door.route(app, 'getConsoleAccount', 'gm', async ({ actor, query }, _request, reply) => {
    if (query.q === '') return reply.code(400).send(['consoleLookupRequired'] satisfies ErrorCode[]);
    const lookup = { connections: deps.connections, schema: deps.schema, others: options.others, now: deps.now };
    const isStaff = (accessLevel: number) => door.roleOf(accessLevel) !== undefined;
    const accounts = (await lookUpAccounts(lookup, query.q))
      .filter((view) => mayFind(actor, view, isStaff(view.accessLevel)))
      .map((view) => accountViewFor(actor, view, isStaff(view.accessLevel)));
    await door.record(actor, 'account.lookup', query.q, accounts.map((account) => account.login).join(' '));
    return reply.send({ accounts });
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
    // The duration as chosen (1d, 7d, 30d, permanent): with the row's time it tells the end.
    await door.record(actor, 'account.ban', account.login, `${body.duration}: ${body.reason}`);
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
      lang: await lastRecoveryLanguage(deps.connections.site.db, login),
    });
    if (!queued) return reply.code(429).send(['tooManyRequests'] satisfies ErrorCode[]);
    await door.record(actor, 'account.sendReset', account.login, body.reason);
    return reply.send(await answer(account, { after: account.accessLevel, sessionsEnded: 0 }));
  });

  // A player who lost the authenticator app and its recovery codes: the owner checks it is the
  // player (the reason says how), the factor and its codes go, every site session of the account
  // ends, and a notice goes to the account's email so that a player who did not ask learns of it.
  door.route(app, 'resetConsoleAccountFactor', 'owner', async ({ actor, body }, _request, reply) => {
    const account = await accountOf(body.login, reply);
    if (!account) return reply;
    const login = normalizeLogin(account.login);
    if (login === normalizeLogin(actor.login)) {
      return reply.code(400).send(['consoleAccountIsSelf'] satisfies ErrorCode[]);
    }
    if (!(await sessions.secondFactor.isOn(login))) {
      return reply.code(400).send(['consoleAccountFactorOff'] satisfies ErrorCode[]);
    }
    await sessions.secondFactor.disable(login);
    const sessionsEnded = await sessions.endAllOf(account.login);
    const recorded = await emailOf(deps, account);
    if (recorded.recorded && recorded.email !== '') {
      const lang = await lastRecoveryLanguage(deps.connections.site.db, login);
      const t = deps.texts(lang);
      const values = { site: t('site.name'), username: account.login };
      await deps.outbox.enqueueSingle(
        {
          kind: 'factorNotice',
          email: recorded.email,
          login,
          language: lang,
          subject: t('mail.factorNotice.subject', values),
          text: t('mail.factorNotice.text', values),
          refId: null,
          createdAt: deps.now(),
        },
        deps.connections.site.db,
      );
      deps.wakeMailWorker();
    }
    await door.record(actor, 'account.resetFactor', account.login, `${sessionsEnded} sessions ended: ${body.reason}`);
    return reply.send(await answer(account, { after: account.accessLevel, sessionsEnded }));
  });

  // Timed bans end by themselves: each instance looks every liftEveryMs, one lifts each ban.
  const lift = async () => {
    for (const ban of await liftDueBans(deps)) {
      await door.record(
        SYSTEM_ACTOR,
        'account.unban',
        ban.login,
        `ban by ${ban.bannedBy} ended, level ${ban.restoredLevel}: ${ban.reason}`,
      );
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
