import { type Language, isLanguage } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

/**
 * Ends every outstanding recovery key of an account: once its password changed, by a key or by
 * changepassword, an older mail must not set another one. The keys are marked used, not expired:
 * a key whose mail still waits in the outbox gets its validity from the moment the mail is sent
 * (keepRecoveryKeyFromSending), and that must not bring an ended key back.
 */
export const expireRecoveryKeys = async (db: Kysely<SiteDatabase>, login: string, now: number): Promise<void> => {
  await db
    .updateTable('site_password_resets')
    .set({ used_at: now })
    .where('login', '=', login)
    .where('used_at', 'is', null)
    .execute();
};

/**
 * The language a player reads: the one of their latest password recovery on the site (the only
 * place the site learns it for an account), else English. Read once for many logins (a mass mail).
 */
export const recoveryLanguages = async (site: Kysely<SiteDatabase>): Promise<(login: string) => Language> => {
  const rows = await site.selectFrom('site_password_resets').select(['login', 'language']).orderBy('id').execute();
  const byLogin = new Map<string, Language>();
  for (const row of rows) if (isLanguage(row.language)) byLogin.set(row.login.toLowerCase(), row.language);
  return (login) => byLogin.get(login.toLowerCase()) ?? 'en';
};

/** The language of one player's latest password recovery, else English. */
export const lastRecoveryLanguage = async (site: Kysely<SiteDatabase>, login: string): Promise<Language> => {
  const row = await site
    .selectFrom('site_password_resets')
    .select('language')
    .where('login', '=', login)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && isLanguage(row.language) ? row.language : 'en';
};
