import { writeTransaction } from '../../db/write-retry';
import { createHash, randomBytes } from 'node:crypto';
import { type ErrorCode, type Language, withoutTrailingSlashes } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { findAccount, setPassword } from '../../game/accounts';
import type { Texts } from '../../infra/texts';
import { clearLockout, counterLogin, isExactLogin, isRefused, sameEmail } from './credentials';
import { emailOf } from './account-emails';
import type { AccountServiceDeps } from './account-service';
import { generatePassword } from './generated-password';
import { expireRecoveryKeys } from './recovery-keys';

/** A single mail of the account tools (recovery, email change, a notice) as the outbox takes it. */
export interface RecoveryMail {
  kind: 'recovery' | 'emailChange' | 'emailNotice' | 'factorNotice';
  email: string;
  login: string;
  language: string;
  subject: string;
  text: string;
  /** The key's row in site_password_resets; null for a notice, which has no key. */
  refId: number | null;
  createdAt: number;
}

/** Where recovery mails wait to be sent: the mail feature's outbox, handed over by app.ts. */
export interface RecoveryMailQueue {
  /** Queues the mail in the transaction that records its key. */
  enqueueSingle(mail: RecoveryMail, db: Kysely<SiteDatabase>): Promise<number>;
}

/** What every account call needs: the account service's databases, and the recovery mail's outbox and texts. */
export interface AccountCallDeps extends AccountServiceDeps {
  /** The mail outbox and its worker: the mail leaves after the answer, retried as mass mail is. */
  outbox: RecoveryMailQueue;
  wakeMailWorker: () => void;
  texts: Texts;
  publicUrl: string;
  resetMinutes: number;
  log: FastifyBaseLogger;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** One recovery mail per account per few minutes: nobody can flood a player's mailbox. */
const MAIL_INTERVAL_MS = 2 * 60_000;

export const recoveryLink = (publicUrl: string, key: string) =>
  `${withoutTrailingSlashes(publicUrl)}/?key=${encodeURIComponent(key)}&param=password_reset`;

/**
 * recoverpassword: when the username and email belong together, a single-use key (stored as a
 * hash, valid resetMinutes from the moment its mail is sent) goes by mail in the player's
 * language. The answer is the same whether or not they do, so nobody learns which accounts
 * exist: the mail only joins the outbox here (no SMTP before the answer, whose time would tell).
 */
export const recoverPassword = async (
  deps: AccountCallDeps,
  input: { username: string; email: string; lang: Language },
): Promise<ErrorCode[]> => {
  const found = await findAccount(deps.connections.login.db, deps.schema, input.username);
  const account = found && isExactLogin(input.username, found) ? found : undefined;
  const recorded = account && (await emailOf(deps, account));
  // Made in the game, where the game keeps no email: no mail can go anywhere. Registration
  // already tells which logins exist, so saying so gives nothing away.
  if (account && recorded && !recorded.recorded) return ['emailNotRecorded'];
  const matches = account && recorded?.recorded && sameEmail(recorded.email, input.email);
  if (!account || !matches || !recorded?.recorded || (await isRefused(deps, account))) return [];
  await queueRecoveryMail(deps, {
    login: counterLogin(input.username, account),
    email: recorded.email,
    lang: input.lang,
  });
  return [];
};

/**
 * Queues a recovery mail (a single-use key, stored as a hash) to the account's email, at most one
 * per account per few minutes: false when one went out too recently. The recovery form and the
 * console's "send a password-reset link" both send it.
 */
export const queueRecoveryMail = async (
  deps: AccountCallDeps,
  input: { login: string; email: string; lang: Language },
): Promise<boolean> => {
  const { login, email } = input;
  if (!(await deps.store.claim(`recovery-mail:${login}`, MAIL_INTERVAL_MS))) return false;

  const key = randomBytes(32).toString('base64url');
  const now = deps.now();
  const t = deps.texts(input.lang);
  const link = recoveryLink(deps.publicUrl, key);
  const values = { username: login, link, minutes: deps.resetMinutes, site: t('site.name') };
  try {
    // The key and its mail together: a key whose mail is not queued is never left behind.
    await writeTransaction(deps.connections.site.db, async (trx) => {
      const inserted = await trx
        .insertInto('site_password_resets')
        .values({
          login,
          key_hash: hashKey(key),
          language: input.lang,
          created_at: now,
          expires_at: now + deps.resetMinutes * 60_000,
          used_at: null,
        })
        .executeTakeFirstOrThrow();
      await deps.outbox.enqueueSingle(
        {
          kind: 'recovery',
          email,
          login,
          language: input.lang,
          subject: t('mail.recovery.subject', values),
          text: t('mail.recovery.text', values),
          refId: Number(inserted.insertId),
          createdAt: now,
        },
        trx,
      );
    });
  } catch (error) {
    // Nothing was queued: the player may ask again at once.
    await deps.store.delete(`recovery-mail:${login}`);
    throw error;
  }
  deps.wakeMailWorker();
  return true;
};

/**
 * After its mail went out: the key is valid resetMinutes from then, however long the mail waited
 * in the outbox (SMTP down), as the mail says. Only a key nobody used yet.
 */
export const keepRecoveryKeyFromSending = async (
  deps: Pick<AccountCallDeps, 'connections' | 'resetMinutes'>,
  resetId: number | null,
  sentAt: number,
): Promise<void> => {
  if (resetId === null) return;
  await deps.connections.site.db
    .updateTable('site_password_resets')
    .set({ expires_at: sentAt + deps.resetMinutes * 60_000 })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .where('expires_at', '<', sentAt + deps.resetMinutes * 60_000)
    .execute();
};

/**
 * getnewpassword: burns the key and answers a new password that satisfies the site's rule.
 * Unknown, used and expired keys all answer invalidKey.
 */
export const redeemRecoveryKey = async (
  deps: AccountCallDeps,
  key: string,
  cookieHeader?: string,
): Promise<{ password: string } | { error: ErrorCode }> => {
  const now = deps.now();
  const row = await deps.connections.site.db
    .selectFrom('site_password_resets')
    .select(['id', 'login'])
    .where('key_hash', '=', hashKey(key))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return { error: 'invalidKey' };
  const account = await findAccount(deps.connections.login.db, deps.schema, row.login);
  if (!account) return { error: 'invalidKey' };
  // Banned since the mail left (for good, ban_temp or a punishment): the key opens nothing.
  if (await isRefused(deps, account)) return { error: 'accountBanned' };
  // Claim the key first: two requests with one key cannot both get a password.
  const claimed = await deps.connections.site.db
    .updateTable('site_password_resets')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { error: 'invalidKey' };
  const password = generatePassword();
  await setPassword(deps.connections.login.db, deps.schema, account.login, password);
  // The new password ends every other key of the account, and the lock its guessers caused.
  await expireRecoveryKeys(deps.connections.site.db, counterLogin(row.login, account), now);
  await clearLockout(deps, account.login);
  // Signed in with the old password elsewhere: those sessions end.
  await deps.sessions?.passwordChanged(account.login, cookieHeader);
  return { password };
};
