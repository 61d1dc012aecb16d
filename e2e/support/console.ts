import { type Page, expect } from '@playwright/test';

/**
 * Opens a console section from its navigation, as a staff member does: on a phone the sections
 * are behind the menu button. The section's name becomes the page's heading and its address the
 * page's (docs/product.md#console).
 */
export const openConsoleSection = async (page: Page, name: string) => {
  // The console's frame puts the sections behind the menu up to 900 px wide (console-shell.css).
  if ((page.viewportSize()?.width ?? 0) <= 900) {
    const menu = page.getByRole('button', { name: 'Sections' });
    await expect(menu).toBeVisible();
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
};

/** The console's navigation, once stepped up (its links are behind the menu button on a phone). */
export const consoleSections = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
