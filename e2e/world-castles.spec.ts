import { expect, test } from '@playwright/test';
import { expectAccessible, waitForShell } from './support/fixtures';
import { keepPicture } from './support/pictures';

/** The Castles page of the World section (docs/product.md#castles) on a phone and a desktop. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1920, height: 1080 } },
] as const;

for (const size of SIZES) {
  test.describe(`the Castles page on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the World tabs lead from Bosses to Castles', async ({ page }) => {
      await page.goto('/world/bosses');
      await waitForShell(page);
      const tabs = page.getByRole('navigation', { name: 'World', exact: true });
      await tabs.getByRole('link', { name: 'Castles', exact: true }).click();
      await expect(page).toHaveURL(/\/world\/castles$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Castles' })).toBeVisible();
      await expect(tabs.getByRole('link', { name: 'Castles', exact: true })).toHaveAttribute('aria-current', 'page');
    });

    test("lists the demo world's castles, owned and not, with both sides of a siege", async ({ page }) => {
      await page.goto('/world/castles');
      await waitForShell(page);
      const gludio = page.getByRole('article', { name: 'Gludio' });
      const dion = page.getByRole('article', { name: 'Dion' });
      for (const name of ['Gludio', 'Dion', 'Giran', 'Oren', 'Aden', 'Innadril', 'Goddard', 'Rune', 'Schuttgart'])
        await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
      // Gludio: held by a clan in an alliance, three attackers, two approved defenders (a third waits).
      const fact = (castle: typeof gludio, name: string) =>
        castle.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd[1]');
      await expect(fact(gludio, 'Owner')).not.toHaveText('No owner');
      await expect(fact(gludio, 'Alliance')).not.toHaveText('No alliance');
      await expect(fact(gludio, 'Tax')).toHaveText('10%');
      await expect(fact(gludio, 'Next siege')).toHaveText(/\d{4}.*UTC$/);
      await expect(fact(gludio, 'Attackers').getByRole('listitem')).toHaveCount(3);
      await expect(fact(gludio, 'Defenders').getByRole('listitem')).toHaveCount(2);
      // Dion: no owner, attackers against the castle's own guards.
      await expect(fact(dion, 'Owner')).toHaveText('No owner');
      await expect(dion.getByRole('term').filter({ hasText: 'Alliance' })).toHaveCount(0);
      await expect(fact(dion, 'Attackers').getByRole('listitem')).toHaveCount(2);
      await expect(fact(dion, 'Defenders')).toHaveText('No clan registered');
      // The treasury stays private unless the owner sets world.castleTreasury.
      await expect(page.getByRole('term').filter({ hasText: 'Treasury' })).toHaveCount(0);
      await expectAccessible(page);
      await keepPicture(page, `test-results/world-castles-${size.name}.png`, { fullPage: true });
      await keepPicture(gludio, `test-results/world-castles-gludio-${size.name}.png`);
    });
  });
}

test('the Castles page speaks Russian at its Russian address, dates included', async ({ page }) => {
  await page.goto('/ru/mir/zamki');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Замки' })).toBeVisible();
  // The castles carry the Russian client's names.
  const gludio = page.getByRole('article', { name: 'Глудио' });
  const siege = gludio
    .getByRole('term')
    .filter({ hasText: 'Следующая осада' })
    .locator('xpath=following-sibling::dd[1]');
  // A Russian weekday and month (суббота, ноября…), then the time in UTC.
  await expect(siege).toHaveText(/[а-я]+.*\d{4}.*UTC$/);
  await expect(page.getByRole('article', { name: 'Дион' })).toContainText('Нет владельца');
});
