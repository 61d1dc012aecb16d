import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { limitPerMinute, registerRateLimit } from '../../infra/rate-limit';
import { normalizeLogin } from '../../game/accounts';
import { checkCode } from '../accounts/credentials';
import type { AccountSessions } from '../sessions/account-sessions';
import type { OutboxRepository } from '../mail/outbox-repository';
import type { RewardDelivery } from '../rewards/reward-delivery';
import { requeueReward } from '../rewards/reward-queue';
import type { ConsoleGate } from './console-gate';
import { type DashboardDeps, readDashboard } from './dashboard';
import { cancelReward, listRewards, rewardStatusOf } from './rewards-section';
import { auditRowFor, emailFor, masksStaff } from './staff-privacy';

export interface ConsoleRoutesOptions {
  gate: ConsoleGate;
  sessions: AccountSessions;
  dashboard: DashboardDeps;
  rewards: RewardDelivery;
  /** The mail outbox and a wake-up of this instance's mail worker. */
  mail: { outbox: OutboxRepository; wake: () => void };
  requestsPerMinute: number;
  redis?: Redis;
}

/**
 * The console's own calls (docs/owner/console.md): who is at it, the step-up with the second
 * factor, and the audit log. The sections register theirs through the same gate.
 */
export const consoleRoutes = async (app: FastifyInstance, options: ConsoleRoutesOptions): Promise<void> => {
  const { gate, sessions } = options;
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

  gate.route(app, 'getConsoleDashboard', 'gm', async (_input, _request, reply) =>
    reply.send(await readDashboard(options.dashboard)),
  );

  // The reward queue (docs/owner/console.md#rewards): a gm reads it, only an owner acts on it.
  const site = options.dashboard.connections.site.db;
  gate.route(app, 'getConsoleRewards', 'gm', async ({ query }, _request, reply) =>
    reply.send(await listRewards(site, query)),
  );
  gate.route(app, 'retryConsoleReward', 'owner', async ({ actor, body }, _request, reply) => {
    const before = await requeueReward(site, body.requestId, options.dashboard.now());
    if (before === 'missing') return reply.code(404).send(['consoleRewardNotFound']);
    if (before !== 'failed' && before !== 'cancelled') return reply.code(400).send(['consoleRewardNotRetryable']);
    // Every failed grant is tried now (each claimed once), as the background retry would.
    await options.rewards.retryFailed();
    const after = (await rewardStatusOf(site, body.requestId)) ?? 'missing';
    await gate.record(actor, 'reward.retry', body.requestId, `${before} -> ${after}`);
    return reply.send({ before, after });
  });
  gate.route(app, 'cancelConsoleReward', 'owner', async ({ actor, body }, _request, reply) => {
    const before = await cancelReward(site, body.requestId, body.reason, actor.login, options.dashboard.now());
    if (before === 'missing') return reply.code(404).send(['consoleRewardNotFound']);
    if (before !== 'pending' && before !== 'failed') return reply.code(400).send(['consoleRewardNotCancellable']);
    await gate.record(actor, 'reward.cancel', body.requestId, body.reason);
    return reply.send({ before, after: 'cancelled' });
  });

  // The outbox's given-up mails (docs/owner/console.md#mail): what `npm run mail` lists and retries.
  // A mail of a staff account (a test mail too: it is its sender's) shows a GM only a masked address.
  gate.route(app, 'getConsoleFailedMails', 'gm', async ({ actor }, _request, reply) => {
    const mails = await options.mail.outbox.failed();
    const staff = masksStaff(actor) ? await gate.staffLogins() : new Set<string>();
    return reply.send(
      mails.map((mail) => ({
        id: Number(mail.id),
        jobId: mail.job_id === null ? null : Number(mail.job_id),
        kind: mail.kind,
        email: emailFor(actor, { login: mail.login, staff: staff.has(normalizeLogin(mail.login)) }, mail.email),
        subject: mail.subject,
        attempts: Number(mail.attempts),
        lastError: mail.last_error,
      })),
    );
  });
  gate.route(app, 'retryConsoleFailedMails', 'gm', async ({ actor, body }, _request, reply) => {
    const requeued = await options.mail.outbox.retryFailed(options.dashboard.now(), body.jobId);
    options.mail.wake();
    await gate.record(actor, 'mail.retryFailed', body.jobId === undefined ? '' : `job ${body.jobId}`, `${requeued}`);
    return reply.send({ requeued });
  });
};
