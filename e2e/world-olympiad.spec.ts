import { CLASS_NAMES } from '@gatekeeper/contract';
import { type Page, expect, test } from '@playwright/test';
import { queryDatabase } from './support/database';
import { expectAccessible, waitForShell } from './support/fixtures';
import { keepPicture } from './support/pictures';

/** The World section's Olympiad page (docs/product.md#olympiad) on a phone and a desktop. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1920, height: 1080 } },
] as const;

/**
 * The demo world's best noble of the last class id that has nobles, in the game's order, leaving
 * out whom the rankings leave out (GMs, banned accounts, characters pending deletion).
 */
const bestNoble = () => {
  const row = queryDatabase<{ classId: number; name: string; points: number }>(
    `SELECT n.class_id AS classId, c.char_name AS name, n.olympiad_points AS points
       FROM olympiad_nobles n
       JOIN characters c ON c.charId = n.charId
       JOIN accounts a ON a.login = c.account_name
      WHERE COALESCE(c.accesslevel, 0) = 0 AND COALESCE(c.deletetime, 0) = 0 AND a.accessLevel >= 0
      ORDER BY n.class_id DESC, n.olympiad_points DESC, n.competitions_done DESC, n.competitions_won DESC, c.char_name
      LIMIT 1`,
  );
  if (!row) throw new Error('the demo world has no noble');
  return { ...row, className: CLASS_NAMES[row.classId] ?? '' };
};

/** A hero of the last period in the demo world, with the clan's name ('' without one). */
const aHero = () => {
  const row = queryDatabase<{ name: string; classId: number; clan: string | null }>(
    `SELECT c.char_name AS name, h.class_id AS classId, d.clan_name AS clan
       FROM heroes h
       JOIN characters c ON c.charId = h.charId
       LEFT JOIN clan_data d ON d.clan_id = c.clanid
      WHERE h.played = 1 AND COALESCE(c.accesslevel, 0) = 0 AND COALESCE(c.deletetime, 0) = 0 AND d.clan_name IS NOT NULL
      ORDER BY h.class_id
      LIMIT 1`,
  );
  if (!row) throw new Error('the demo world has no hero in a clan');
  return { ...row, className: CLASS_NAMES[row.classId] ?? '' };
};

const openOlympiad = async (page: Page) => {
  await page.goto('/world/bosses');
  await waitForShell(page);
  await page.getByRole('navigation', { name: 'World' }).getByRole('link', { name: 'Olympiad' }).click();
  await expect(page).toHaveURL(/\/world\/olympiad$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Olympiad' })).toBeVisible();
};

for (const size of SIZES) {
  test.describe(`the Olympiad page on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the World tabs lead to it; it tells when the period ends', async ({ page }) => {
      await openOlympiad(page);
      await expect(page.getByText(/^Period 12 ends on .+ UTC\.$/)).toBeVisible();
    });

    test("every class's leader comes first; a class chosen there shows its standings below", async ({ page }) => {
      const best = bestNoble();
      await page.goto('/world/olympiad');
      await waitForShell(page);
      const leaders = page.getByRole('region', { name: 'Class leaders' });
      const row = leaders
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `${best.className}: show the standings` }) });
      await expect(row.getByRole('cell').nth(0)).toContainText(best.name);
      await expect(row.getByRole('cell').nth(1)).toHaveText(String(best.points));
      const standings = page.getByRole('region', { name: 'Standings of the current period' });
      const [leadersBox, standingsBox] = await Promise.all([leaders.boundingBox(), standings.boundingBox()]);
      expect(leadersBox!.y).toBeLessThan(standingsBox!.y);

      await row.getByRole('button').click();
      await expect(
        standings.getByRole('table', { name: `${best.className}: the best nobles of the current period` }),
      ).toBeVisible();
      await expect(standings.getByRole('combobox', { name: 'Class' })).toBeFocused();
    });

    test('a class chosen in the select shows its nobles best first, and the heroes have their class and clan', async ({
      page,
    }) => {
      const best = bestNoble();
      const hero = aHero();
      await page.goto('/world/olympiad');
      await waitForShell(page);
      const standings = page.getByRole('region', { name: 'Standings of the current period' });
      const select = standings.getByRole('combobox', { name: 'Class' });
      await expect(select).toBeVisible();
      expect(await select.locator('option').count()).toBeGreaterThan(5);

      await select.selectOption({ label: best.className });
      const table = standings.getByRole('table', { name: `${best.className}: the best nobles of the current period` });
      await expect(table).toBeVisible();
      const first = table.getByRole('row').nth(1);
      await expect(first.getByRole('rowheader')).toContainText(best.name);
      await expect(first.getByRole('cell').nth(0)).toHaveText('1');
      await expect(first.getByRole('cell').nth(1)).toHaveText(String(best.points));

      // Keyboard: the select takes the focus and the arrow keys choose another class.
      await select.focus();
      await page.keyboard.press('ArrowUp');
      await expect(standings.getByRole('table', { name: new RegExp(`^${best.className}:`) })).toHaveCount(0);

      const heroes = page.getByRole('region', { name: 'Heroes of the last period' });
      // The clan: its own column on a desktop, under the name (in the row header) on a phone.
      const phone = size.name === 'phone';
      const heroName = phone ? `${hero.name} ${hero.clan}` : hero.name;
      const heroRow = heroes
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: heroName, exact: true }) });
      await expect(heroRow.getByRole('cell').nth(0)).toHaveText(hero.className);
      if (phone) await expect(heroRow.getByRole('cell')).toHaveCount(1);
      else await expect(heroRow.getByRole('cell').nth(1)).toHaveText(hero.clan ?? '');

      await select.selectOption({ label: best.className });
      // Nothing scrolls sideways, on a phone either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
      await expectAccessible(page);
      await keepPicture(page, `test-results/world-olympiad-${size.name}.png`, { fullPage: true });
      await keepPicture(standings, `test-results/world-olympiad-standings-${size.name}.png`);
    });
  });
}
