import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { checkCode } from '../accounts/credentials';
import { auditRowFor, masksStaff } from '../accounts/staff-privacy';
import type { AccountSessions } from '../sessions/account-sessions';
import type { ConsoleGate } from './console-gate';
import { type DashboardDeps, readDashboard } from './dashboard';
import type { PasskeyStepUp } from './passkey-step-up';

export interface ConsoleRoutesOptions {
  gate: ConsoleGate;
  sessions: AccountSessions;
  passkey: PasskeyStepUp;
  dashboard: DashboardDeps;
  requestsPerMinute: number;
  redis?: Redis;
}

/**
 * The console's own calls (docs/owner/console.md): who is at it, the step-up with the second
 * factor or a passkey, the audit log and the dashboard. Each section lives in the feature whose
 * data it shows and registers its calls through the same gate (docs/architecture.md).
 */
export const consoleRoutes = async (app: FastifyInstance, options: ConsoleRoutesOptions): Promise<void> => {
  const { gate, sessions, passkey } = options;
  await registerRateLimit(app, options.redis);
  const limited = limitPerMinute(options.requestsPerMinute);

  gate.route(
    app,
    'getConsoleMe',
    'gm',
    async ({ actor, steppedUp }, _request, reply) =>
      reply.send({
        login: actor.login,
        role: actor.role,
        idleMinutes: gate.idleMinutes,
        steppedUp,
        factors: await gate.factorsOf(actor.login),
      }),
    { stepUp: false },
  );

  // Every entry to the console asks for the second factor again, even right after the site's sign-in.
  gate.route(
    app,
    'consoleSignIn',
    'gm',
    async ({ actor, body }, request, reply) => {
      const factor = gate.factors.get(body.factor);
      if (!factor || !(await factor.isOn(actor.login))) return reply.code(400).send(['consoleNeedsSecondFactor']);
      const deps = sessions.credentials;
      const checked = await checkCode(deps, actor.login, request.ip, () =>
        factor.verify(actor.login, { code: body.code }, sessions.now()),
      );
      if (checked !== 'right') {
        // Every refusal is audited, those of a locked account too.
        await gate.record(actor, 'signInFailed', '', checked === 'refused' ? `${body.factor} locked` : body.factor);
        return reply.code(400).send([checked === 'wrong' ? 'wrongSecondFactorCode' : 'tooManyAttempts']);
      }
      await gate.grantStepUp(actor);
      await gate.record(actor, 'signIn', '', body.factor);
      return reply.send([]);
    },
    { stepUp: false, config: limited.config },
  );

  // Every line is a staff member's: a GM sees only its own addresses in full, and searches only those (staff-privacy.ts).
  gate.route(app, 'getConsoleAudit', 'gm', async ({ actor, query }, _request, reply) => {
    const page = await gate.audit.search(query, masksStaff(actor) ? { addressesOf: actor.login } : {});
    return reply.send({ ...page, rows: page.rows.map((row) => auditRowFor(actor, row)) });
  });

  // The passkey step-up: options bound to this session, then the assertion, as decision 028's sign-in.
  gate.route(
    app,
    'consoleStepUpPasskeyOptions',
    'gm',
    async ({ actor }, _request, reply) => {
      if (!(await passkey.isOn(actor.login))) return reply.code(400).send(['consoleNeedsSecondFactor']);
      return reply.send(await passkey.options(actor.login, actor.sessionHash, sessions.now()));
    },
    { stepUp: false, config: limited.config },
  );
  gate.route(
    app,
    'consoleSignInPasskey',
    'gm',
    async ({ actor, body }, request, reply) => {
      if (!(await passkey.isOn(actor.login))) return reply.code(400).send(['consoleNeedsSecondFactor']);
      const checked = await checkCode(sessions.credentials, actor.login, request.ip, () =>
        passkey.verifyAssertion({
          login: actor.login,
          sessionHash: actor.sessionHash,
          response: body.response,
          now: sessions.now(),
        }),
      );
      if (checked !== 'right') {
        await gate.record(actor, 'signInFailed', '', checked === 'refused' ? 'passkey locked' : 'passkey');
        return reply.code(400).send([checked === 'wrong' ? 'passkeyRefused' : 'tooManyAttempts']);
      }
      await gate.grantStepUp(actor);
      await gate.record(actor, 'signIn', '', 'passkey');
      return reply.send([]);
    },
    { stepUp: false, config: limited.config },
  );

  gate.route(app, 'getConsoleDashboard', 'gm', async (_input, _request, reply) =>
    reply.send(await readDashboard(options.dashboard)),
  );
};
