import { randomBytes } from 'node:crypto';
import { isLanguage } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import { retryOnConflict } from '../../db/write-retry';
import type { Mail, Mailer } from '../../infra/mailer';
import type { Texts } from '../../infra/texts';
import { recipientMassMail } from './mail-content';
import type { MailJob, OutboxRepository, OutboxRow } from './outbox-repository';
import type { MailSettings } from './settings-schema';

export interface MailWorkerOptions {
  outbox: OutboxRepository;
  mailer: Mailer;
  texts: Texts;
  publicUrl: string;
  signingKey: string;
  settings: RetrySettings & Pick<MailSettings, 'sendPerMinute' | 'leaseSeconds' | 'pollSeconds'>;
  /** What happens once a single mail of a kind is out (a recovery key's hour starts), by kind. */
  afterSent?: Partial<Record<OutboxRow['kind'], (refId: number | null, sentAt: number) => Promise<void>>>;
  /** The clock of leases and retries; tests move it. */
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long stop() waits for a mail in the hands of SMTP before it leaves it to the lease. */
  stopGraceMs?: number;
}

export type RetrySettings = Pick<MailSettings, 'retryBaseSeconds' | 'retryMaxSeconds' | 'retryForHours'>;

/** Wait after the n-th failed try (n from 1): base, 2 x base, 4 x base... up to retryMaxSeconds. */
export const retryDelayMs = (failedAttempts: number, settings: RetrySettings): number =>
  Math.min(
    settings.retryBaseSeconds * 1000 * 2 ** Math.min(Math.max(0, failedAttempts - 1), 40),
    settings.retryMaxSeconds * 1000,
  );

/**
 * When a mail that failed for the n-th time at `now` is tried again: after the capped back-off,
 * and once more exactly at the end of its window (retryForHours from its first try); undefined
 * once that window is over: the mail is failed, and the owner may send it again (npm run mail).
 */
export const nextAttemptAt = (
  failure: { failedAttempts: number; firstAttemptAt: number; now: number },
  settings: RetrySettings,
): number | undefined => {
  const deadline = failure.firstAttemptAt + settings.retryForHours * 3_600_000;
  if (failure.now >= deadline) return undefined;
  return Math.min(failure.now + retryDelayMs(failure.failedAttempts, settings), deadline);
};

/**
 * Drains the outbox, one mail at a time: claim (status sending, this worker's claim, a lease),
 * send through SMTP, mark sent right away. Paced to sendPerMinute per instance. Several workers,
 * in one process or many, can drain one outbox: a claim belongs to exactly one of them.
 */
export class MailWorker {
  readonly id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private claims = 0;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private readonly jobs = new Map<number, MailJob>();
  /** The mail being handed to SMTP now. */
  private inHand: { id: number; claim: string } | undefined;

  private readonly messageIdHost: string;

  constructor(private readonly options: MailWorkerOptions) {
    this.messageIdHost = new URL(options.publicUrl).hostname || 'localhost';
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop().catch((error: unknown) => {
      this.options.log.error({ err: error }, 'mail worker stopped on an error');
    });
  }

