import { type Language, isEmailAddress, isLanguage } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { VersionDatabases } from './version-databases';

export interface Recipient {
  /** Lower case; one mail per address, however many accounts share it. */
  email: string;
  /** The account the mail is addressed for (the first by login when several share the address). */
  login: string;
}

/**
 * The accounts of a version's login database that have an email, one per address; banned
 * accounts (access level below 0) are left out, and with registeredOnly so is every account
 * without a character in the version's game database.
 */
export const findRecipients = async (
  databases: VersionDatabases,
  options: { registeredOnly: boolean },
): Promise<Recipient[]> => {
  const accounts = await databases.login
    .selectFrom('accounts')
    .select(['login', 'email'])
    .where('email', 'is not', null)
    .where('email', '!=', '')
    .where('accessLevel', '>=', 0)
    .orderBy('login')
    .execute();
  // Login and game may be separate databases (L2J Server): no join, a set of account names.
  const withCharacters = options.registeredOnly
    ? new Set(
        (await databases.game.selectFrom('characters').select('account_name').distinct().execute()).map((row) =>
          (row.account_name ?? '').toLowerCase(),
        ),
      )
    : undefined;
  const byEmail = new Map<string, Recipient>();
  for (const account of accounts) {
    const email = (account.email ?? '').trim().toLowerCase();
    if (!isEmailAddress(email) || byEmail.has(email)) continue;
    if (withCharacters && !withCharacters.has(account.login.toLowerCase())) continue;
    byEmail.set(email, { email, login: account.login });
  }
  return [...byEmail.values()];
};

/** The form's test addresses, each for the account that has it in that version, else for the sender. */
export const testRecipients = async (
  databases: VersionDatabases,
  emails: string[],
  sender: string,
): Promise<Recipient[]> => {
  if (emails.length === 0) return [];
  const accounts = await databases.login
    .selectFrom('accounts')
    .select(['login', 'email'])
    .where('email', 'in', emails)
    .orderBy('login')
    .execute();
  return emails.map((email) => ({
    email,
    login: accounts.find((account) => (account.email ?? '').trim().toLowerCase() === email)?.login ?? sender,
  }));
};

/**
 * The language a player reads: the one of their latest password recovery on the site (the only
 * place the site learns it for an account), else English.
 */
export const recipientLanguages = async (site: Kysely<SiteDatabase>): Promise<(login: string) => Language> => {
  const rows = await site.selectFrom('site_password_resets').select(['login', 'language']).orderBy('id').execute();
  const byLogin = new Map<string, Language>();
  for (const row of rows) if (isLanguage(row.language)) byLogin.set(row.login.toLowerCase(), row.language);
  return (login) => byLogin.get(login.toLowerCase()) ?? 'en';
};

/** The addresses that left this version's list. */
export const unsubscribedEmails = async (site: Kysely<SiteDatabase>, version: string): Promise<Set<string>> =>
  new Set(
    (await site.selectFrom('site_mail_unsubscribes').select('email').where('version', '=', version).execute()).map(
      (row) => row.email,
    ),
  );
