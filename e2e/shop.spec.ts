import { expect, test } from '@playwright/test';
import { expectSignedIn, openAccount, openTab, signIn } from './support/account';
import { queryDatabaseOf } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';
import { takeOrderAtDimensionalMerchant } from './support/game-side';
import { keepPicture } from './support/pictures';

/**
 * The shop and the wallet (docs/product.md#shop, docs/owner/shop.md) on the default L2J instance
 * at 1920 px: a player of the demo world no other spec uses redeems the demo's promo code, buys
 * the demo's pack for a character, sees it on its way, takes it at the Dimensional Merchant (the
 * test deletes the game's rows as L2J Server does), and sees it received in game.
 */
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'one size: the journey is about the shop, not the layout');
});

/** A demo world account's character (player0001...: password Player.<n>x) far from those other specs use. */
const shopper = () => {
  const row = queryDatabaseOf<{ login: string; name: string }>(
    'default',
    `SELECT account_name AS login, char_name AS name FROM characters
      WHERE account_name LIKE 'player%' ORDER BY account_name, charId LIMIT 1 OFFSET 77`,
  );
  if (!row) throw new Error('no demo world character for the shop');
  return { ...row, password: `Player.${Number(row.login.slice('player'.length))}x` };
};

test('a player redeems a promo code, buys a pack for a character and follows it into the game', async ({ page }) => {
  test.setTimeout(60_000);
  const player = shopper();
  await openAccount(page);
  await signIn(page, player.login, player.password);
  await expectSignedIn(page, player.login);

  await openTab(page, 'Wallet');
  await page.getByRole('textbox', { name: 'Code' }).fill('welcome');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('status').filter({ hasText: '100 coins added to your wallet.' })).toBeVisible();
  await expect(page.getByText(/Balance: 100 coins/)).toBeVisible();

  await page.goto('/shop');
  await waitForScript(page);
  await expect(page.getByText('Your wallet: 100 coins')).toBeVisible();
  await page.getByRole('button', { name: /^Buy: 5 × Blessed Scroll of Escape/ }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await confirmation.getByLabel('Character').selectOption(player.name);
  await expect(confirmation).toContainText(`for ${player.name}, 60 coins from your wallet.`);
  await expectAccessible(page);
  await confirmation.getByRole('button', { name: 'Pay' }).click();
  const paid = page.getByRole('status').filter({ hasText: /Paid: order \d+ is on its way/ });
  await expect(paid).toBeVisible();
  const orderId = Number(/order (\d+)/.exec((await paid.textContent()) ?? '')?.[1]);
  await expect(page.getByText('Your wallet: 40 coins')).toBeVisible();

  await openAccount(page);
  await openTab(page, 'Wallet');
  const order = page.getByRole('list', { name: 'Orders' }).locator(`[data-order="${orderId}"]`);
  await expect(order.getByRole('status')).toHaveText('On its way');
  await expectAccessible(page);

  // The character takes the pack at the Dimensional Merchant: L2J Server deletes its rows.
  expect(takeOrderAtDimensionalMerchant('default', orderId)).toBe(3);
  await page.reload();
  await waitForScript(page);
  await openTab(page, 'Wallet');
  await expect(order.getByRole('status')).toHaveText('Received in game');
  await keepPicture(page, 'test-results/shop-wallet-1920.png', { fullPage: true });
});
