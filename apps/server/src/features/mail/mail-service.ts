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
import { sanitizeMailHtml } from './mail-content';
import type { OutboxRepository } from './outbox-repository';
import { findRecipients, recipientLanguages, testRecipients, unsubscribedEmails } from './recipients';
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
  status: 400 | 403 | 429;
  code: ErrorCode | MailRefusal | typeof MAIL_FORM_MESSAGES.contentEmpty;
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

/**
 * Queues a mass mail for a sender already known to be allowed (the mail form's checked GM, or
 * the console's stepped-up session): sanitized content, the version's recipients or the test
 * addresses, less the unsubscribed, each in the player's language.
 */
export const queueMassMailAs = async (
  deps: Omit<MailServiceDeps, 'credentials' | 'minAccessLevel' | 'signingKey'>,
  sender: string,
  input: MassMailFields,
  /** At most this many mails (the console's hourly limit): a job of more queues nothing. */
  limit: { maxMails: number; refusal: ErrorCode } | undefined = undefined,
): Promise<MailAnswer | Refusal> => {
  const databases = deps.versions.of(input.version);
  if (!databases) return { status: 400, code: 'mail.versionNotConfigured' };

  const html = sanitizeMailHtml(input.content);
  if (html === '') return { status: 400, code: MAIL_FORM_MESSAGES.contentEmpty };
  const testEmails = splitTestEmails(input.testEmails);
  const { recipients: candidates, unrecorded } =
    testEmails.length > 0
      ? {
          recipients: await testRecipients(databases, deps.site, testEmails, normalizeLogin(sender)),
          unrecorded: 0,
        }
      : await findRecipients(databases, deps.site, { registeredOnly: input.registeredOnly === 'Yes' });
  const unsubscribed = await unsubscribedEmails(deps.site, input.version);
  const languageOf = await recipientLanguages(deps.site);
  const mails = candidates
    .filter((recipient) => !unsubscribed.has(recipient.email))
    .map((recipient) => ({ ...recipient, language: languageOf(recipient.login) }));

  const skipped = candidates.length - mails.length + unrecorded;
  if (limit && mails.length > limit.maxMails) return { status: 429, code: limit.refusal };
  const jobId = await deps.outbox.enqueue({
    createdBy: sender,
    createdAt: deps.now(),
    version: input.version,
    registeredOnly: input.registeredOnly === 'Yes',
    test: testEmails.length > 0,
    subject: input.subject,
    html,
    skipped,
    mails,
  });
  return { jobId, queued: mails.length, skipped };
};

/**
 * Whom a mass mail of a version would reach now, counted as queueMassMailAs would queue it: per
 * language of the mail, and who would be left out (unsubscribed, no email known).
 */
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

export const countMassMailRecipients = async (
  deps: Pick<MailServiceDeps, 'site' | 'versions'>,
  input: { version: MailVersion; registeredOnly: 'Yes' | 'No' },
): Promise<
  { perLanguage: Record<Language, number>; total: number; unsubscribed: number; unrecorded: number } | Refusal
> => {
  const databases = deps.versions.of(input.version);
  if (!databases) return { status: 400, code: 'mail.versionNotConfigured' };
  const { recipients, unrecorded } = await findRecipients(databases, deps.site, {
    registeredOnly: input.registeredOnly === 'Yes',
  });
  const left = await unsubscribedEmails(deps.site, input.version);
  const languageOf = await recipientLanguages(deps.site);
  const perLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, 0])) as Record<Language, number>;
  let total = 0;
  for (const recipient of recipients) {
    if (left.has(recipient.email)) continue;
    perLanguage[languageOf(recipient.login)] += 1;
    total += 1;
  }
  return { perLanguage, total, unsubscribed: recipients.length - total, unrecorded };
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
