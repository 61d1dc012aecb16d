import { type Page, type Request, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { expectAccessible, waitForScript } from './support/fixtures';

const PAYPAL_FORM = 'https://www.paypal.com/cgi-bin/webscr';

/** Stands in for PayPal: the payment form's POST is answered here and never leaves the machine. */
const interceptPaypal = async (page: Page) => {
  const posts: Request[] = [];
  await page.context().route('https://www.paypal.com/**', async (route) => {
    posts.push(route.request());
    await route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><title>PayPal checkout</title></head><body><h1>PayPal checkout</h1></body></html>',
    });
  });
  return posts;
};

const refUpdates = (page: Page) => {
  const types: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sdk/updateref') {
      types.push((JSON.parse(request.postData() ?? '{}') as { type: string }).type);
    }
  });
  return types;
};

const proceed = async (page: Page) => {
  await page.goto('/donate');
  await expect(page.getByRole('heading', { name: 'Before you donate' })).toBeVisible();
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Your donation' })).toBeFocused();
};

test.describe('the donate page', () => {
  test('shows the agreement first; proceeding reveals the donation view, which stays', async ({ page }) => {
    await page.goto('/donate');
    await expect(page.getByRole('heading', { level: 2, name: 'Donate' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Donations are not refundable.' })).toBeVisible();
    await expect(page.getByLabel('Character name')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'I agree, proceed' }).click();
    await expect(page.getByRole('heading', { name: 'Your donation' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Before you donate' })).toHaveCount(0);
    await expect(page.getByText('Every €1.00 donated brings 100 Coin of Luck to your character.')).toBeVisible();
    await expect(page.getByLabel('Amount (EUR)')).toHaveValue('10');
    await expect(page.getByText('Your character receives 1,000 Coin of Luck.')).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your donation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'I agree, proceed' })).toHaveCount(0);
  });

  test('checks the character first and posts the PayPal form only for one that exists', async ({ page }) => {
    const posts = await interceptPaypal(page);
    const refs = refUpdates(page);
    await proceed(page);

    await page.getByLabel('Character name').fill('NoSuchHeroAnywhere');
    await page.getByLabel('Amount (EUR)').fill('12,50');
    await expect(page.getByText('Your character receives 1,250 Coin of Luck.')).toBeVisible();
    await page.getByRole('button', { name: 'Donate' }).click();
    const failure = page.getByRole('dialog', { name: 'Donation not started' });
    await expect(failure).toContainText('There is no character with this name.');
    await expectAccessible(page);
    await failure.getByRole('button', { name: 'OK' }).click();
    expect(posts).toEqual([]);
    expect(refs).toEqual([]);

    await page.getByLabel('Character name').fill('demoknight');
    const donated = page.waitForRequest((request) => new URL(request.url()).pathname === '/sdk/updateref');
    await page.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL(PAYPAL_FORM);
    await expect(page.getByRole('heading', { name: 'PayPal checkout' })).toBeVisible();
    await donated;
    expect(refs).toEqual(['donated']);

    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.method()).toBe('POST');
    const form = Object.fromEntries(new URLSearchParams(post.postData() ?? ''));
    const site = test.info().project.use.baseURL;
    expect(form).toEqual({
      cmd: '_donations',
      business: 'donations@example.com',
      item_name: 'Donation Coins',
      currency_code: 'EUR',
      notify_url: `${site}/payments/paypal/ipn`,
      return: `${site}/donate?payment=complete`,
      cancel_return: `${site}/donate?payment=cancelled`,
      no_shipping: '1',
      rm: '1',
      charset: 'utf-8',
      amount: '12.50',
      custom: 'demoknight',
    });
  });

  test('refuses an empty name and amounts outside the limits before asking anything', async ({ page }) => {
    const posts = await interceptPaypal(page);
    let checks = 0;
    page.on('request', (request) => {
      if (request.url().includes('/sdk/ischaracterexist')) checks += 1;
    });
    await proceed(page);
    const amount = page.getByLabel('Amount (EUR)');
    await amount.fill('0.50');
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByText('Please enter the character name.')).toBeVisible();
    await expect(page.getByText('Donations are from €1.00 to €500.00.')).toBeVisible();
    await expect(page.getByLabel('Character name')).toBeFocused();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('ten');
    await expect(page.getByText('Enter the amount as a number, such as 10 or 12.50.')).toBeVisible();
    await expect(page.getByText(/Your character receives/)).toHaveCount(0);
    await expectAccessible(page);
    expect(checks).toBe(0);
    expect(posts).toEqual([]);
  });

  test('shows ServerError and stays when the character check fails', async ({ page }) => {
    const posts = await interceptPaypal(page);
    await page.route('**/sdk/ischaracterexist?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '["ServerError"]' }),
    );
    await proceed(page);
    await page.getByLabel('Character name').fill('DemoKnight');
    await page.getByRole('button', { name: 'Donate' }).click();
    const failure = page.getByRole('dialog', { name: 'Donation not started' });
    await expect(failure).toContainText('Something went wrong on our side.');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: 'Donate' })).toBeEnabled();
    expect(posts).toEqual([]);
  });

  test('thanks the donor back from PayPal, and says so when the payment was cancelled', async ({ page }) => {
    await page.goto('/donate?payment=complete');
    await expect(page.getByRole('status')).toContainText('Thank you for your donation!');
    await expectAccessible(page);
    await page.goto('/donate?payment=cancelled');
    await expect(page.getByRole('status')).toContainText('The payment was cancelled and nothing was charged.');
  });

  test('speaks the visitor’s language', async ({ page }) => {
    await page.goto('/ru/pozhertvovaniya');
    await page.getByRole('button', { name: 'Я согласен, продолжить' }).click();
    await expect(page.getByLabel('Сумма (EUR)')).toBeVisible();
    await expect(page.getByText(/^Ваш персонаж получит: Монета Удачи × 1\s000\.$/)).toBeVisible();
  });

  test('labels the two steps and shows PayPal as the payment method', async ({ page }) => {
    await page.goto('/donate');
    const steps = page.getByRole('list', { name: 'Donation steps' });
    await expect(steps.getByRole('listitem')).toHaveText([
      'Step 1 of 2: agreement',
      'Step 2 of 2: amount and character',
    ]);
    await expect(steps.locator('[aria-current="step"]')).toHaveText('Step 1 of 2: agreement');
    await page.getByRole('button', { name: 'I agree, proceed' }).click();
    await expect(steps.locator('[aria-current="step"]')).toHaveText('Step 2 of 2: amount and character');
    await expect(page.getByText('Payment method: PayPal')).toBeVisible();
    // No contact is set on this instance: nothing is shown for it.
    await expect(page.getByText('Questions about a payment?')).toHaveCount(0);
  });

  test('an amount button sets the amount and the coins it brings, from the keyboard too', async ({ page }) => {
    await proceed(page);
    const amounts = page.getByRole('group', { name: 'Choose an amount' });
    await expect(amounts.getByRole('button')).toHaveText(['€5.00', '€10.00', '€20.00', '€50.00', 'Other amount']);
    await expect(amounts.getByRole('button', { name: '€10.00' })).toHaveAttribute('aria-pressed', 'true');
    const amount = page.getByLabel('Amount (EUR)');

    await amounts.getByRole('button', { name: '€20.00' }).click();
    await expect(amount).toHaveValue('20');
    await expect(page.getByText('Your character receives 2,000 Coin of Luck.')).toBeVisible();
    await expect(amounts.getByRole('button', { name: '€20.00' })).toHaveAttribute('aria-pressed', 'true');
    await expect(amounts.getByRole('button', { name: '€10.00' })).toHaveAttribute('aria-pressed', 'false');

    await amounts.getByRole('button', { name: '€50.00' }).focus();
    await page.keyboard.press('Enter');
    await expect(amount).toHaveValue('50');
    await expect(page.getByText('Your character receives 5,000 Coin of Luck.')).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(amounts.getByRole('button', { name: '€20.00' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(amount).toHaveValue('10');

    // "Other amount" hands the field over, its text selected: typing replaces it.
    await amounts.getByRole('button', { name: 'Other amount' }).focus();
    await page.keyboard.press('Enter');
    await expect(amount).toBeFocused();
    await page.keyboard.type('7.5');
    await expect(amount).toHaveValue('7.5');
    await expect(page.getByText('Your character receives 750 Coin of Luck.')).toBeVisible();
    await expect(amounts.getByRole('button', { name: 'Other amount' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
  });

  // The home instance takes PayPal Orders without the app's credentials: donations are not open.
  test.describe('while payments are not set up, with a contact for payment questions', () => {
    test.use({ baseURL: INSTANCES.home });

    test('says so on the first step, with no form that cannot finish, and shows the contact', async ({ page }) => {
      await page.goto('/donate');
      await waitForScript(page);
      await expect(
        page.getByText('Donations open soon: payments are not set up on this server yet. Please check back later.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'I agree, proceed' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Donate/ })).toHaveCount(0);
      await expect(
        page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Donate/ }),
      ).toContainText('opens soon');
      const question = page.getByText('Questions about a payment? Contact us:');
      await expect(question).toBeVisible();
      await expect(question.getByRole('link', { name: 'payments@gatekeeper.test' })).toHaveAttribute(
        'href',
        'mailto:payments@gatekeeper.test',
      );
      await expectAccessible(page);
    });
  });
});