  /** New mails were queued: stop waiting for the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Stops after the mail in hand, waiting up to stopGraceMs for SMTP's answer. A mail still in
   * SMTP's hands then goes back to the queue for another instance, which sends it with the same
   * Message-ID (see reclaimExpiredClaims).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    if (!this.running) return;
    const grace = new Promise<'grace'>((resolve) =>
      setTimeout(() => resolve('grace'), this.options.stopGraceMs ?? 5_000).unref(),
    );
    const ended = await Promise.race([this.running.then(() => 'done' as const), grace]);
    this.running = undefined;
    const inHand = this.inHand;
    if (ended === 'grace' && inHand) {
      await this.options.outbox.release(inHand.id, inHand.claim);
      this.options.log.warn({ mail: inHand.id }, 'stopping: a mail SMTP had not answered for goes back to the queue');
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    }).finally(() => {
      this.wakeUp = undefined;
    });
  }

  private async loop(): Promise<void> {
    const { settings, log } = this.options;
    const intervalMs = 60_000 / settings.sendPerMinute;
    while (!this.stopping) {
      try {
        await this.step(intervalMs);
      } catch (error) {
        // The database went away for a moment: try again at the next poll, never busy-loop.
        log.error({ err: error }, 'mail worker step failed');
        if (!this.stopping) await this.pause(settings.pollSeconds * 1000);
      }
    }
  }

  private async step(intervalMs: number): Promise<void> {
    const { outbox, settings, log } = this.options;
    const now = this.options.now();
    const reclaimed = await outbox.reclaimExpiredClaims(now);
    if (reclaimed > 0) {
      log.warn({ mails: reclaimed }, 'mails sent again with their Message-ID: their sender stopped while sending');
    }
    const claim = `${this.id}:${++this.claims}`;
    const row = await outbox.claimNext(claim, now, now + settings.leaseSeconds * 1000);
    if (!row) {
      await this.pause(settings.pollSeconds * 1000);
      return;
    }
    if (this.stopping) {
      await outbox.release(row.id, claim);
      return;
    }
    await this.deliver(row, claim);
    if (!this.stopping) await this.pause(intervalMs);
  }

  private async jobOf(id: number): Promise<MailJob | undefined> {
    const cached = this.jobs.get(id);
    if (cached) return cached;
    const job = await this.options.outbox.job(id);
    if (job) this.jobs.set(id, job);
    return job;
  }

  /** The mail a row stands for: a job's content with its footer, or a single mail's own text. */
  private async compose(row: OutboxRow): Promise<Mail | string> {
    if (row.kind !== 'mass') {
      if (row.subject === null || row.body === null) return 'the mail has no content';
      return { to: row.email, subject: row.subject, text: row.body };
    }
    const job = row.job_id === null ? undefined : await this.jobOf(row.job_id);
    if (!job) return 'job not found';
    const recipient = { email: row.email, login: row.login, language: isLanguage(row.language) ? row.language : 'en' };
    return recipientMassMail(job, recipient, this.options);
  }

  private async deliver(row: OutboxRow, claim: string): Promise<void> {
    const { outbox, settings, log } = this.options;
    const composed = await this.compose(row);
    if (typeof composed === 'string') {
      await outbox.markFailedAttempt(row, claim, composed, undefined, this.options.now());
      return;
    }
    // One Message-ID per outbox row: a mail sent again (its sender died while sending) is the same mail.
    const mail = { ...composed, messageId: `<outbox-${row.id}@${this.messageIdHost}>` };
    const triedAt = this.options.now();
    this.inHand = { id: row.id, claim };
    try {
      await this.options.mailer.send(mail);
    } catch (error) {
      this.inHand = undefined;
      const attempts = row.attempts + 1;
      const failedAt = this.options.now();
      const retryAt = nextAttemptAt(
        { failedAttempts: attempts, firstAttemptAt: row.first_attempt_at ?? triedAt, now: failedAt },
        settings,
      );
      log.warn({ err: error, job: row.job_id, mail: row.id, kind: row.kind, attempts, retryAt }, 'mail not sent');
      await retryOnConflict(() =>
        outbox.markFailedAttempt(row, claim, (error as Error).message ?? String(error), retryAt, triedAt),
      );
      return;
    }
    this.inHand = undefined;
    const sentAt = this.options.now();
    // The mail is out: its row must be marked, even when another instance's claim meets ours in a
    // deadlock, or it would stay 'sending' until its lease runs out and it is sent again.
    if (!(await retryOnConflict(() => outbox.markSent(row.id, claim, sentAt)))) {
      log.warn({ job: row.job_id, mail: row.id }, 'mail sent after its claim ran out');
    }
    const after = this.options.afterSent?.[row.kind];
    if (after) {
      try {
        await after(row.ref_id, sentAt);
      } catch (error) {
        log.error({ err: error, mail: row.id, kind: row.kind }, 'step after a sent mail failed');
      }
    }
  }
}
