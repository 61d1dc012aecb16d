import { type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { solveCaptcha } from './support/captcha';
import { queryDatabase, uniqueName } from './support/database';
import { expectAccessible, waitForShell } from './support/fixtures';

const askForLink = async (page: Page, username: string, email: string, charName = '') => {
  await page.goto('/referral');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  if (charName) await page.getByLabel('Reward character (optional)').fill(charName);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Get my link' }).click();
};

const LINK = new RegExp(`^${INSTANCES.default.replace(/[.]/g, '\\.')}/\\?ref=([a-z2-9]{12})$`);

test.describe('referral page', () => {
  test('gives the account its link in a dialog, to copy, and the same link again', async ({ page }) => {
    await askForLink(page, 'demoplayer', 'DemoPlayer@example.com', 'DemoKnight');
    const dialog = page.getByRole('dialog', { name: 'Your link is ready' });
    await expect(dialog).toContainText('Your referral link:');
    const link = (await dialog.locator('code').innerText()).trim();
    expect(link).toMatch(LINK);
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByLabel('Username')).toHaveValue('');

    await askForLink(page, 'DemoPlayer', 'demoplayer@example.com');
    await expect(page.getByRole('dialog', { name: 'Your link is ready' }).locator('code')).toHaveText(link);
  });

  test('says why there is no link: a username and email that do not belong together, an empty form', async ({
    page,
  }) => {
    await askForLink(page, 'demoplayer', 'demotrader@example.com');
    const refused = page.getByRole('dialog', { name: 'No referral link' });
    await expect(refused).toContainText('This username and email do not belong to the same account.');
    await refused.getByRole('button', { name: 'OK' }).click();

    // The refusal keeps what was typed: only the captcha is asked for again.
    await expect(page.getByLabel('Username')).toHaveValue('demoplayer');
    await page.getByRole('button', { name: 'Get my link' }).click();
    const again = page.getByRole('dialog', { name: 'No referral link' });
    await expect(again).toContainText('Please complete the captcha.');
    await expect(again).not.toContainText('Some fields are not filled in correctly');
    await again.getByRole('button', { name: 'OK' }).click();
    // The page behind a modal dialog is inert: filling it before the dialog has gone does nothing.
    await expect(again).toBeHidden();

    await page.getByLabel('Username').fill('');
    await page.getByRole('button', { name: 'Get my link' }).click();
    const invalid = page.getByRole('dialog', { name: 'No referral link' });
    await expect(invalid).toContainText('Some fields are not filled in correctly');
    await invalid.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Please enter your username.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a link opened on any page brings a visitor whose registration counts for the referrer', async ({
    page,
    browser,
  }) => {
    // Two browsers, two captchas and a registration: more than one page's worth of time.
    test.slow();
    await askForLink(page, 'demotrader', 'demotrader@example.com');
    const link = (await page.getByRole('dialog', { name: 'Your link is ready' }).locator('code').innerText()).trim();
    const code = LINK.exec(link)?.[1] ?? '';

    // The friend: another browser, who arrives on the downloads page through the link.
    const friend = await browser.newContext();
    try {
      const friendPage = await friend.newPage();
      const visit = friendPage.waitForResponse((response) => response.url().endsWith('/sdk/addvisitor'));
      await friendPage.goto(`/downloads?ref=${code}`);
      await waitForShell(friendPage);
      expect((await visit).status()).toBe(204);
      await expect(friendPage).toHaveURL(`${INSTANCES.default}/downloads`);
      const cookie = (await friend.cookies()).find((c) => c.name === 'ref');
      expect(cookie?.httpOnly).toBe(true);

      const username = uniqueName('Friend');
      await friendPage.goto('/register');
      await friendPage.getByLabel('Username').fill(username);
      await friendPage.getByLabel('New password', { exact: true }).fill('Aden.Gate1');
      await friendPage.getByLabel('Repeat the new password').fill('Aden.Gate1');
      await friendPage.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
      await friendPage.getByLabel('Repeat the email').fill(`${username}@example.com`);
      await solveCaptcha(friendPage);
      await friendPage.getByRole('button', { name: 'Create account' }).click();
      await expect(friendPage.getByRole('dialog', { name: 'Registration complete' })).toBeVisible();

      expect(
        queryDatabase<{ code: string; playing_at: number | null }>(
          'select code, playing_at from site_referral_accounts where login = ?',
          username.toLowerCase(),
        ),
      ).toEqual({ code, playing_at: null });
    } finally {
      await friend.close();
    }
  });
});
