import { type ConsoleRole, MAIL_FORM_MESSAGES } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import { normalizeLogin } from '../../game/accounts';
import type { ConsoleDoor } from '../../infra/console-door';
import { emailFor, masksStaff } from '../accounts/staff-privacy';
import type { MassMailSigning } from './mail-content';
import {
  countMassMailRecipients,
  type MailServiceDeps,
  massMailProgress,
  massMailSentBy,
  previewMassMail,
  queueMassMailAs,
} from './mail-service';

const HOUR_MS = 3_600_000;

/** How many sends and mails one login of each role may queue in an hour (the console's settings). */
export type MassMailLimits = Record<ConsoleRole, { sendsPerHour: number; recipientsPerHour: number }>;

export interface ConsoleMailOptions {
  door: ConsoleDoor;
  /** The outbox, site database, versions' databases and clock. */
  deps: Pick<MailServiceDeps, 'site' | 'outbox' | 'versions' | 'now'>;
  /** What the mail worker signs and writes the footers with: the preview renders as it sends. */
  signing: MassMailSigning;
  /** Wakes this instance's mail worker after a mass mail is queued. */
  wake: () => void;
  limits: MassMailLimits;
}

/**
 * The console's mass mail, in steps (docs/product.md#console-mail): the mail page's form without a
 * password, since the stepped-up gm's session is the sender; the count per language of whom it
 * reaches; the preview in every language as the worker would send it; the send, which carries the
 * count the sender confirmed and queues nothing when the recipients changed since; the job's
 * progress. At most the role's sends and mails per login over the last hour
 * (docs/owner/console.md#mass-mail-limits); every send and every refusal in the audit log.
 */
export const consoleMailRoutes = async (app: FastifyInstance, options: ConsoleMailOptions): Promise<void> => {
  const { door, deps } = options;

  // One send at a time on this instance, so that sends made together cannot all pass one count.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  door.route(app, 'getConsoleMailRecipients', 'gm', async ({ actor, query }, _request, reply) => {
    const counted = await countMassMailRecipients(deps, actor.login, query);
    if ('code' in counted) return reply.code(counted.status).send([counted.code]);
    return reply.send(counted);
  });

  door.route(app, 'previewConsoleMail', 'gm', async ({ actor, body }, _request, reply) => {
    if (!deps.versions.of(body.version)) return reply.code(400).send(['mail.versionNotConfigured']);
    const mails = previewMassMail(options.signing, actor.login, body);
    if ('code' in mails) return reply.code(400).send(['consoleMailContentEmpty']);
    return reply.send({ mails });
  });

  door.route(app, 'sendConsoleMail', 'gm', async ({ actor, body }, request, reply) => {
    const limit = options.limits[actor.role];
    const { expectedRecipients, ...mail } = body;
    const { result, used } = await oneAtATime(async () => {
      const used = await massMailSentBy(deps, actor.login, deps.now() - HOUR_MS);
      if (used.sends >= limit.sendsPerHour) return { result: { status: 429, code: 'consoleMailLimit' } as const, used };
      const result = await queueMassMailAs(deps, actor.login, mail, {
        expectedRecipients,
        maxMails: { mails: Math.max(limit.recipientsPerHour - used.mails, 0), refusal: 'consoleMailLimit' },
      });
      return { result, used };
    });
    if ('code' in result && result.code === 'consoleMailLimit') {
      const { sends, mails } = used;
      await door.record(
        actor,
        'mail.refused',
        '',
        `over the ${actor.role}'s hourly limit (${limit.sendsPerHour} sends, ${limit.recipientsPerHour} mails): ${sends} sends and ${mails} mails in the last hour; ${body.subject}`,
      );
      return reply.code(429).send(['consoleMailLimit']);
    }
    if ('code' in result && result.code === 'consoleMailRecipientsChanged') {
      await door.record(
        actor,
        'mail.refused',
        '',
        `recipients changed: ${expectedRecipients} confirmed, ${result.recipients ?? 0} now; ${body.subject}`,
      );
      return reply.code(409).send(['consoleMailRecipientsChanged']);
    }
    if ('code' in result) {
      // Content that is nothing once sanitized: the console's translated code, not the mail page's English.
      const code = result.code === MAIL_FORM_MESSAGES.contentEmpty ? 'consoleMailContentEmpty' : result.code;
      return reply.code(result.status).send([code]);
    }
    request.log.info({ job: result.jobId, queued: result.queued, skipped: result.skipped }, 'console mass mail queued');
    options.wake();
    await door.record(
      actor,
      'mail.send',
      `job ${result.jobId}`,
      `${body.version}${body.testEmails.trim() ? ' test' : ''}: ${result.queued} queued, ${result.skipped} left out; ${body.subject}`,
    );
    return reply.send(result);
  });

  door.route(app, 'getConsoleMailJob', 'gm', async ({ query }, _request, reply) => {
    const progress = await massMailProgress(deps, query.jobId);
    if (!progress) return reply.code(404).send(['consoleMailJobNotFound']);
    return reply.send(progress);
  });

  // The outbox's given-up mails (docs/owner/console.md#mail): what `npm run mail` lists and retries.
  // A mail of a staff account (a test mail too: it is its sender's) shows a GM only a masked address.
  door.route(app, 'getConsoleFailedMails', 'gm', async ({ actor }, _request, reply) => {
    const mails = await deps.outbox.failed();
    const staff = masksStaff(actor) ? await door.staffLogins() : new Set<string>();
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
  door.route(app, 'retryConsoleFailedMails', 'gm', async ({ actor, body }, _request, reply) => {
    const requeued = await deps.outbox.retryFailed(deps.now(), body.jobId);
    options.wake();
    await door.record(actor, 'mail.retryFailed', body.jobId === undefined ? '' : `job ${body.jobId}`, `${requeued}`);
    return reply.send({ requeued });
  });
};

/** The dashboard's figure: the outbox's mails per state. */
export const outboxCounts = async (site: MailServiceDeps['site']) =>
  (
    await site
      .selectFrom('site_mail_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute()
  ).map((row) => ({ status: row.status, count: Number(row.n) }));
