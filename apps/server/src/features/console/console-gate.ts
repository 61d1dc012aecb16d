import { type Api, type ConsoleFactor, type ConsoleRole, type ErrorCode } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { SiteDatabase } from '../../db/tables';
import { findAccount, listLoginsFromAccessLevel } from '../../game/accounts';
import type { AuditedActor, ConsoleDoor } from '../../infra/console-door';
import { requestHasCsrfToken } from '../../infra/csrf';
import { sdkRoute } from '../../infra/sdk-route';
import type { AccountSessions } from '../sessions/account-sessions';
import type { SecondFactor } from '../sessions/second-factor';
import type { AuditLog } from './audit-log';
import type { ConsoleSettings } from './settings-schema';

/**
 * The route config flag of a console call, with the least role it needs:
 * test/console-routes.test.ts walks every route carrying it and proves who is refused.
 */
export const CONSOLE_MARK = 'console';

/** The route config flag of the console calls a session may make before its step-up (who am I, the step-up). */
export const CONSOLE_BEFORE_STEP_UP_MARK = 'consoleBeforeStepUp';

declare module 'fastify' {
  interface FastifyContextConfig {
    [CONSOLE_MARK]?: ConsoleRole;
    [CONSOLE_BEFORE_STEP_UP_MARK]?: true;
  }
}

/** Who makes a console call: read from the session and the game's account, never from the request. */
export interface ConsoleActor {
  login: string;
  role: ConsoleRole;
  /** The session's id_hash: the step-up belongs to it. */
  sessionHash: string;
  address: string;
}

/**
 * A second factor the console's step-up accepts (docs/owner/console.md#second-factor). The
 * authenticator app is one; a passkey is added as another, with its own `kind` in the contract's
 * consoleSignInModel, and nothing else here changes.
 */
export interface StepUpFactor {
  kind: ConsoleFactor;
  isOn(login: string): Promise<boolean>;
  /** Spends the proof (each code once): true when it is the account's. */
  verify(login: string, proof: { code: string }, now: number): Promise<boolean>;
}

/** The authenticator app (features/sessions/second-factor.ts) as a step-up factor: a code or a recovery code, once. */
export const totpStepUp = (secondFactor: SecondFactor): StepUpFactor => ({
  kind: 'totp',
  isOn: (login) => secondFactor.isOn(login),
  verify: (login, proof, now) => secondFactor.spend(login, proof.code, now),
});

export interface ConsoleGateOptions {
  sessions: AccountSessions;
  db: Kysely<SiteDatabase>;
  settings: ConsoleSettings;
  audit: AuditLog;
  factors: StepUpFactor[];
  now: () => number;
}

const RANK: Record<ConsoleRole, number> = { gm: 1, owner: 2 };

/** A step-up's last use is written at most this often: not one write per call. */
const TOUCH_EVERY_MS = 15_000;

type Parsed<N extends keyof Api> = {
  body: Api[N] extends { body: z.ZodType } ? z.output<Api[N]['body']> : undefined;
  query: Api[N] extends { query: z.ZodType } ? z.output<Api[N]['query']> : undefined;
};

/** What a console call's handler gets: the actor and the parsed input. */
export type ConsoleCallInput<N extends keyof Api> = Parsed<N> & { actor: ConsoleActor; steppedUp: boolean };

type Checked = { actor: ConsoleActor; steppedUp: boolean } | { status: 401 | 403; code: ErrorCode };

/**
 * The console's door (docs/owner/console.md): a signed-in session, a game access level that
 * gives the call's role (read again on every call: a demoted GM is out at once), and a step-up
 * with the second factor on this session, used within the idle minutes. Every console call is
 * registered through `route`, which runs all three before the handler.
 */
export class ConsoleGate implements ConsoleDoor {
  readonly audit: AuditLog;
  readonly factors: ReadonlyMap<ConsoleFactor, StepUpFactor>;

  constructor(private readonly options: ConsoleGateOptions) {
    this.audit = options.audit;
    this.factors = new Map(options.factors.map((factor) => [factor.kind, factor]));
  }

  get idleMinutes(): number {
    return this.options.settings.idleMinutes;
  }

  /** The role an access level gives, or undefined for a player. */
  roleOf(accessLevel: number): ConsoleRole | undefined {
    const { gmAccessLevel, ownerAccessLevel } = this.options.settings;
    if (accessLevel >= ownerAccessLevel) return 'owner';
    if (accessLevel >= gmAccessLevel) return 'gm';
    return undefined;
  }

  /** The staff's logins (lower case), read from the game now: the accounts at a GM's access level or above. */
  staffLogins(): Promise<Set<string>> {
    const { connections, schema } = this.options.sessions.credentials;
    return listLoginsFromAccessLevel(connections.login.db, schema, this.options.settings.gmAccessLevel);
  }

  /** The factors this account has switched on, in the contract's order. */
  async factorsOf(login: string): Promise<ConsoleFactor[]> {
    const on: ConsoleFactor[] = [];
    for (const factor of this.factors.values()) if (await factor.isOn(login)) on.push(factor.kind);
    return on;
  }

