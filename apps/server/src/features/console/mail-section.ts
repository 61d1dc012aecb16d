import { MAIL_FORM_MESSAGES } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { countMassMailRecipients, type MailServiceDeps, massMailSentBy, queueMassMailAs } from '../mail/mail-service';
import type { ConsoleGate } from './console-gate';
import type { ConsoleSettings } from './settings-schema';

const HOUR_MS = 3_600_000;

export interface ConsoleMailOptions {
  gate: ConsoleGate;
  /** The mail feature's outbox, site database, versions' databases and clock. */
  deps: Pick<MailServiceDeps, 'site' | 'outbox' | 'versions' | 'now'>;
  /** Wakes this instance's mail worker after a mass mail is queued. */
  wake: () => void;
  /** How many sends and mails one login of each role may queue in an hour. */
  limits: ConsoleSettings['massMail'];
}

/**
 * The console's mass mail (docs/product.md#console-mail): the mail page's form without a password,
 * since the stepped-up gm's session is the sender; a count of whom it reaches per language before
 * it is sent; at most the role's sends and mails per login over the last hour (counted by the mail
 * feature, docs/owner/console.md#mass-mail-limits); every send and every refusal for the limit in
 * the audit log (the failed-mail retry is in routes.ts).
 */
export const consoleMailRoutes = async (app: FastifyInstance, options: ConsoleMailOptions): Promise<void> => {
  const { gate, deps } = options;

  /** What `login` queued in the hour before `now`: jobs and mails (the mail feature counts its own jobs). */
  const usedThisHour = (login: string, now: number) => massMailSentBy(deps, login, now - HOUR_MS);

  // One send at a time on this instance, so that sends made together cannot all pass one count.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  gate.route(app, 'getConsoleMailRecipients', 'gm', async ({ query }, _request, reply) => {
    const counted = await countMassMailRecipients(deps, query);
    if ('code' in counted) return reply.code(counted.status).send([counted.code]);
    return reply.send(counted);
  });

  gate.route(app, 'sendConsoleMail', 'gm', async ({ actor, body }, request, reply) => {
    const limit = options.limits[actor.role];
    const { result, used } = await oneAtATime(async () => {
      const used = await usedThisHour(actor.login, deps.now());
      if (used.sends >= limit.sendsPerHour) return { result: { status: 429, code: 'consoleMailLimit' } as const, used };
      const result = await queueMassMailAs(deps, actor.login, body, {
        maxMails: Math.max(limit.recipientsPerHour - used.mails, 0),
        refusal: 'consoleMailLimit',
      });
      return { result, used };
    });
    if ('code' in result && result.code === 'consoleMailLimit') {
      const { sends, mails } = used;
      await gate.record(
        actor,
        'mail.refused',
        '',
        `over the ${actor.role}'s hourly limit (${limit.sendsPerHour} sends, ${limit.recipientsPerHour} mails): ${sends} sends and ${mails} mails in the last hour; ${body.subject}`,
      );
      return reply.code(429).send(['consoleMailLimit']);
    }
    if ('code' in result) {
      // Content that is nothing once sanitized: the console's translated code, not the mail page's English.
      const code = result.code === MAIL_FORM_MESSAGES.contentEmpty ? 'consoleMailContentEmpty' : result.code;
      return reply.code(result.status).send([code]);
    }
    request.log.info({ job: result.jobId, queued: result.queued, skipped: result.skipped }, 'console mass mail queued');
    options.wake();
    await gate.record(
      actor,
      'mail.send',
      `job ${result.jobId}`,
      `${body.version}${body.testEmails.trim() ? ' test' : ''}: ${result.queued} queued, ${result.skipped} left out; ${body.subject}`,
    );
    return reply.send(result);
  });
};
