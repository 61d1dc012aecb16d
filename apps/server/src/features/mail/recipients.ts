import { isEmailAddress } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { findRecordedEmailAccounts, recordedEmails } from '../accounts/account-emails';
import { findAccountsByEmail, listMailableAccounts } from '../../game/accounts';
import { listAccountsWithCharacters } from '../../game/characters';
import type { VersionDatabases } from './version-databases';

export interface Recipient {
  /** Lower case; one mail per address, however many accounts share it. */
  email: string;
  /** The account the mail is addressed for (the first by login when several share the address). */
  login: string;
}

/** Who a mass mail reaches, and how many accounts it could not reach for want of a known email. */
export interface RecipientList {
  recipients: Recipient[];
  /** Accounts of a flavour without an email column whose email the site has no record of (aCis, made in game). */
  unrecorded: number;
}

/**
 * The accounts of a version that have an email, one per address; banned accounts (access level
 * below 0) are left out, and with registeredOnly so is every account without a character in the
 * version's game database. Where the game keeps no email (aCis), the address is the one the site
 * recorded for its own login database; an account without one is counted as unrecorded.
 */
export const findRecipients = async (
  databases: VersionDatabases,
  site: Kysely<SiteDatabase>,
  options: { registeredOnly: boolean },
): Promise<RecipientList> => {
  const schema = await databases.schema();
  const accounts = await listMailableAccounts(databases.login, schema);
  const recorded =
    schema.flavor.accounts.email === null && databases.ownLogin
      ? await recordedEmails(site)
      : new Map<string, string>();
  // Login and game may be separate databases (L2J Server): no join, a set of account names.
  const withCharacters = options.registeredOnly ? await listAccountsWithCharacters(databases.game) : undefined;
  const byEmail = new Map<string, Recipient>();
  let unrecorded = 0;
  for (const account of accounts) {
    if (withCharacters && !withCharacters.has(account.login.toLowerCase())) continue;
    const known = account.email ?? recorded.get(account.login.toLowerCase());
    if (known === undefined) {
      unrecorded += 1;
      continue;
    }
    const email = known.trim().toLowerCase();
    if (!isEmailAddress(email) || byEmail.has(email)) continue;
    byEmail.set(email, { email, login: account.login });
  }
  return { recipients: [...byEmail.values()], unrecorded };
};

/** The form's test addresses, each for the account that has it in that version, else for the sender. */
export const testRecipients = async (
  databases: VersionDatabases,
  site: Kysely<SiteDatabase>,
  emails: string[],
  sender: string,
): Promise<Recipient[]> => {
  if (emails.length === 0) return [];
  const schema = await databases.schema();
  const accounts =
    schema.flavor.accounts.email !== null
      ? await findAccountsByEmail(databases.login, schema, emails)
      : databases.ownLogin
        ? await findRecordedEmailAccounts(site, emails)
        : [];
  return emails.map((email) => ({
    email,
    login: accounts.find((account) => account.email.trim().toLowerCase() === email)?.login ?? sender,
  }));
};

/** The addresses that left this version's list. */
export const unsubscribedEmails = async (site: Kysely<SiteDatabase>, version: string): Promise<Set<string>> =>
  new Set(
    (await site.selectFrom('site_mail_unsubscribes').select('email').where('version', '=', version).execute()).map(
      (row) => row.email,
    ),
  );
