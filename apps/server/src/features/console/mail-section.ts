import { MAIL_FORM_MESSAGES } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { countMassMailRecipients, type MailServiceDeps, queueMassMailAs } from '../mail/mail-service';
import type { ConsoleGate } from './console-gate';

export interface ConsoleMailOptions {
  gate: ConsoleGate;
  /** The mail feature's outbox, site database, versions' databases and clock. */
  deps: Pick<MailServiceDeps, 'site' | 'outbox' | 'versions' | 'now'>;
  /** Wakes this instance's mail worker after a mass mail is queued. */
  wake: () => void;
}

/**
 * The console's mass mail (docs/product.md#console-mail): the mail page's form without a password,
 * since the stepped-up gm's session is the sender; a count of whom it reaches per language before
 * it is sent; every send in the audit log (the failed-mail retry is in routes.ts).
 */
export const consoleMailRoutes = async (app: FastifyInstance, options: ConsoleMailOptions): Promise<void> => {
  const { gate, deps } = options;

  gate.route(app, 'getConsoleMailRecipients', 'gm', async ({ query }, _request, reply) => {
    const counted = await countMassMailRecipients(deps, query);
    if ('code' in counted) return reply.code(counted.status).send([counted.code]);
    return reply.send(counted);
  });

  gate.route(app, 'sendConsoleMail', 'gm', async ({ actor, body }, request, reply) => {
    const result = await queueMassMailAs(deps, actor.login, body);
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
