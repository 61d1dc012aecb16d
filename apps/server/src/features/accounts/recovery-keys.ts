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
