import { expect, test } from '@playwright/test';
import { queryDatabase } from './support/database';
import { expectAccessible, waitForShell } from './support/fixtures';
import { keepPicture } from './support/pictures';

/** Clan pages (docs/product.md#clan-page) on a phone and a desktop. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1920, height: 1080 } },
] as const;

/** The demo world's strongest clan that wears a crest, and its leader. */
const crestedClan = () => {
  const clan = queryDatabase<{ name: string; leader: string; members: number }>(
    `SELECT clan_name AS name, c.char_name AS leader,
       (SELECT COUNT(*) FROM characters m WHERE m.clanid = clan_data.clan_id AND m.deletetime = 0) AS members
     FROM clan_data LEFT JOIN characters c ON c.charId = clan_data.leader_id
     WHERE crest_id > 0 ORDER BY clan_level DESC, reputation_score DESC, clan_name LIMIT 1`,
  );
  if (!clan) throw new Error('the demo world has no clan with a crest');
  return clan;
};

for (const size of SIZES) {
  test.describe(`clan pages on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a clan reached from the Clans ranking: facts, crest and members', async ({ page }) => {
      const clan = crestedClan();
      await page.goto('/statistics/clans');
      await waitForShell(page);
      const find = page.getByRole('searchbox', { name: 'Find a clan' });
      await find.fill(clan.name);
      await find.press('Enter');
      await page
        .getByRole('table')
        .getByRole('link', { name: clan.name, exact: true })
        .filter({ visible: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/clan/${clan.name}$`));
      await expect(page.getByRole('heading', { level: 2, name: clan.name, exact: true })).toBeVisible();

      const crest = page.getByRole('img', { name: `Crest of the ${clan.name} clan` });
      await expect(crest).toBeVisible();
      // The crest is the server's PNG of the game's DDS, drawn (not the broken-image box).
      await expect.poll(() => crest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

      await expect(page.getByRole('definition').filter({ hasText: clan.leader }).first()).toBeVisible();
      const members = page.getByRole('table', { name: new RegExp(`^Members of ${clan.name}`) });
      await expect(members.getByRole('row')).toHaveCount(clan.members + 1);
      await expect(members.getByRole('rowheader').first()).toContainText(clan.leader);
      await expectAccessible(page);
      await keepPicture(page, `test-results/world-clan-${size.name}.png`, { fullPage: true });

      await page.getByRole('link', { name: 'All clans' }).click();
      await expect(page).toHaveURL(/\/statistics\/clans$/);
    });
  });
}

test('a character ranking links each clan to its page', async ({ page }) => {
  await page.goto('/statistics/kills');
  await waitForShell(page);
  const link = page.getByRole('table').getByRole('link').filter({ visible: true }).first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: new RegExp(`^Members of ${name}`) })).toBeVisible();
});

test('a clan page holds its rows without the script, and an unknown clan is not found', async ({ request }) => {
  const clan = crestedClan();
  const response = await request.get(`/clan/${clan.name.toLowerCase()}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`>${clan.leader}<`);
  expect(html).toMatch(/<img[^>]+class="clan-crest"[^>]+src="\/clan-crest\.png\?id=\d+"/);
  expect(html).toContain(`<link rel="canonical" href="http://`);
  const ru = await request.get(`/ru/klan/${encodeURIComponent(clan.name)}`);
  expect(await ru.text()).toContain('Состав клана');
  const unknown = await request.get('/clan/NoSuchClanHere');
  expect(unknown.status()).toBe(404);
});

test('a clan page opened directly takes over its pre-rendered HTML without drawing it again', async ({ page }) => {
  const clan = crestedClan();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`/es/clan/${clan.name}`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 2, name: clan.name, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: new RegExp(`^Miembros de ${clan.name}`) })).toBeVisible();
  await expect(page.getByRole('img', { name: `Emblema del clan ${clan.name}` })).toBeVisible();
  expect(errors.filter((text) => text.includes('rendered again'))).toEqual([]);
});
