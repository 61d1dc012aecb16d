import { expect, test } from '@playwright/test';
import { expectAccessible, isWide, waitForScript, waitForShell } from './support/fixtures';

test.describe('the site shell', () => {
  test('shows the header, menus, status lights, referral banner and language bar', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);

    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.height).toBe(780);

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Home', 'News', 'Account tools', 'Downloads', 'Statistics', 'Donate', 'Shop']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // The community links appear only where the owner set them (design-bits.spec.ts, on both instances).

    const lights = page.getByRole('list', { name: 'Server status' });
    await expect(lights.getByText('Login server')).toBeVisible();
    await expect(lights.getByText('Game server')).toBeVisible();

    await expect(page.getByRole('link', { name: /Bring your friends/ })).toHaveAttribute('href', '/referral');

    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quickLinks.getByRole('link', { name: /Create a new account/ })).toHaveAttribute('href', '/register');
    await expect(quickLinks.getByRole('link', { name: /Download files to play/ })).toHaveAttribute(
      'href',
      '/downloads',
    );
    await expect(quickLinks.getByRole('link', { name: /Help the server grow/ })).toHaveAttribute('href', '/donate');

    const languages = page.getByRole('list', { name: 'Choose your language' }).getByRole('button');
    await expect(languages).toHaveCount(6);

    const main = page.getByRole('main');
    expect((await main.boundingBox())?.width).toBeLessThanOrEqual(1000);
    await expectAccessible(page);
  });

  test('shows the right-hand pane only above 1450 px, else the vote panel in the main column', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    const pane = page.getByRole('complementary', { name: 'Server information' });
    const voteInMain = page.getByRole('main').getByRole('heading', { name: 'Vote for us' });
    if (isWide(page)) {
      await expect(pane).toBeVisible();
      await expect(pane.getByText('Chronicle')).toBeVisible();
      await expect(pane.getByText('Interlude')).toBeVisible();
      await expect(pane.getByText('Current event')).toBeVisible();
      await expect(pane.getByRole('img', { name: 'Order 50%, Chaos 50%' })).toBeVisible();
      await expect(pane.getByRole('heading', { name: 'Vote for us' })).toBeVisible();
      await expect(pane.getByRole('heading', { name: 'Community chat' })).toBeVisible();
      await expect(voteInMain).toHaveCount(0);
    } else {
      await expect(pane).toHaveCount(0);
      await expect(voteInMain).toBeVisible();
    }
  });

  test('the page is never wider than 1450 px', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    const body = page.locator('.page__body');
    expect((await body.boundingBox())?.width).toBeLessThanOrEqual(1450);
  });

  test('sends an unknown path to /notfound, keeping its language', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/es/pagina-inexistente');
    await expect(page).toHaveURL(/\/es\/notfound$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectAccessible(page);
  });

  test('the account tabs are links marking the current page, reached with the Tab key', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Account tools', exact: true })
      .click();
    await expect(page).toHaveURL(/\/register$/);
    await waitForScript(page);
    const tabs = page.getByRole('navigation', { name: 'Account tools' });
    await expect(tabs.getByRole('link')).toHaveCount(5);
    await expect(tabs.getByRole('link', { name: 'Register' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Register' }).focus();
    await page.keyboard.press('Tab');
    await expect(tabs.getByRole('link', { name: 'Change password' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(tabs.getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Register' })).not.toHaveAttribute('aria-current');
    await expectAccessible(page);
  });
});
