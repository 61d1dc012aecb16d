import { expect, test } from '@playwright/test';
import { INSTANCES, PAYPAL_API } from '../playwright.config';
import { solveCaptcha } from './support/captcha';
import { queryDatabaseOf } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';

/**
 * A donation on PayPal Orders v2, from the donate page through PayPal's approval page
 * (a local stand-in speaking PayPal's REST API) back to the site, and the coins in the game.
 */
test.use({ baseURL: INSTANCES.votes });

test('a donor pays on PayPal and finds the coins on the character', async ({ page }) => {
  // A character of its own (vote-rewards.spec rewards DemoTrader on the same instance), so the two
  // specs at once count their own coins.
  const character = 'DemoKnight';
  const charId = queryDatabaseOf<{ charId: number }>(
    'votes',
    'SELECT charId FROM characters WHERE char_name = ?',
    character,
  )?.charId;
  const coinsOfCharacter = () =>
    queryDatabaseOf<{ total: number }>(
      'votes',
      'SELECT COALESCE(SUM(itemCount), 0) AS total FROM character_premium_items WHERE charId = ? AND itemId = 4037',
      charId,
    )?.total ?? 0;
  const before = coinsOfCharacter();

  await page.goto('/donate');
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await page.getByLabel('Character name').fill(character.toLowerCase());
  await page.getByLabel('Amount (EUR)').fill('12,50');
  await expect(page.getByText('Your character receives 1,250 Coin of Luck.')).toBeVisible();
  await page.getByRole('button', { name: 'Donate' }).click();

  // PayPal's page, at the link PayPal gave for the order.
  await page.waitForURL(`${PAYPAL_API}/checkoutnow?token=*`);
  // This donation's order (other tests donate at the same time).
  const orderId = new URL(page.url()).searchParams.get('token');
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
  await expect(page.getByText('12.50 EUR')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Purchase' }).click();

  // Back on the site, which captured the payment.
  await page.waitForURL(`${INSTANCES.votes}/donate?payment=complete`);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your donation!' })).toBeVisible();
  await expectAccessible(page);
  expect(coinsOfCharacter() - before).toBe(1250);
  const order = queryDatabaseOf<{ status: string; char_id: number }>(
    'votes',
    'SELECT status, char_id FROM site_paypal_orders WHERE order_id = ?',
    orderId,
  );
  expect(order).toEqual({ status: 'credited', char_id: charId });

  // The return address again (a reload, a second tab): the same answer, nothing paid twice.
  await page.goto(`/payments/paypal/return?token=${orderId}&PayerID=QYR5Z8XDVJNXQ`);
  await expect(page).toHaveURL(`${INSTANCES.votes}/donate?payment=complete`);
  expect(coinsOfCharacter() - before).toBe(1250);

  // The character's owner finds the donation in My account, its coins waiting at the Dimensional Merchant.
  const [login, password] = character === 'DemoKnight' ? ['demoplayer', 'Demo.Pass1'] : ['demotrader', 'Trade.Pass2'];
  await page.goto('/account');
  await waitForScript(page);
  const signIn = page.getByRole('region', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill(login);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  // The vote panel beside it has a captcha of its own.
  await solveCaptcha(page, signIn);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('tab', { name: 'Rewards' }).click();
  const donation = page
    .getByRole('list', { name: 'Rewards' })
    .getByRole('listitem')
    .filter({ hasText: `Donation · 12.50 EUR · ${character}` });
  await expect(donation.first()).toContainText('Waiting at the Dimensional Merchant');
});

test('a donor who cancels on PayPal is told nothing was charged', async ({ page }) => {
  await page.goto('/donate');
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await page.getByLabel('Character name').fill('DemoKnight');
  await page.getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL(`${PAYPAL_API}/checkoutnow?token=*`);
  await page.getByRole('link', { name: 'Cancel and return to the merchant' }).click();
  await page.waitForURL(`${INSTANCES.votes}/donate?payment=cancelled`);
  await expect(
    page.getByRole('status').filter({ hasText: 'The payment was cancelled and nothing was charged.' }),
  ).toBeVisible();
});

test('a donor whose character does not exist stays on the site, told why', async ({ page }) => {
  await page.goto('/donate');
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await page.getByLabel('Character name').fill('NoSuchHeroAnywhere');
  await page.getByRole('button', { name: 'Donate' }).click();
  const failure = page.getByRole('dialog', { name: 'Donation not started' });
  await expect(failure).toContainText('There is no character with this name.');
  await expect(page).toHaveURL(/\/donate$/);
});
