import { expect, test } from '@playwright/test';
import { INSTANCES, MERCADOPAGO_API } from '../playwright.config';
import { expectSignedIn, openAccount, openTab, signIn } from './support/account';
import { queryDatabaseOf } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';

/**
 * Donations to the wallet (donations.target wallet, docs/owner/payments.md) at 1920: a signed-in
 * donor pays by Pix at Mercado Pago's stand-in without naming a character, finds the coins and
 * the donation in My account's Wallet tab, then follows the Shop in the main menu to spend them.
 */
test.use({ baseURL: INSTANCES.walletDonations });

/** The donor's balance as the ledger adds it up (the instance's database outlives a run). */
const balanceOf = (login: string) =>
  queryDatabaseOf<{ total: number }>(
    'walletDonations',
    'SELECT COALESCE(SUM(amount), 0) AS total FROM site_wallet_entries WHERE login = ?',
    login,
  )?.total ?? 0;

test('a donor pays into the wallet, sees it in My account, and the menu leads to the shop', async ({ page }) => {
  test.setTimeout(60_000);
  const before = balanceOf('demoplayer');
  const coins = (before + 500).toLocaleString('en');
  await openAccount(page);
  await signIn(page, 'demoplayer', 'Demo.Pass1');
  await expectSignedIn(page, 'demoplayer');

  await page.goto('/donate');
  await waitForScript(page);
  await expect(page.getByText(/The coins go to your account's wallet on this site/)).toBeVisible();
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await expect(
    page.getByText('The coins go to the wallet of your account demoplayer; you spend them in the shop.'),
  ).toBeVisible();
  await expect(page.getByLabel('Character name')).toHaveCount(0);
  await page.getByLabel('Amount (BRL)').fill('25');
  // 20 coins a real (donations.mercadopago.coinsPerUnit).
  await expect(page.getByText('Your wallet receives 500 coins.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Donate' }).click();

  await page.waitForURL(`${MERCADOPAGO_API}/checkout/v1/redirect?pref_id=*`);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await page.waitForURL(/\/donate\?payment=complete&provider=mercadopago/);
  await expect(page.getByRole('status').filter({ hasText: 'Mercado Pago' })).toBeVisible();
  const payment = queryDatabaseOf<{ payment_id: string; status: string; login: string }>(
    'walletDonations',
    "SELECT payment_id, status, login FROM site_provider_payments WHERE provider = 'mercadopago' ORDER BY id DESC",
  );
  expect([payment?.status, payment?.login]).toEqual(['credited', 'demoplayer']);
  expect(balanceOf('demoplayer') - before).toBe(500);

  await openAccount(page);
  await openTab(page, 'Wallet');
  await expect(page.getByText(`Balance: ${coins} coins`)).toBeVisible();
  const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText(`Donation · +500 · mercadopago ${payment?.payment_id}`);

  // The Shop in the main menu, by the keyboard: it leads to the shop and is marked there.
  const shop = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Shop' });
  await shop.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${INSTANCES.walletDonations}/shop`);
  await waitForScript(page);
  await expect(page.getByRole('heading', { name: 'Shop', exact: true })).toBeVisible();
  await expect(shop).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Your wallet: ${coins} coins`)).toBeVisible();
});
