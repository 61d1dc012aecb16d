import {
  type ErrorCode,
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
  status: 400 | 403;
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
  const databases = deps.versions.of(input.version);
  if (!databases) return { status: 400, code: 'mail.versionNotConfigured' };

  const html = sanitizeMailHtml(input.content);
  if (html === '') return { status: 400, code: MAIL_FORM_MESSAGES.contentEmpty };
  const testEmails = splitTestEmails(input.testEmails);
  const { recipients: candidates, unrecorded } =
    testEmails.length > 0
      ? {
          recipients: await testRecipients(databases, deps.site, testEmails, normalizeLogin(input.username)),
          unrecorded: 0,
        }
      : await findRecipients(databases, deps.site, { registeredOnly: input.registeredOnly === 'Yes' });
  const unsubscribed = await unsubscribedEmails(deps.site, input.version);
  const languageOf = await recipientLanguages(deps.site);
  const mails = candidates
    .filter((recipient) => !unsubscribed.has(recipient.email))
    .map((recipient) => ({ ...recipient, language: languageOf(recipient.login) }));

  const skipped = candidates.length - mails.length + unrecorded;
  const jobId = await deps.outbox.enqueue({
    createdBy: checked.account.login,
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
