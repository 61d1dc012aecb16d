import { createHash, randomBytes } from 'node:crypto';
import type { ErrorCode, Language } from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import { findAccount, normalizeLogin, setPassword } from '../../game/accounts';
import type { Mailer } from '../../infra/mailer';
import type { Texts } from '../../infra/texts';
import { clearLockout, isRefused } from './credentials';
import type { AccountServiceDeps } from './account-service';
import { generatePassword } from './generated-password';

export interface RecoveryDeps extends AccountServiceDeps {
  mailer: Mailer;
  texts: Texts;
  publicUrl: string;
  resetMinutes: number;
  log: FastifyBaseLogger;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** One recovery mail per account per few minutes: nobody can flood a player's mailbox. */
const MAIL_INTERVAL_MS = 2 * 60_000;

export const recoveryLink = (publicUrl: string, key: string) =>
  `${publicUrl.replace(/\/+$/, '')}/?key=${encodeURIComponent(key)}&param=password_reset`;

/**
 * recoverpassword: when the username and email belong together, a single-use key (stored as a
 * hash, valid resetMinutes) goes by mail in the player's language. The answer is the same
 * whether or not they do, so nobody learns which accounts exist.
 */
export const recoverPassword = async (
  deps: RecoveryDeps,
  input: { username: string; email: string; lang: Language },
): Promise<ErrorCode[]> => {
  const login = normalizeLogin(input.username);
  const account = await findAccount(deps.connections.login.db, login);
  const matches = account && (account.email ?? '').trim().toLowerCase() === input.email.trim().toLowerCase();
  if (!account || !matches || (await isRefused(deps, account))) return [];
  if (!(await deps.store.claim(`recovery-mail:${login}`, MAIL_INTERVAL_MS))) return [];

  const key = randomBytes(32).toString('base64url');
  const now = deps.now();
  const inserted = await deps.connections.site.db
    .insertInto('site_password_resets')
    .values({
      login,
      key_hash: hashKey(key),
      language: input.lang,
      created_at: now,
      expires_at: now + deps.resetMinutes * 60_000,
      used_at: null,
    })
    .executeTakeFirst();
  const t = deps.texts(input.lang);
  const link = recoveryLink(deps.publicUrl, key);
  const values = { username: account.login, link, minutes: deps.resetMinutes, site: t('site.name') };
  try {
    await deps.mailer.send({
      to: account.email as string,
      subject: t('mail.recovery.subject', values),
      text: t('mail.recovery.text', values),
    });
  } catch (error) {
    // The player must learn that nothing was sent, and the unsent key must not stay valid.
    deps.log.error({ err: error }, 'recovery mail not sent');
    await deps.connections.site.db
      .deleteFrom('site_password_resets')
      .where('id', '=', Number(inserted.insertId))
      .execute();
    await deps.store.delete(`recovery-mail:${login}`);
    return ['ServerError'];
  }
  return [];
};

/**
 * getnewpassword: burns the key and answers a new password that satisfies the site's rule.
 * Unknown, used and expired keys all answer invalidKey.
 */
export const redeemRecoveryKey = async (
  deps: RecoveryDeps,
  key: string,
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
  // Claim the key first: two requests with one key cannot both get a password.
  const claimed = await deps.connections.site.db
    .updateTable('site_password_resets')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { error: 'invalidKey' };
  const password = generatePassword();
  await setPassword(deps.connections.login.db, row.login, password);
  await clearLockout(deps.store, row.login);
  return { password };
};
