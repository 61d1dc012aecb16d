import type { Generated } from 'kysely';

/** A mass mail sent from the mail form (features/mail): its content once, its mails in the outbox. */
export interface SiteMailJobsTable {
  id: Generated<number>;
  created_by: string;
  created_at: number;
  version: string;
  registered_only: number;
  /** 1 when the job went only to the form's test addresses. */
  test: number;
  subject: string;
  /** Sanitized HTML. */
  html: string;
  queued: number;
  skipped: number;
}

/**
 * One mail of a job per address (unique job_id + email), or a single mail of its own (kind other
 * than 'mass', no job: its subject and text in the row until it is sent). pending -> sending
 * (claimed by one worker until lease_until) -> sent; a failed send goes back to pending with a
 * later next_attempt_at, or to failed once its retry window is over; a mail still sending when its
 * lease ran out (its worker died while sending) goes back to pending and is sent again with the
 * same Message-ID. 'unconfirmed' is what earlier versions made of such a mail.
 */
export interface SiteMailOutboxTable {
  id: Generated<number>;
  job_id: number | null;
  /**
   * 'mass': made from its job; 'recovery': a password recovery mail (ref_id: its site_password_resets
   * row); 'emailChange' and 'emailNotice': an email change's link and its notice to the old address;
   * 'factorNotice': the notice that the staff switched the account's authenticator off (no ref_id).
   */
  kind: Generated<'mass' | 'recovery' | 'emailChange' | 'emailNotice' | 'factorNotice'>;
  /** A single mail's subject and plain text; the text is cleared once the mail is sent. */
  subject: string | null;
  body: string | null;
  ref_id: number | null;
  /** When the mail was first tried (set at its first failure): its retry window starts there. */
  first_attempt_at: number | null;
  email: string;
  login: string;
  language: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unconfirmed';
  attempts: number;
  next_attempt_at: number;
  claimed_by: string | null;
  lease_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}

/** Addresses that left the list of one version (signed unsubscribe links). */
export interface SiteMailUnsubscribesTable {
  id: Generated<number>;
  email: string;
  version: string;
  login: string;
  created_at: number;
}

/** The mail feature's site tables (migrations.ts): only this feature names them. */
export type MailTables = {
  site_mail_jobs: SiteMailJobsTable;
  site_mail_outbox: SiteMailOutboxTable;
  site_mail_unsubscribes: SiteMailUnsubscribesTable;
};
