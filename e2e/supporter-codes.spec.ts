import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { DATABASE_FILE, INSTANCES, STRIPE_API } from '../playwright.config';
import { expectSignedIn, expectSignedOut, openAccount, openTab, register, signIn, signOut } from './support/account';
import {
  ACCOUNT_PASSWORD,
  STAFF_ROLES,
  openConsoleSection,
  stepUpIntoConsole,
  switchAuthenticatorOn,
} from './support/console';
import { queryDatabaseOf, uniqueName } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';

/**
 * Supporter codes at 1920 (docs/owner/payments.md#supporter-codes), on the payments instance: the
 * owner adds a partner's code in the console's Donations section, a player follows the partner's
 * link to the donate page (the code filled in) and pays by card at Stripe's stand-in, and the
 * partner finds the share in My account, Wallet.
 */
test.use({ baseURL: INSTANCES.payments });

/** Makes an account of the payments instance's game an owner (its embedded database, L2J's column). */
const makeOwner = (login: string) => {
  const db = new Database(DATABASE_FILE('payments'), { fileMustExist: true });
  try {
    db.prepare('update accounts set accessLevel = ? where login = ?').run(STAFF_ROLES.owner.level, login);
  } finally {
    db.close();
  }
};

const balanceOf = (login: string) =>
  queryDatabaseOf<{ total: number }>(
    'payments',
    'SELECT COALESCE(SUM(amount), 0) AS total FROM site_wallet_entries WHERE login = ?',
    login,
  )?.total ?? 0;

test('the owner adds a code, a player donates with it, and the partner sees the share', async ({ page }) => {
  test.setTimeout(120_000);
  const partner = uniqueName('partner').toLowerCase();
  const owner = uniqueName('owner').toLowerCase();
  const code = uniqueName('STREAM').toUpperCase();
  await register(page, partner, ACCOUNT_PASSWORD);
  await register(page, owner, ACCOUNT_PASSWORD);

  // The owner, stepped up into the console, adds the partner's code at 10 %.
  await openAccount(page);
  await signIn(page, owner, ACCOUNT_PASSWORD);
  await expectSignedIn(page, owner);
  makeOwner(owner);
  await stepUpIntoConsole(page, await switchAuthenticatorOn(page), { login: owner, role: 'owner' });
  await openConsoleSection(page, 'Donations');
  const form = page.getByRole('form', { name: 'Add a supporter code' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Partner’s login').fill(partner);
  await form.getByLabel('Share (%)').fill('10');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Supporter code ${code} saved.` })).toBeVisible();
  const codes = page.getByRole('table', { name: 'Supporter codes' });
  await expect(codes.getByRole('row').filter({ hasText: code })).toContainText(partner);
  await expectAccessible(page);
  await openAccount(page);
  await signOut(page);
  await expectSignedOut(page);

  // A player follows the partner's link: the code is in the field; the donation goes to Stripe.
  await page.goto(`/donate?supporter=${code.toLowerCase()}`);
  await waitForScript(page);
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await page.getByRole('group', { name: 'Pay with' }).getByRole('radio', { name: 'Card (Stripe)' }).check();
  await expect(page.getByLabel('Supporter code (optional)')).toHaveValue(code);
  await page.getByLabel('Character name').fill('DemoKnight');
  await page.getByLabel('Amount (EUR)').fill('10');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL(`${STRIPE_API}/c/pay/*`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${INSTANCES.payments}/donate?payment=complete&provider=stripe`);
  // 10 EUR at 100 coins a euro; 10 % of them for the partner.
  await expect.poll(() => balanceOf(partner)).toBe(100);

  // The partner sees the share in My account, Wallet.
  await openAccount(page);
  await signIn(page, partner, ACCOUNT_PASSWORD);
  await expectSignedIn(page, partner);
  await openTab(page, 'Wallet');
  await expect(page.getByText('Balance: 100 coins')).toBeVisible();
  const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText(`Supporter code share · +100 · ${code} stripe`);
});
