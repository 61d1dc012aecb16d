import {
  type ErrorCode,
  LANGUAGES,
  type Language,
  MAIL_FORM_MESSAGES,
  type MailAnswer,
  type MailRefusal,
  type MailVersion,
  splitTestEmails,
} from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { normalizeLogin } from '../../game/accounts';
import { type CredentialsDeps, checkCredentials } from '../accounts/credentials';
import { type MassMailSigning, recipientMassMail, sanitizeMailHtml } from './mail-content';
import type { OutboxRepository } from './outbox-repository';
import { recoveryLanguages } from '../accounts/recovery-keys';
import { findRecipients, testRecipients, unsubscribedEmails } from './recipients';
import { isValidUnsubscribeSignature } from './unsubscribe-link';
import type { VersionDatabaseMap } from './version-databases';

export interface MailServiceDeps {
  credentials: CredentialsDeps;
  site: Kysely<SiteDatabase>;
  outbox: OutboxRepository;
  versions: VersionDatabaseMap;
  minAccessLevel: number;
  signingKey: string;
  now: () => number;
}

export interface MassMailInput {
  username: string;
  password: string;
  subject: string;
  version: MailVersion;
  registeredOnly: 'Yes' | 'No';
  testEmails: string;
  content: string;
}

/**
 * A refusal: the HTTP status and what the answer carries, a translation key the page knows (or
 * the mail form's own English message for an empty content, docs/product.md#mail-form).
 */
export interface Refusal {
  status: 400 | 403 | 409 | 429;
  code: ErrorCode | MailRefusal | typeof MAIL_FORM_MESSAGES.contentEmpty;
  /** How many mails the send would have queued (a refusal for the confirmed count or the limit). */
  recipients?: number;
}

/**
 * mail: a GM (access level >= minAccessLevel on the site's login database, in the flavour's
 * column) queues one mail per recipient of the version; the worker sends them. Wrong credentials
 * count towards the account tools' lockout. Skipped, and counted so: unsubscribed addresses (also
 * among test addresses) and, where the game keeps no email, accounts the site has none for.
 */
export const queueMassMail = async (
  deps: MailServiceDeps,
  input: MassMailInput,
  address: string,
): Promise<MailAnswer | Refusal> => {
  const checked = await checkCredentials(deps.credentials, {
    username: input.username,
    password: input.password,
    address,
  });
  if ('error' in checked) return { status: 400, code: checked.error };
  if (checked.account.accessLevel < deps.minAccessLevel) return { status: 403, code: 'mail.notAllowed' };
  return queueMassMailAs(deps, checked.account.login, input);
};

/** A mass mail's fields without the sender's credentials: the console's, where the session says who sends. */
export type MassMailFields = Omit<MassMailInput, 'username' | 'password'>;

/** Whom a mass mail goes to: the version, all its players or only those with a character, or test addresses. */
export type MassMailAudience = Pick<MassMailFields, 'version' | 'registeredOnly' | 'testEmails'>;

/** The mails a mass mail would queue now, each in its player's language, and who is left out. */
interface MassMailRecipients {
  mails: { email: string; login: string; language: Language }[];
  /** Addresses that left the version's list. */
  unsubscribed: number;
  /** Accounts without a known email (aCis accounts made in game). */
  unrecorded: number;
}

/**
 * The one reckoning of a mass mail's recipients, for the send and for the count the console shows
 * before it: the version's recipients or the test addresses (each for the account that has it,
 * else for the sender), less the unsubscribed, each in the player's language.
 */
const massMailRecipients = async (
  deps: Pick<MailServiceDeps, 'site' | 'versions'>,
  sender: string,
  audience: MassMailAudience,
): Promise<MassMailRecipients | Refusal> => {
  const databases = deps.versions.of(audience.version);
  if (!databases) return { status: 400, code: 'mail.versionNotConfigured' };
  const testEmails = splitTestEmails(audience.testEmails);
  const { recipients: candidates, unrecorded } =
    testEmails.length > 0
      ? {
          recipients: await testRecipients(databases, deps.site, testEmails, normalizeLogin(sender)),
          unrecorded: 0,
        }
      : await findRecipients(databases, deps.site, { registeredOnly: audience.registeredOnly === 'Yes' });
  const unsubscribed = await unsubscribedEmails(deps.site, audience.version);
  const languageOf = await recoveryLanguages(deps.site);
  const mails = candidates
    .filter((recipient) => !unsubscribed.has(recipient.email))
    .map((recipient) => ({ ...recipient, language: languageOf(recipient.login) }));
  return { mails, unsubscribed: candidates.length - mails.length, unrecorded };
};

/** What a console send asks beyond the mail itself. */
export interface MassMailChecks {
  /** At most this many mails (the console's hourly limit): a job of more queues nothing. */
  maxMails?: { mails: number; refusal: ErrorCode };
  /** The number of recipients the sender confirmed: a job that would reach another number queues nothing. */
  expectedRecipients?: number;
}

/**
 * Queues a mass mail for a sender already known to be allowed (the mail form's checked GM, or
 * the console's stepped-up session): sanitized content, the version's recipients or the test
 * addresses, less the unsubscribed, each in the player's language.
 */
