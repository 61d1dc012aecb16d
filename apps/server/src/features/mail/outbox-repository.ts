import { writeTransaction } from '../../db/write-retry';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/connections';
import type { SiteDatabase } from '../../db/tables';
import type { SiteMailJobsTable, SiteMailOutboxTable } from './tables';

export type OutboxRow = Selectable<SiteMailOutboxTable>;
export type MailJob = Selectable<SiteMailJobsTable>;

export interface NewJob {
  createdBy: string;
  createdAt: number;
  version: string;
  registeredOnly: boolean;
  test: boolean;
  subject: string;
  html: string;
  skipped: number;
  mails: { email: string; login: string; language: string }[];
}

/** A mail of its own, not part of a job: a password recovery mail. */
export interface SingleMail {
  kind: Exclude<OutboxRow['kind'], 'mass'>;
  email: string;
  login: string;
  language: string;
  subject: string;
  text: string;
  /** What the mail belongs to (for a recovery mail: its key's row), handed to the after-sent step. */
  refId: number | null;
  createdAt: number;
}

/** A failed mail as the owner's command lists it. */
export type FailedMail = Pick<
  OutboxRow,
  'id' | 'job_id' | 'kind' | 'email' | 'login' | 'attempts' | 'first_attempt_at' | 'last_error'
> & { subject: string | null };

const INSERT_CHUNK = 500;

/** Single mails (a player waits for a recovery link) go before the rest of a mass mail. */
const SINGLE_MAILS_FIRST = sql<number>`case when kind = 'mass' then 1 else 0 end`;

/**
 * The outbox table that every instance drains (docs/owner/instances.md, decision 024). A mail is claimed by one
 * worker before it is sent and marked right after; every later update names the claim, so a
 * worker that lost its claim (lease ran out) cannot overwrite what another decided.
 */
export class OutboxRepository {
  constructor(
    private readonly db: Kysely<SiteDatabase>,
    private readonly dialect: Dialect,
  ) {}

