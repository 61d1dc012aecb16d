import { expect, test } from '@playwright/test';
import { INSTANCES, MERCADOPAGO_API, STRIPE_API } from '../playwright.config';
import { queryDatabaseOf } from './support/database';
import { expectAccessible } from './support/fixtures';

/**
 * Donations through the provider layer at 1920: a donor picks Stripe Checkout or Mercado Pago
 * on the donate page, pays on the provider's page (a local stand-in speaking its API, which sends
 * its signed notification to the site), comes back thanked, and the coins are on the character.
 */
test.use({ baseURL: INSTANCES.payments });

const coinsOf = (character: string) => {
  const charId = queryDatabaseOf<{ charId: number }>(
    'payments',
    'SELECT charId FROM characters WHERE char_name = ?',
    character,
  )?.charId;
  return () =>
    queryDatabaseOf<{ total: number }>(
      'payments',
      'SELECT COALESCE(SUM(itemCount), 0) AS total FROM character_premium_items WHERE charId = ? AND itemId = 4037',
      charId,
    )?.total ?? 0;
};

test('a donor pays by card through Stripe Checkout and finds the coins on the character', async ({ page }) => {
  // Characters of their own: the two tests run at once and count their own coins.
  const coinsOfCharacter = coinsOf('DemoKnight');
  const before = coinsOfCharacter();
  await page.goto('/donate');
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  const choice = page.getByRole('group', { name: 'Pay with' });
  await expect(choice.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await choice.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByLabel('Character name').fill('DemoKnight');
  await page.getByLabel('Amount (EUR)').fill('15');
  await expect(page.getByText('Your character receives 1,500 Coin of Luck.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Donate' }).click();

  // Stripe's Checkout page, at the address of the Session the site created.
  await page.waitForURL(`${STRIPE_API}/c/pay/*`);
  const sessionId = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByText('15.00 EUR')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(`${INSTANCES.payments}/donate?payment=complete&provider=stripe`);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your donation!' })).toBeVisible();
  expect(coinsOfCharacter() - before).toBe(1500);
  const payment = queryDatabaseOf<{ status: string; provider: string }>(
    'payments',
    'SELECT status, provider FROM site_provider_payments WHERE provider_ref = ?',
    sessionId,
  );
  expect(payment).toEqual({ status: 'credited', provider: 'stripe' });
});

test('a player in Brazil donates by Pix through Mercado Pago, in reais', async ({ page }) => {
  const coinsOfCharacter = coinsOf('DemoTrader');
  const before = coinsOfCharacter();
  await page.goto('/br/doar');
  await page.getByRole('button', { name: 'Concordo, continuar' }).click();
  const choice = page.getByRole('group', { name: 'Pagar com' });
  await choice.getByRole('radio', { name: 'Pix ou cartão (Mercado Pago)' }).check();
  await page.getByLabel('Nome do personagem').fill('DemoTrader');
  await page.getByLabel('Valor (BRL)').fill('25');
  // 20 coins a real (donations.mercadopago.coinsPerUnit).
  await expect(page.getByText('Seu personagem vai receber 500 Coin of Luck.')).toBeVisible();
  await page.getByRole('button', { name: 'Doar' }).click();

  // Mercado Pago's Checkout Pro, at the preference's init_point.
  await page.waitForURL(`${MERCADOPAGO_API}/checkout/v1/redirect?pref_id=*`);
  await expect(page.getByText('R$ 25.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();

  await page.waitForURL(/\/(donate|br\/doar)\?payment=complete&provider=mercadopago/);
  await expect(page.getByRole('status').filter({ hasText: 'Mercado Pago' })).toBeVisible();
  expect(coinsOfCharacter() - before).toBe(500);
  const payment = queryDatabaseOf<{ status: string; currency: string; amount_cents: number }>(
    'payments',
    "SELECT status, currency, amount_cents FROM site_provider_payments WHERE provider = 'mercadopago' AND char_name = ? ORDER BY id DESC",
    'DemoTrader',
  );
  expect(payment).toEqual({ status: 'credited', currency: 'BRL', amount_cents: 2500 });
});