export const queueMassMailAs = async (
  deps: Omit<MailServiceDeps, 'credentials' | 'minAccessLevel' | 'signingKey'>,
  sender: string,
  input: MassMailFields,
  checks: MassMailChecks = {},
): Promise<MailAnswer | Refusal> => {
  if (!deps.versions.of(input.version)) return { status: 400, code: 'mail.versionNotConfigured' };
  const html = sanitizeMailHtml(input.content);
  if (html === '') return { status: 400, code: MAIL_FORM_MESSAGES.contentEmpty };
  const found = await massMailRecipients(deps, sender, input);
  if ('code' in found) return found;
  const { mails } = found;
  if (checks.expectedRecipients !== undefined && mails.length !== checks.expectedRecipients) {
    return { status: 409, code: 'consoleMailRecipientsChanged', recipients: mails.length };
  }
  if (checks.maxMails && mails.length > checks.maxMails.mails) {
    return { status: 429, code: checks.maxMails.refusal, recipients: mails.length };
  }
  const skipped = found.unsubscribed + found.unrecorded;
  const jobId = await deps.outbox.enqueue({
    createdBy: sender,
    createdAt: deps.now(),
    version: input.version,
    registeredOnly: input.registeredOnly === 'Yes',
    test: splitTestEmails(input.testEmails).length > 0,
    subject: input.subject,
    html,
    skipped,
    mails,
  });
  return { jobId, queued: mails.length, skipped };
};

/** The mass mails `login` queued since `since` (test sends included): how many jobs, and their mails. */
export const massMailSentBy = async (
  deps: Pick<MailServiceDeps, 'site'>,
  login: string,
  since: number,
): Promise<{ sends: number; mails: number }> => {
  const row = await deps.site
    .selectFrom('site_mail_jobs')
    .select((eb) => [eb.fn.countAll<number>().as('sends'), eb.fn.sum<number>('queued').as('mails')])
    .where('created_by', '=', login)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { sends: Number(row?.sends ?? 0), mails: Number(row?.mails ?? 0) };
};

/**
 * Whom a mass mail would reach now, counted as queueMassMailAs would queue it (the same
 * reckoning): per language of the mail, and who would be left out (unsubscribed, no email known).
 */
export const countMassMailRecipients = async (
  deps: Pick<MailServiceDeps, 'site' | 'versions'>,
  sender: string,
  audience: MassMailAudience,
): Promise<
  { perLanguage: Record<Language, number>; total: number; unsubscribed: number; unrecorded: number } | Refusal
> => {
  const found = await massMailRecipients(deps, sender, audience);
  if ('code' in found) return found;
  const perLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, 0])) as Record<Language, number>;
  for (const mail of found.mails) perLanguage[mail.language] += 1;
  return { perLanguage, total: found.mails.length, unsubscribed: found.unsubscribed, unrecorded: found.unrecorded };
};

/**
 * The written mail in every language, exactly as the mail worker would send it (recipientMassMail):
 * shown for the sender's login, with an unsubscribe link signed for an address nobody has.
 */
export const previewMassMail = (
  signing: MassMailSigning,
  sender: string,
  input: Pick<MassMailFields, 'subject' | 'content' | 'version'>,
): Record<Language, { subject: string; html: string; text: string }> | Refusal => {
  const html = sanitizeMailHtml(input.content);
  if (html === '') return { status: 400, code: MAIL_FORM_MESSAGES.contentEmpty };
  const job = { subject: input.subject, html, version: input.version };
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const mail = recipientMassMail(job, { email: PREVIEW_ADDRESS, login: sender, language }, signing);
      return [language, { subject: mail.subject, html: mail.html ?? '', text: mail.text }];
    }),
  ) as Record<Language, { subject: string; html: string; text: string }>;
};

/** The preview's recipient address: reserved (RFC 2606), so its signed unsubscribe link stands for nobody. */
const PREVIEW_ADDRESS = 'player@example.invalid';

/** How far a mass mail went: its mails pending or in SMTP's hands, sent, and given up. */
export const massMailProgress = async (
  deps: Pick<MailServiceDeps, 'outbox'>,
  jobId: number,
): Promise<
  { jobId: number; queued: number; pending: number; sent: number; failed: number; done: boolean } | undefined
> => {
  const job = await deps.outbox.job(jobId);
  if (!job) return undefined;
  const states = await deps.outbox.jobProgress(jobId);
  const pending = (states.pending ?? 0) + (states.sending ?? 0);
  return {
    jobId,
    queued: Number(job.queued),
    pending,
    sent: states.sent ?? 0,
    failed: states.failed ?? 0,
    done: pending === 0,
  };
};

/**
 * unsubscribe: records that the address leaves the version's list, when the link's signature is
 * the site's. Once is enough: a second click answers success as well.
 */
export const unsubscribe = async (
  deps: Pick<MailServiceDeps, 'site' | 'signingKey' | 'now'>,
  input: { email: string; user: string; version: string; sig: string },
): Promise<Refusal | undefined> => {
  const subject = { email: input.email, user: input.user, version: input.version };
  if (input.sig === '' || !isValidUnsubscribeSignature(deps.signingKey, subject, input.sig)) {
    return { status: 400, code: 'mail.unsubscribeInvalid' };
  }
  await deps.site
    .insertInto('site_mail_unsubscribes')
    .values({
      email: input.email.trim().toLowerCase(),
      version: input.version,
      login: normalizeLogin(input.user),
      created_at: deps.now(),
    })
    .ignore()
    .execute();
  return undefined;
};
