import { createHash, randomBytes } from 'node:crypto';
import { type ErrorCode, type Language, withoutTrailingSlashes } from '@gatekeeper/contract';
import { findAccount, normalizeLogin, passwordFingerprint, setAccountEmail } from '../../game/accounts';
import { writeTransaction } from '../../db/write-retry';
import { emailOf } from './account-emails';
import { sameEmail } from './credentials';
import type { AccountCallDeps } from './password-recovery';

/** How long a mailed email-change link works, from the moment it is asked for. */
export const EMAIL_LINK_HOURS = 24;
/** One email-change mail per account per few minutes: nobody floods an inbox from a session. */
const MAIL_INTERVAL_MS = 2 * 60_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The page's link: the home page reads the key and confirms it with POST /sdk/confirmemail. */
export const emailChangeLink = (publicUrl: string, key: string) =>
  `${withoutTrailingSlashes(publicUrl)}/?key=${encodeURIComponent(key)}&param=email_change`;

/**
 * Change email for the signed-in account (docs/product.md#change-email): a single-use link to the
 * new address, a notice to the old one (both in the outbox, in one transaction with the link's
 * row); nothing changes until the link is opened. A newer request voids the older links.
 */
export const requestEmailChange = async (
  deps: AccountCallDeps,
  input: { login: string; email: string; lang: Language },
): Promise<ErrorCode[]> => {
  const account = await findAccount(deps.connections.login.db, deps.schema, input.login);
  if (!account) return ['notSignedIn'];
  const login = normalizeLogin(account.login);
  const email = input.email.trim();
  const current = await emailOf(deps, account);
  const old = current.recorded ? current.email.trim() : '';
  if (old !== '' && sameEmail(old, email)) return ['emailUnchanged'];
  if (!(await deps.store.claim(`email-change-mail:${login}`, MAIL_INTERVAL_MS))) return ['tooManyRequests'];

  const key = randomBytes(32).toString('base64url');
  const now = deps.now();
  const t = deps.texts(input.lang);
  const values = {
    username: account.login,
    link: emailChangeLink(deps.publicUrl, key),
    hours: EMAIL_LINK_HOURS,
    email,
    site: t('site.name'),
  };
  try {
    await writeTransaction(deps.connections.site.db, async (trx) => {
      await trx.deleteFrom('site_email_changes').where('login', '=', login).where('used_at', 'is', null).execute();
      const inserted = await trx
        .insertInto('site_email_changes')
        .values({
          login,
          key_hash: hashKey(key),
          email,
          created_at: now,
          expires_at: now + EMAIL_LINK_HOURS * 3_600_000,
          used_at: null,
          password_fingerprint: passwordFingerprint(account.passwordHash),
        })
        .executeTakeFirstOrThrow();
      const refId = Number(inserted.insertId);
      const common = { login, language: input.lang, refId, createdAt: now };
      await deps.outbox.enqueueSingle(
        {
          ...common,
          kind: 'emailChange',
          email,
          subject: t('mail.emailChange.subject', values),
          text: t('mail.emailChange.text', values),
        },
        trx,
      );
      if (old !== '') {
        await deps.outbox.enqueueSingle(
          {
            ...common,
            kind: 'emailNotice',
            email: old,
            subject: t('mail.emailNotice.subject', values),
            text: t('mail.emailNotice.text', values),
          },
          trx,
        );
      }
    });
  } catch (error) {
    await deps.store.delete(`email-change-mail:${login}`);
    throw error;
  }
  deps.wakeMailWorker();
  return [];
};

/**
 * The mailed link opened: spends its key (one conditional write: once, before it expires) and
 * writes the new email where the flavour keeps it: the game's column, or the site's table (aCis).
 */
export const confirmEmailChange = async (deps: AccountCallDeps, key: string): Promise<ErrorCode[]> => {
  const now = deps.now();
  const site = deps.connections.site.db;
  const row = await site
    .selectFrom('site_email_changes')
    .select(['id', 'login', 'email', 'password_fingerprint'])
    .where('key_hash', '=', hashKey(key))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return ['emailLinkInvalid'];
  const spent = await site
    .updateTable('site_email_changes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) return ['emailLinkInvalid'];
  const account = await findAccount(deps.connections.login.db, deps.schema, row.login);
  if (!account) return ['emailLinkInvalid'];
  // The password changed since the link was asked for (the player's remedy for a stolen session,
  // or a recovery): the link is void. Rows made before the fingerprint was kept have none.
  const fingerprint = row.password_fingerprint;
  if (fingerprint !== '' && fingerprint !== passwordFingerprint(account.passwordHash)) return ['emailLinkInvalid'];
  if (!(await setAccountEmail(deps.connections.login.db, deps.schema, account.login, row.email))) {
    const login = normalizeLogin(account.login);
    await writeTransaction(site, async (trx) => {
      await trx.deleteFrom('site_account_emails').where('login', '=', login).execute();
      await trx.insertInto('site_account_emails').values({ login, email: row.email, created_at: now }).execute();
    });
  }
  return [];
};
