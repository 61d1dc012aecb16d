import { type Page, expect, test } from '@playwright/test';
import { expectAccessible, waitForShell } from './support/fixtures';
import { keepPicture } from './support/pictures';

/** The World section (docs/product.md#world) on a phone and a desktop. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1920, height: 1080 } },
] as const;

/** The top menu's World link: behind the menu button on a phone. */
const openWorldFromMenu = async (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const toggle = nav.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) await toggle.click();
  await nav.getByRole('link', { name: 'World' }).click();
};

for (const size of SIZES) {
  test.describe(`the World section on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the top menu leads to the Bosses page, marked as the section', async ({ page }) => {
      await page.goto('/');
      await waitForShell(page);
      await openWorldFromMenu(page);
      await expect(page).toHaveURL(/\/world\/bosses$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Bosses' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await expect(nav.getByRole('link', { name: 'World', includeHidden: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('the Bosses page lists grand and raid bosses of the demo world, alive and dead', async ({ page }) => {
      await page.goto('/world/bosses');
      await waitForShell(page);
      const grand = page.getByRole('region', { name: 'Grand bosses' });
      const raid = page.getByRole('region', { name: 'Raid bosses' });
      await expect(grand.getByRole('rowheader', { name: 'Antharas' })).toBeVisible();
      await expect(raid.getByRole('rowheader', { name: 'Greyclaw Kutus' })).toBeVisible();
      for (const table of [grand, raid]) {
        await expect(table.getByText('Alive').first()).toBeVisible();
        await expect(table.getByText('Dead').first()).toBeVisible();
      }
      // The default setting tells no respawn moment; a dead raid boss tells the delays it returns within.
      await expect(page.getByText(/Back (on|at)/)).toHaveCount(0);
      const deadRaid = raid.getByRole('row').filter({ hasText: 'Dead' }).first();
      await expect(deadRaid).toContainText(/Respawn after death: \d+–\d+ hours/);
      // Both tables: the same columns, each in the same place.
      const headers = [grand, raid].map((table) => table.getByRole('columnheader'));
      for (const header of headers) await expect(header).toHaveText(['Boss', 'Level', 'Status']);
      const levelAt = await Promise.all(headers.map(async (header) => (await header.nth(1).boundingBox())!.x));
      expect(levelAt[0]).toBe(levelAt[1]);
      const antharas = grand.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Antharas' }) });
      await expect(antharas.getByRole('cell').first()).toHaveText('79');
      await expectAccessible(page);
      await keepPicture(page, `test-results/world-bosses-${size.name}.png`, { fullPage: true });
    });
  });
}
