import type { Kysely } from 'kysely';
import type { Connections } from '../../db/connections';
import type { SiteDatabase } from '../../db/tables';
import type { Account } from '../../game/accounts';
import { normalizeLogin } from '../../game/accounts';
import { DEMO_ACCOUNTS } from '../../game/demo-seed';
import type { GameFlavor } from '../../game/flavors';
import type { GameSchema } from '../../game/schema-check';

/**
 * An account's email: the game's own column where the flavour has one (L2J), else the site's
 * site_account_emails (aCis keeps none), written at registration. `recorded: false` is an account
 * made in the game before the site knew it.
 */
export type AccountEmail = { recorded: true; email: string } | { recorded: false };

interface EmailDeps {
  connections: Connections;
  schema: GameSchema;
  now: () => number;
}

export const emailOf = async (deps: EmailDeps, account: Account): Promise<AccountEmail> => {
  if (account.email !== undefined) return { recorded: true, email: account.email ?? '' };
  const row = await deps.connections.site.db
    .selectFrom('site_account_emails')
    .select('email')
    .where('login', '=', normalizeLogin(account.login))
    .executeTakeFirst();
  return row ? { recorded: true, email: row.email } : { recorded: false };
};

/** Keeps the email of an account whose game has no email column; nothing where the game keeps it. */
export const attachEmail = async (deps: EmailDeps, login: string, email: string): Promise<void> => {
  if (deps.schema.flavor.accounts.email !== null) return;
  await deps.connections.site.db
    .insertInto('site_account_emails')
    .values({ login: normalizeLogin(login), email: email.trim(), created_at: deps.now() })
    .ignore()
    .execute();
};

/** Every email the site keeps, by login (lower case): the addresses of a flavour without an email column. */
export const recordedEmails = async (site: Kysely<SiteDatabase>): Promise<Map<string, string>> =>
  new Map(
    (await site.selectFrom('site_account_emails').select(['login', 'email']).execute()).map((row) => [
      row.login.toLowerCase(),
      row.email,
    ]),
  );

/** The accounts whose email the site keeps as one of these (compared in lower case). */
export const findRecordedEmailAccounts = async (
  site: Kysely<SiteDatabase>,
  emails: string[],
): Promise<{ login: string; email: string }[]> => {
  if (emails.length === 0) return [];
  return site
    .selectFrom('site_account_emails')
    .select(['login', 'email'])
    .where((eb) => eb.fn<string>('lower', ['email']), 'in', [...new Set(emails.map((e) => e.trim().toLowerCase()))])
    .orderBy('login')
    .execute();
};

/**
 * Where the game keeps no email (aCis), the demo accounts' emails are the site's, as registration
 * keeps them; nothing where the game has its own column. The demo world and the tests' world.
 */
export const keepDemoEmails = async (site: Kysely<SiteDatabase>, flavor: GameFlavor): Promise<void> => {
  if (flavor.accounts.email !== null) return;
  await site
    .insertInto('site_account_emails')
    .values(DEMO_ACCOUNTS.map((account) => ({ login: account.login, email: account.email, created_at: 0 })))
    .execute();
};
