import { type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { expectAccessible, waitForShell } from './support/fixtures';

/**
 * docs/product.md#online: the Online page of the demo world (its first run samples eight days of
 * minutes and a year of hours), at a phone's and a desktop's width.
 */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1920, height: 1080 } },
];

// The instance whose login and game ports answer: the sampler's own probes of the last day find both
// servers up too, however long the suite has run before this spec.
test.use({ baseURL: INSTANCES.online });

// The widths are set here, so one project is enough.
test.skip(() => test.info().project.name !== 'desktop-1920', 'the widths are set by the spec itself');

const chartOf = (page: Page) => page.getByTestId('online-chart');

/** uPlot drew the chart: its canvas has the box's width and pixels that are not blank. */
const expectDrawn = async (page: Page) => {
  const canvas = chartOf(page).locator('canvas');
  await expect(canvas).toBeVisible();
  const box = (await chartOf(page).boundingBox())!;
  const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d')!;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
    return { painted, width: element.getBoundingClientRect().width };
  });
  expect(drawn.painted).toBeGreaterThan(500);
  expect(Math.abs(drawn.width - box.width)).toBeLessThanOrEqual(2);
};

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('the chart of the last day is drawn, with the peak and both uptimes', async ({ page }) => {
      await page.goto('/statistics/online');
      await waitForShell(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Online' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Day' })).toHaveAttribute('aria-selected', 'true');
      await expectDrawn(page);
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByText(/^\d+ online on /)).toBeVisible();
      // Both servers answered (nearly) every probe of the last day: the demo's outage was three days ago.
      await expect(panel.getByText(/^(99(\.\d+)?|100)%$/)).toHaveCount(2);
      // No page wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
    });

    test('the periods switch by keyboard, and the table says what the chart draws', async ({ page }) => {
      await page.goto('/statistics/online');
      await waitForShell(page);
      await expectDrawn(page);
      await page.getByRole('tab', { name: 'Day' }).focus();
      await page.keyboard.press('ArrowRight');
      const week = page.getByRole('tab', { name: 'Week' });
      await expect(week).toHaveAttribute('aria-selected', 'true');
      await expect(week).toBeFocused();
      await expectDrawn(page);
      await page.keyboard.press('End');
      await expect(page.getByRole('tab', { name: 'Year' })).toHaveAttribute('aria-selected', 'true');
      await expectDrawn(page);
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Day' })).toHaveAttribute('aria-selected', 'true');

      // The year as a table: one row per month, under a caption a screen reader reads.
      await page.keyboard.press('End');
      await page.getByText('Show as a table').click();
      const table = page.getByRole('table', { name: 'Players online in the last year, by month' });
      await expect(table).toBeVisible();
      expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(12);
    });

    test('reached from the statistics tabs and the menu section', async ({ page }) => {
      await page.goto('/statistics/kills');
      await waitForShell(page);
      await page.getByRole('navigation', { name: 'Statistics' }).getByRole('link', { name: 'Online' }).click();
      await expect(page).toHaveURL(/\/statistics\/online$/);
      await expectDrawn(page);
    });
  });
}

test('in Russian the page is written in Russian', async ({ page }) => {
  await page.goto('/ru/statistika/onlain');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Онлайн' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Неделя' })).toBeVisible();
  await expectDrawn(page);
});