  /** Who the request is, for a call that needs `required`; the step-up is looked up, not demanded. */
  async check(request: FastifyRequest, required: ConsoleRole): Promise<Checked> {
    const { sessions } = this.options;
    const signedIn = await sessions.authenticate(request.headers.cookie);
    if (!signedIn) return { status: 401, code: 'notSignedIn' };
    if (signedIn.restricted) return { status: 403, code: 'consoleForbidden' };
    const { connections, schema } = sessions.credentials;
    const account = await findAccount(connections.login.db, schema, signedIn.session.login);
    const role = account ? this.roleOf(account.accessLevel) : undefined;
    if (!role || RANK[role] < RANK[required]) return { status: 403, code: 'consoleForbidden' };
    const actor: ConsoleActor = {
      login: signedIn.session.login,
      role,
      sessionHash: signedIn.session.idHash,
      address: request.ip,
    };
    return { actor, steppedUp: await this.touchStepUp(actor) };
  }

  /** True when the session stepped up within the idle minutes; its last use is moved to now. */
  private async touchStepUp(actor: ConsoleActor): Promise<boolean> {
    const now = this.options.now();
    const row = await this.options.db
      .selectFrom('site_console_step_ups')
      .select(['login', 'last_seen_at'])
      .where('session_hash', '=', actor.sessionHash)
      .executeTakeFirst();
    if (!row || row.login !== actor.login) return false;
    const lastSeen = Number(row.last_seen_at);
    if (now - lastSeen > this.idleMinutes * 60_000 || now < lastSeen - 60_000) {
      await this.endStepUp(actor.sessionHash);
      return false;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await this.options.db
        .updateTable('site_console_step_ups')
        .set({ last_seen_at: now })
        .where('session_hash', '=', actor.sessionHash)
        .execute();
    }
    return true;
  }

  /** Records a step-up of the actor's session (after its factor was verified) and prunes lapsed ones. */
  async grantStepUp(actor: ConsoleActor): Promise<void> {
    const now = this.options.now();
    const { db } = this.options;
    await db
      .deleteFrom('site_console_step_ups')
      .where((eb) =>
        eb.or([eb('session_hash', '=', actor.sessionHash), eb('last_seen_at', '<', now - this.idleMinutes * 60_000)]),
      )
      .execute();
    await db
      .insertInto('site_console_step_ups')
      .values({ session_hash: actor.sessionHash, login: actor.login, granted_at: now, last_seen_at: now })
      .execute();
  }

  async endStepUp(sessionHash: string): Promise<void> {
    await this.options.db.deleteFrom('site_console_step_ups').where('session_hash', '=', sessionHash).execute();
  }

  /** Appends a line to the audit log for the actor: what was done and on which record. */
  record(actor: AuditedActor, action: string, record = '', detail = ''): Promise<void> {
    return this.audit.record({ login: actor.login, role: actor.role, action, record, address: actor.address, detail });
  }

  /**
   * Registers a console call: the contract's validation and anti-forgery check (sdkRoute), then
   * the session, the role `required` and, unless `stepUp` is false (the step-up call itself and
   * the page's first question), a live step-up. Answers 401 notSignedIn, 403 consoleForbidden or
   * 401 consoleStepUpRequired, and never caches. A section's plugin gets the gate from app.ts:
   *
   *   gate.route(app, 'getConsoleThings', 'gm', async ({ actor, query }, _request, reply) => {
   *     await gate.record(actor, 'things.read', query.id);
   *     return reply.send(await readThings(query));
   *   });
   *
   * Its contract call's path must be under /sdk/console/: test/console-routes.test.ts then holds it.
   */
  route<N extends keyof Api>(
    app: FastifyInstance,
    name: N,
    required: ConsoleRole,
    handler: (input: ConsoleCallInput<N>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    options: { stepUp?: boolean; config?: RouteShorthandOptions['config'] } = {},
  ): void {
    const { stepUp = true } = options;
    sdkRoute(
      app,
      name,
      async (input, request, reply) => {
        reply.header('cache-control', 'no-store');
        // Every console call writes, its GETs too: it keeps the step-up alive, and a look-up or an
        // export is audited. So each needs the anti-forgery token a page of the site sends, never
        // a link on another site (docs/owner/console.md).
        if (!requestHasCsrfToken(request)) {
          return reply.code(403).send(['formInvalid']);
        }
        const checked = await this.check(request, required);
        if ('code' in checked) return reply.code(checked.status).send([checked.code]);
        if (stepUp && !checked.steppedUp) return reply.code(401).send(['consoleStepUpRequired']);
        return handler({ ...input, actor: checked.actor, steppedUp: checked.steppedUp }, request, reply);
      },
      {
        config: {
          ...options.config,
          [CONSOLE_MARK]: required,
          ...(stepUp ? {} : { [CONSOLE_BEFORE_STEP_UP_MARK]: true }),
        },
      },
    );
  }
}
