import { type Locator, type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { expectAccessible, waitForShell } from './support/fixtures';

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const referralBanner = (page: Page) =>
  page
    .locator('header')
    .getByRole('link', { name: /./ })
    .filter({ has: page.locator('.referral-banner__title') });

test.describe('links to what is not open', () => {
  test('no community chat, Discord or features link where the owner has set none', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quickLinks.getByRole('link')).toHaveCount(3);
    await expect(quickLinks.getByRole('link', { name: /Community chat/ })).toHaveCount(0);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: /Discord/ })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: /Features/ })).toHaveCount(0);
    // The quick links' icons are drawn, and silent beside their text.
    await expect(quickLinks.locator('svg[aria-hidden="true"]')).toHaveCount(3);
    await expectAccessible(page);
  });

  test.describe('where the owner has set them', () => {
    test.use({ baseURL: INSTANCES.home });
    test('the community links, and no stream registration without a Facebook app', async ({ page }) => {
      await page.goto('/');
      await waitForShell(page);
      const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
      await expect(quickLinks.getByRole('link', { name: /Community chat/ })).toHaveAttribute(
        'href',
        'https://t.me/gatekeeper_l2',
      );
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const toggle = menu.getByRole('button', { name: 'Menu' });
      if (await toggle.isVisible()) await toggle.click();
      await expect(menu.getByRole('link', { name: /Discord/ })).toHaveAttribute(
        'href',
        'https://discord.gg/gatekeeper',
      );
      // Links that leave the site open in a new tab, without handing it this page.
      for (const link of [menu.getByRole('link', { name: /Discord/ }), menu.getByRole('link', { name: /Features/ })]) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /noopener/);
      }
      await expect(page.getByRole('link', { name: 'Stream on Facebook and earn in-game rewards' })).toHaveCount(0);
    });
  });
});

test.describe('the referral banner', () => {
  test('is not shown on the referral page itself', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await expect(referralBanner(page)).toBeVisible();
    await referralBanner(page).click();
    await expect(page).toHaveURL(/\/referral$/);
    await expect(page.getByRole('button', { name: 'Get my link' })).toBeVisible();
    await expect(referralBanner(page)).toHaveCount(0);
    await page.reload();
    await waitForShell(page);
    await expect(referralBanner(page)).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    for (const path of ['/', '/ru', '/gr']) {
      test(`keeps its text off its picture and inside the screen (${path})`, async ({ page }) => {
        await page.goto(path);
        await waitForShell(page);
        const banner = referralBanner(page);
        const picture = await box(banner.locator('svg'));
        const frame = await box(banner);
        for (const part of ['.referral-banner__title', '.referral-banner__text']) {
          const text = await box(banner.locator(part));
          expect(overlaps(picture, text), part).toBe(false);
          expect(text.x + text.width).toBeLessThanOrEqual(frame.x + frame.width);
        }
        expect(frame.x + frame.width).toBeLessThanOrEqual(390);
        // No artwork behind the words: its coins would sit under them at this width.
        expect(await banner.evaluate((element) => getComputedStyle(element).backgroundImage)).not.toContain('url(');
        await expectAccessible(page);
      });
    }
  });
});

test.describe('the captcha', () => {
  for (const width of [390, 1280]) {
    test(`is boxed as the inputs are at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/register');
      await waitForShell(page);
      const captcha = page.getByRole('group', { name: 'Prove you are human' });
      await captcha.scrollIntoViewIfNeeded();
      // The widget is made when the player starts on the form: a tap on its place.
      await captcha.dispatchEvent('pointerdown');
      const widgetBox = captcha.locator('.altcha-main');
      await expect(widgetBox).toBeVisible({ timeout: 20_000 });
      const style = (locator: Locator) =>
        locator.evaluate((element) => {
          const css = getComputedStyle(element);
          return {
            border: `${css.borderTopWidth} ${css.borderTopStyle} ${css.borderTopColor}`,
            radius: css.borderTopLeftRadius,
            background: css.backgroundColor,
          };
        });
      expect(await style(widgetBox)).toEqual(await style(page.getByLabel('Username')));
      const input = await box(page.getByLabel('Username'));
      const widget = await box(widgetBox);
      expect(widget.height).toBeGreaterThanOrEqual(input.height);
      expect(widget.height).toBeLessThanOrEqual(input.height + 4);
      await expectAccessible(page);
    });
  }
});