  /** The job and all its mails in one transaction: a crash while queueing leaves nothing half queued. */
  async enqueue(job: NewJob): Promise<number> {
    return writeTransaction(this.db, async (trx) => {
      const inserted = await trx
        .insertInto('site_mail_jobs')
        .values({
          created_by: job.createdBy,
          created_at: job.createdAt,
          version: job.version,
          registered_only: job.registeredOnly ? 1 : 0,
          test: job.test ? 1 : 0,
          subject: job.subject,
          html: job.html,
          queued: job.mails.length,
          skipped: job.skipped,
        })
        .executeTakeFirstOrThrow();
      const jobId = Number(inserted.insertId);
      for (let start = 0; start < job.mails.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('site_mail_outbox')
          .values(
            job.mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
              job_id: jobId,
              email: mail.email,
              login: mail.login,
              language: mail.language,
              status: 'pending' as const,
              attempts: 0,
              next_attempt_at: job.createdAt,
            })),
          )
          .execute();
      }
      return jobId;
    });
  }

  /** Queues one mail; `db` may be a transaction that writes what the mail belongs to as well. */
  async enqueueSingle(mail: SingleMail, db: Kysely<SiteDatabase> = this.db): Promise<number> {
    const inserted = await db
      .insertInto('site_mail_outbox')
      .values({
        job_id: null,
        kind: mail.kind,
        email: mail.email,
        login: mail.login,
        language: mail.language,
        subject: mail.subject,
        body: mail.text,
        ref_id: mail.refId,
        status: 'pending',
        attempts: 0,
        next_attempt_at: mail.createdAt,
      })
      .executeTakeFirstOrThrow();
    return Number(inserted.insertId);
  }

  job(id: number): Promise<MailJob | undefined> {
    return this.db.selectFrom('site_mail_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Claims the oldest due mail for `claim` until `leaseUntil`. MariaDB: SELECT ... FOR UPDATE
   * SKIP LOCKED in a transaction, so instances never wait on or take each other's row. SQLite
   * has one writer at a time: a single UPDATE picks and claims the row atomically.
   */
  async claimNext(claim: string, now: number, leaseUntil: number): Promise<OutboxRow | undefined> {
    const set = { status: 'sending' as const, claimed_by: claim, lease_until: leaseUntil };
    if (this.dialect === 'mysql') {
      const claimed = await writeTransaction(this.db, async (trx) => {
        const due = await trx
          .selectFrom('site_mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy(SINGLE_MAILS_FIRST)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!due) return false;
        await trx.updateTable('site_mail_outbox').set(set).where('id', '=', due.id).execute();
        return true;
      });
      if (!claimed) return undefined;
    } else {
      const result = await this.db
        .updateTable('site_mail_outbox')
        .set(set)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('site_mail_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .orderBy(SINGLE_MAILS_FIRST)
            .orderBy('id')
            .limit(1),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
    }
    return this.db
      .selectFrom('site_mail_outbox')
      .selectAll()
      .where('claimed_by', '=', claim)
      .where('status', '=', 'sending')
      .executeTakeFirst();
  }

  /**
   * Sent: true when the claim still held (false: the lease ran out and the row was given up
   * meanwhile). A single mail's text (a recovery link) is not kept once it is out.
   */
  async markSent(id: number, claim: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('site_mail_outbox')
      .set({ status: 'sent', sent_at: now, lease_until: null, body: null })
      .where('id', '=', id)
      .where('claimed_by', '=', claim)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The SMTP server refused or could not be reached at `triedAt`: try again at `retryAt`, or give
   * up (the text stays, so that the owner can send it again: see retryFailed).
   */
  async markFailedAttempt(
    row: Pick<OutboxRow, 'id' | 'attempts' | 'first_attempt_at'>,
    claim: string,
    error: string,
    retryAt: number | undefined,
    triedAt: number,
  ): Promise<void> {
    await this.db
      .updateTable('site_mail_outbox')
      .set({
        status: retryAt === undefined ? 'failed' : 'pending',
        attempts: row.attempts + 1,
        first_attempt_at: row.first_attempt_at ?? triedAt,
        next_attempt_at: retryAt ?? 0,
        lease_until: null,
        last_error: error.slice(0, 255),
      })
      .where('id', '=', row.id)
      .where('claimed_by', '=', claim)
      .where('status', '=', 'sending')
      .execute();
  }

  /** A claimed mail the worker did not try (it is stopping): back to the queue as it was. */
  async release(id: number, claim: string): Promise<void> {
    await this.db
      .updateTable('site_mail_outbox')
      .set({ status: 'pending', claimed_by: null, lease_until: null })
      .where('id', '=', id)
      .where('claimed_by', '=', claim)
      .where('status', '=', 'sending')
      .execute();
  }

  /**
   * Mails still "sending" after their lease: their worker died (or was stopped) while the mail
   * was in the SMTP server's hands, so nobody knows whether it went out. They go back to the
   * queue and are sent again with the same Message-ID (mail-worker.ts), which receiving servers
   * and mail programs take for the same mail: no player misses a mail for a dead instance.
   */
  async reclaimExpiredClaims(now: number): Promise<number> {
    const result = await this.db
      .updateTable('site_mail_outbox')
      .set({ status: 'pending', claimed_by: null, lease_until: null, next_attempt_at: now })
      .where('status', '=', 'sending')
      .where('lease_until', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The mails given up after their retry window, oldest first, of one job or of all. */
  async failed(jobId?: number): Promise<FailedMail[]> {
    let query = this.db
      .selectFrom('site_mail_outbox as mail')
      .leftJoin('site_mail_jobs as job', 'job.id', 'mail.job_id')
      .select([
        'mail.id',
        'mail.job_id',
        'mail.kind',
        'mail.email',
        'mail.login',
        'mail.attempts',
        'mail.first_attempt_at',
        'mail.last_error',
        (eb) => eb.fn.coalesce('job.subject', 'mail.subject').as('subject'),
      ])
      .where('mail.status', '=', 'failed')
      .orderBy('mail.id');
    if (jobId !== undefined) query = query.where('mail.job_id', '=', jobId);
    return query.execute();
  }

  /**
   * Failed mails (of one job, or all) go back to the queue, due at `now`, with a new retry
   * window: they go out once SMTP answers again. Answers how many.
   */
  async retryFailed(now: number, jobId?: number): Promise<number> {
    let query = this.db
      .updateTable('site_mail_outbox')
      .set({ status: 'pending', attempts: 0, first_attempt_at: null, next_attempt_at: now, claimed_by: null })
      .where('status', '=', 'failed');
    if (jobId !== undefined) query = query.where('job_id', '=', jobId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** How many mails of a job are in each state. */
  async jobProgress(jobId: number): Promise<Partial<Record<OutboxRow['status'], number>>> {
    const rows = await this.db
      .selectFrom('site_mail_outbox')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('job_id', '=', jobId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }
}
