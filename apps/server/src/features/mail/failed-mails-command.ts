import { parseArgs } from 'node:util';
import { type CommandOutput, commandTime as time, table } from '../../infra/command-output';
import type { FailedMail, OutboxRepository } from './outbox-repository';

export type { CommandOutput };

export const MAIL_COMMAND_USAGE = [
  'Usage: npm run mail -- --list-failed [--job N]',
  '       npm run mail -- --retry-failed [--job N]',
  '',
  '  --list-failed   the mails given up after mail.retryForHours, and why',
  '  --retry-failed  puts them back in the outbox: the running site sends them once SMTP answers',
  '  --job N         only the mails of mass mail job N',
].join('\n');

const groupOf = (mail: FailedMail) => (mail.job_id === null ? `${mail.kind} mails` : `job ${mail.job_id}`);

const listFailed = (mails: FailedMail[], output: CommandOutput, jobId: number | undefined) => {
  if (mails.length === 0) {
    output.out(jobId === undefined ? 'No failed mails.' : `No failed mails in job ${jobId}.`);
    return;
  }
  const groups = new Map<string, number>();
  for (const mail of mails) groups.set(groupOf(mail), (groups.get(groupOf(mail)) ?? 0) + 1);
  const summary = [...groups].map(([group, count]) => `${group}: ${count}`).join(', ');
  output.out(`${mails.length} failed mail${mails.length === 1 ? '' : 's'} (${summary})`);
  output.out('');
  const rows = mails.map((mail) => [
    String(mail.id),
    mail.job_id === null ? mail.kind : String(mail.job_id),
    mail.email,
    (mail.subject ?? '').slice(0, 40),
    String(mail.attempts),
    time(mail.first_attempt_at),
    (mail.last_error ?? '').replace(/\s+/g, ' ').slice(0, 80),
  ]);
  for (const line of table(['id', 'job', 'to', 'subject', 'tries', 'first try (UTC)', 'last error'], rows)) {
    output.out(line);
  }
  output.out('');
  output.out(`Send them again: npm run mail -- --retry-failed${jobId === undefined ? '' : ` --job ${jobId}`}`);
};

export type MailCommand = { action: 'list-failed' | 'retry-failed'; jobId: number | undefined };

/** The command line of `npm run mail`: the command, or the exit code when there is nothing to do (help, a mistake). */
export const parseMailCommand = (args: string[], output: CommandOutput): MailCommand | number => {
  let values: { 'list-failed'?: boolean; 'retry-failed'?: boolean; job?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        'list-failed': { type: 'boolean' },
        'retry-failed': { type: 'boolean' },
        job: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    output.err(`${(error as Error).message}\n\n${MAIL_COMMAND_USAGE}`);
    return 2;
  }
  if (values.help) {
    output.out(MAIL_COMMAND_USAGE);
    return 0;
  }
  if (values['list-failed'] === values['retry-failed']) {
    output.err(`Say either --list-failed or --retry-failed.\n\n${MAIL_COMMAND_USAGE}`);
    return 2;
  }
  if (values.job !== undefined && !/^[1-9]\d{0,9}$/.test(values.job)) {
    output.err(`--job expects a job number, not "${values.job}".\n\n${MAIL_COMMAND_USAGE}`);
    return 2;
  }
  return {
    action: values['list-failed'] ? 'list-failed' : 'retry-failed',
    jobId: values.job === undefined ? undefined : Number(values.job),
  };
};

/**
 * `npm run mail`: the owner sees the mails that were given up (SMTP down longer than
 * mail.retryForHours) and puts them back in the outbox. Answers the exit code.
 */
export const runMailCommand = async (
  command: MailCommand,
  deps: { outbox: Pick<OutboxRepository, 'failed' | 'retryFailed'>; now: () => number; output: CommandOutput },
): Promise<number> => {
  const { output } = deps;
  const { jobId } = command;
  if (command.action === 'list-failed') {
    listFailed(await deps.outbox.failed(jobId), output, jobId);
    return 0;
  }
  const queued = await deps.outbox.retryFailed(deps.now(), jobId);
  const scope = jobId === undefined ? '' : ` of job ${jobId}`;
  output.out(
    queued === 0
      ? `No failed mails${scope} to send again.`
      : `${queued} failed mail${queued === 1 ? '' : 's'}${scope} back in the outbox: the running site sends ${queued === 1 ? 'it' : 'them'} at its pace, retrying for mail.retryForHours again.`,
  );
  return 0;
};
