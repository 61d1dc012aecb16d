import { LANGUAGES, getHref } from '@gatekeeper/contract';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { keepPicture } from './support/pictures';

/** A row header as React writes it in the HTML (names escaped as text; a clan's name is a link to its page). */
const rowHeader = (name: string) =>
  new RegExp(
    `<th scope="row">(<a [^>]*>)?${name
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
  );

/** The pages that carry the answers of their reads (decision 040), with the call each shows. */
const PAGES = [
  { path: '/statistics/kills', call: '/sdk/getkillsstatistics' },
  { path: '/ru/statistika/ubiystva', call: '/sdk/getkillsstatistics' },
  { path: '/statistics/clans', call: '/sdk/getclansstatistics', field: 'clan' },
  { path: '/world/bosses', call: '/sdk/getbosses' },
  { path: '/lt/pasaulis/bosai', call: '/sdk/getbosses' },
] as const;

test.describe('the rows are in the HTML, before any script runs', () => {
  test.skip(({ viewport }) => viewport?.width !== 1920, 'the HTML does not depend on the window');

  for (const { path, call, ...rest } of PAGES) {
    test(`${path} holds the rows ${call} answers`, async ({ request }) => {
      const field = 'field' in rest ? rest.field : 'name';
      const rows = (await (await request.get(call)).json()) as Record<string, string>[];
      expect(rows.length, call).toBeGreaterThan(0);
      const html = await (await request.get(path)).text();
      // The first page of a ranking (25 rows), every boss.
      for (const row of rows.slice(0, 25)) expect(html, `${path}: ${row[field]}`).toMatch(rowHeader(row[field]!));
      expect(html).not.toContain('data-loading');
      expect(html).not.toContain('role="status">Loading');
    });
  }
});

/**
 * Watches, from before the page's first byte, whether a loading state ever shows: the placeholder
 * ranking or a loading notice (a page that hydrated without its rows would flash to one).
 */
const watchLoading = async (page: Page) => {
  await page.addInitScript(() => {
    const seen = ((window as unknown as { sawLoading: string[] }).sawLoading = [] as string[]);
    new MutationObserver(() => {
      const loading = document.querySelector('table[data-loading], .world-content > .page-notice[role="status"]');
      if (loading) seen.push(loading.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
};

/** Errors of the page (a failed hydration says so in the console). */
const watchProblems = (page: Page) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
};

/** Resolves once the page's script has taken the page over (its buttons are enabled then). */
const hydrated = async (page: Page) => {
  await page.waitForFunction(() => document.querySelector('script[type="module"][src]') !== null);
  await expect(page.getByRole('button', { name: 'Русский' })).toBeEnabled();
};

test('a ranking hydrates with its rows, without errors and without a flash of loading', async ({ page }) => {
  await watchLoading(page);
  const problems = watchProblems(page);
  await page.goto('/statistics/kills');
  await hydrated(page);
  const ranking = page.getByRole('table', { name: 'Characters ranked by kills' });
  await expect(ranking.getByRole('row')).toHaveCount(26);
  // Interactive: the find box finds a character of the rows.
  // The name alone: the cell may carry the clan under it.
  const second = await ranking
    .getByRole('row')
    .nth(2)
    .getByRole('rowheader')
    .evaluate((cell) => cell.firstChild?.textContent ?? '');
  await page.getByRole('searchbox', { name: 'Find my character' }).fill(second);
  await expect(page.getByText(`${second} is number`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawLoading: string[] }).sawLoading)).toEqual([]);
  expect(problems).toEqual([]);
});

test("a ranking's later page opens on that page after hydrating, without errors", async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/statistics/kills?page=2');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(problems).toEqual([]);
});

test('the bosses page hydrates with its rows, without errors and without a flash of loading', async ({ page }) => {
  await watchLoading(page);
  const problems = watchProblems(page);
  await page.goto('/world/bosses');
  await hydrated(page);
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawLoading: string[] }).sawLoading)).toEqual([]);
  expect(problems).toEqual([]);
});

test('in every language, the ranking and the bosses hydrate with their rows without errors', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  for (const language of LANGUAGES) {
    for (const route of ['statisticsKills', 'worldBosses'] as const) {
      await page.goto(getHref(route, language));
      await hydrated(page);
      await expect(page.getByRole('table').first().getByRole('rowheader').first()).toBeVisible();
      expect(problems, getHref(route, language)).toEqual([]);
    }
  }
});

for (const width of [390, 1920]) {
  test(`without JavaScript at ${width} px, the rows are on the screen`, async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 900 },
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    for (const path of ['/statistics/kills', '/world/bosses']) {
      await page.goto(path);
      const table = page.getByRole('table').first();
      await expect(table.getByRole('rowheader').first()).toBeVisible();
      await keepPicture(page, test.info().outputPath(`${path.replaceAll('/', '-')}-${width}.png`));
    }
    await context.close();
  });
}
