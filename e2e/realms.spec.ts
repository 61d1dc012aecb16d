import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { INSTANCES, SECOND_REALM_DATABASE_FILE } from '../playwright.config';
import { dialog, expectSignedIn, openAccount, openTab, signIn } from './support/account';
import { expectAccessible, waitForScript } from './support/fixtures';
import { SIZES, type Size } from './support/sizes';

/**
 * Realms (decision 049) on the realms instance: two game servers on one login database, the
 * second ("Sieghardt x50", slug x50) on a game database of its own. At a phone's 390 px and at
 * 1920 px: a shared ranking link of the second realm lands on it with its rows in the HTML, My
 * account lists the characters of both realms, and a character of the second realm is unblocked.
 */
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

/** A row of the second realm's own game database. */
const secondRealmRow = <T>(sql: string, ...params: unknown[]): T | undefined => {
  const db = new Database(SECOND_REALM_DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
};

const SIZES_SEEN: Size[] = ['phone', 'desktop'];
for (const size of SIZES_SEEN) {
  test.describe(`realms (${size})`, () => {
    test.use({ baseURL: INSTANCES.realms, ...SIZES[size] });

    test("a ranking link of the second realm lands on it, its rows in the page's HTML", async ({ page, request }) => {
      const rows = (await (await request.get('/sdk/getscorestatistics?realm=x50')).json()) as { name: string }[];
      const first = (await (await request.get('/sdk/getscorestatistics')).json()) as { name: string }[];
      const top = rows[0]?.name;
      expect(top).toBeDefined();
      expect(rows.map((row) => row.name)).not.toEqual(first.map((row) => row.name));

      // The HTML as a fresh browser gets it carries the second realm's rows, and its own addresses.
      const html = await (await request.get('/x50/statistics/score')).text();
      expect(html).toContain(`>${top}<`);
      expect(html).toContain(`<link rel="canonical" href="${INSTANCES.realms}/x50/statistics/score" />`);
      expect(html).toContain(`hreflang="ru" href="${INSTANCES.realms}/ru/x50/statistika/ochki"`);
      expect(html).toContain(`<meta property="og:url" content="${INSTANCES.realms}/x50/statistics/score" />`);

      await page.goto('/x50/statistics/score');
      const switcher = page.getByRole('navigation', { name: 'Game servers' });
      await expect(switcher.getByRole('link', { name: 'Sieghardt x50' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(top!);
      await waitForScript(page);
      await expectAccessible(page);

      // The switcher leads to the first realm's page at today's address, and back.
      await switcher.getByRole('link', { name: 'Bartz x5' }).click();
      await expect(page).toHaveURL(`${INSTANCES.realms}/statistics/score`);
      await expect(switcher.getByRole('link', { name: 'Bartz x5' })).toHaveAttribute('aria-current', 'page');
      await switcher.getByRole('link', { name: 'Sieghardt x50' }).click();
      await expect(page).toHaveURL(`${INSTANCES.realms}/x50/statistics/score`);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(top!);
    });

    test('My account lists the characters of both realms; a character of the second realm is unblocked', async ({
      page,
    }) => {
      await openAccount(page);
      await signIn(page, 'demoplayer', 'Demo.Pass1');
      await expectSignedIn(page, 'demoplayer');
      await openTab(page, 'Characters');
      const panel = page.getByRole('tabpanel');
      const low = panel.getByRole('region', { name: 'Characters on Bartz x5' });
      const high = panel.getByRole('region', { name: 'Characters on Sieghardt x50' });
      await expect(low.getByRole('heading', { name: /DemoKnight/ })).toBeVisible();
      await expect(high.getByRole('heading', { name: /SiegeKnight/ })).toBeVisible();
      await expect(low.getByRole('heading', { name: /SiegeKnight/ })).toHaveCount(0);
      await expectAccessible(page);

      // Away from town, then unblocked from My account: moved in the second realm's database.
      const knight = high.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /SiegeKnight/ }) });
      await knight.getByRole('button', { name: 'Unblock character' }).click();
      await expect(dialog(page)).toContainText('Character unblocked');
      const moved = secondRealmRow<{ x: number; y: number }>(
        "SELECT x, y FROM characters WHERE char_name = 'SiegeKnight'",
      );
      // Giran's safe spot (accounts.unstuckTown's default).
      expect(moved).toEqual({ x: 83_400, y: 147_943 });
    });
  });
}
