import { expect, test } from '@playwright/test';
import { INSTANCES, MERCADOPAGO_API, PAYPAL_API } from '../playwright.config';
import { expectSignedIn, openAccount, openTab, signIn } from './support/account';
import { queryDatabaseOf } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';

/**
 * Donations to the wallet (donations.target wallet, docs/owner/payments.md) at 1920: a signed-in
 * donor pays by Pix at Mercado Pago's stand-in without naming a character, finds the coins and
 * the donation in My account's Wallet tab, then follows the Shop in the main menu to spend them;
 * another pays through PayPal Orders at PayPal's stand-in, captured on the return, into the wallet.
 * Each test has an account of its own: they run at the same time.
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
  // PayPal comes first; Mercado Pago is the donor's pick.
  await page
    .getByRole('group', { name: 'Pay with' })
    .getByRole('radio', { name: 'Pix or card (Mercado Pago)' })
    .check();
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

test('a donor pays into the wallet through PayPal, and the capture credits it once', async ({ page }) => {
  test.setTimeout(60_000);
  const before = balanceOf('demotrader');
  await openAccount(page);
  await signIn(page, 'demotrader', 'Trade.Pass2');
  await expectSignedIn(page, 'demotrader');

  await page.goto('/donate');
  await waitForScript(page);
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await expect(page.getByText('Step 2 of 2: amount')).toBeVisible();
  await expect(
    page.getByText('The coins go to the wallet of your account demotrader; you spend them in the shop.'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pay with' }).getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(page.getByLabel('Character name')).toHaveCount(0);
  await page.getByLabel('Amount (EUR)').fill('7.50');
  // coins.perEuro: 100 coins a euro.
  await expect(page.getByText('Your wallet receives 750 coins.')).toBeVisible();
  await page.getByRole('button', { name: 'Donate' }).click();

  // PayPal's page, at the link PayPal gave for the order, which names the account on the site.
  await page.waitForURL(`${PAYPAL_API}/checkoutnow?token=*`);
  const orderId = new URL(page.url()).searchParams.get('token');
  const order = () =>
    queryDatabaseOf<{ status: string; login: string; char_name: string }>(
      'walletDonations',
      'SELECT status, login, char_name FROM site_paypal_orders WHERE order_id = ?',
      orderId,
    );
  expect(order()).toEqual({ status: 'created', login: 'demotrader', char_name: '' });
  await expect(page.getByText('7.50 EUR')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Purchase' }).click();

  // Back on the site, which captured the payment into the wallet.
  await page.waitForURL(`${INSTANCES.walletDonations}/donate?payment=complete`);
  await expect(
    page.getByRole('status').filter({ hasText: 'The coins reach your wallet as soon as PayPal confirms the payment' }),
  ).toBeVisible();
  await expectAccessible(page);
  expect(order()?.status).toBe('credited');
  expect(balanceOf('demotrader') - before).toBe(750);
  // The return address again (a reload, a second tab): nothing credited twice.
  await page.goto(`/payments/paypal/return?token=${orderId}&PayerID=QYR5Z8XDVJNXQ`);
  await expect(page).toHaveURL(`${INSTANCES.walletDonations}/donate?payment=complete`);
  expect(balanceOf('demotrader') - before).toBe(750);

  const capture = queryDatabaseOf<{ txn_id: string }>(
    'walletDonations',
    "SELECT txn_id FROM site_donations WHERE provider = 'paypal' AND kind = 'payment' AND login = ? ORDER BY id DESC",
    'demotrader',
  );
  await openAccount(page);
  await openTab(page, 'Wallet');
  await expect(page.getByText(`Balance: ${(before + 750).toLocaleString('en')} coins`)).toBeVisible();
  const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText(`Donation · +750 · paypal ${capture?.txn_id}`);
});
