import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Solves the ALTCHA widget as a visitor does: scrolled to and touched (the widget is made when the
 * player starts on the form), a click, then the browser's proof of work.
 */
export const solveCaptcha = async (page: Page, within: Page | Locator = page) => {
  const captcha = within.getByRole('group', { name: 'Prove you are human' });
  await captcha.scrollIntoViewIfNeeded();
  await captcha.dispatchEvent('pointerdown');
  await captcha.getByText("I'm not a robot").click();
  await expect(captcha.getByText('Verified')).toBeVisible({ timeout: 20_000 });
};
