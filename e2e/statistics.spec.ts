import { type Locator, type Page, expect, test } from '@playwright/test';
import { expectAccessible, waitForShell } from './support/fixtures';

/** The eleven pages in tab order: link text, page heading, and what the page shows. */
const ENGLISH_PAGES = [
  { link: 'Score', path: '/statistics/score', table: 'Characters ranked by score' },
  { link: 'Kills', path: '/statistics/kills', table: 'Characters ranked by kills' },
  { link: 'K/D', path: '/statistics/kd', table: /Characters ranked by kills per death/ },
  { link: 'Assists', path: '/statistics/assists', table: 'Characters ranked by assists' },
  { link: 'Deaths', path: '/statistics/deaths', table: 'Characters ranked by deaths' },
  { link: 'Clans', path: '/statistics/clans', table: 'Clans ranked by level, then reputation' },
  { link: 'Heroes', path: '/statistics/heroes', table: 'Characters ranked by how many times they became hero' },
  { link: 'Classes', path: '/statistics/classes', table: /Classes ranked by how many characters play them/ },
  { link: 'Event time', path: '/statistics/eventTime', table: 'Characters ranked by hours spent in events' },
  // The demo world's two voting accounts, a vote a day on three sites.
  { link: 'Top voters', path: '/statistics/voters', table: 'Characters with the most rewarded votes this month' },
  {
    link: 'Referrals',
    path: '/statistics/referrals',
    table: 'Players ranked by the friends they brought to the server',
  },
] as const;

const dataRows = (table: Locator) => table.locator('tbody tr');
const cellsOf = (row: Locator) => row.getByRole('cell');

/** A ranked table: a '#' column named Position, rows numbered from 1 in order (ties share a place). */
const expectRanked = async (table: Locator) => {
  const position = table.getByRole('columnheader', { name: 'Position' });
  await expect(position).toHaveText('#Position');
  await expect(position.locator('[aria-hidden="true"]')).toHaveText('#');
  const rows = dataRows(table);
  expect(await rows.count()).toBeGreaterThan(1);
  const positions = await positionsOf(table);
  expect(positions[0]).toBe(1);
  positions.forEach((place, i) => {
    expect(place === i + 1 || place === positions[i - 1]).toBe(true);
  });
};

/** The positions of the rows shown, as the rows carry them (a tied one reads "=2 tied"). */
const positionsOf = (table: Locator) =>
  dataRows(table).evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.position)));

/** The column headers' own texts, without the names of the columns shown under them on phones. */
const headerTexts = (table: Locator) =>
  table.getByRole('columnheader').evaluateAll((headers) =>
    headers.map((header) =>
      [...header.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('ranking__under')))
        .map((node) => node.textContent)
        .join(''),
    ),
  );

const tabsOf = (page: Page, label: string) => page.getByRole('navigation', { name: label });

interface CharacterRow {
  name: string;
  value: number;
  clan: string;
}
/** A row header's text on a phone: the name, then its clan under it. */
const named = (row: CharacterRow) => (row.clan ? `${row.name}Clan: ${row.clan}` : row.name);

test.describe('the statistics pages', () => {
  test('the top menu opens the score ranking, a table ranked with #', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Statistics', exact: true })
      .click();
    await expect(page).toHaveURL(/\/statistics\/score$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Score' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Characters ranked by score' });
    await expectRanked(table);
    await expect.poll(() => headerTexts(table)).toEqual(['#Position', 'Character', 'Clan', 'Score']);
    // Scores are whole numbers written the English way; the first is the highest.
    const scores = (await dataRows(table).locator('td:last-child').allTextContents()).map((text) => {
      expect(text).toMatch(/^\d{1,3}(,\d{3})*$/);
      return Number(text.replace(/,/g, ''));
    });
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await expect(page).toHaveTitle(/^Score · /);
    await expectAccessible(page);
  });

  test('the tabs move between the eleven pages, marking the current one', async ({ page }) => {
    await page.goto('/statistics/score');
    await waitForShell(page);
    const bar = tabsOf(page, 'Statistics');
    // The Online page (e2e/online.spec.ts) closes the row.
    await expect(bar.getByRole('link')).toHaveText([...ENGLISH_PAGES.map((p) => p.link), 'Online']);
    for (const target of ENGLISH_PAGES) {
      await bar.getByRole('link', { name: target.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 2, name: target.link })).toBeVisible();
      await expect(bar.getByRole('link', { name: target.link, exact: true })).toHaveAttribute('aria-current', 'page');
      if (target.table === null) await expect(page.getByText("Nobody's on this board yet.")).toBeVisible();
      else await expectRanked(page.getByRole('table', { name: target.table }));
    }
  });

  test('K/D has two decimals, event time hours one, clans and classes their own columns', async ({ page }) => {
    await page.goto('/statistics/kd');
    const kd = page.getByRole('table', { name: /kills per death/ });
    await expectRanked(kd);
    for (const text of await dataRows(kd).locator('td:last-child').allTextContents()) {
      expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    }
    await page.goto('/statistics/eventTime');
    const hours = page.getByRole('table', { name: /hours spent in events/ });
    await expectRanked(hours);
    await expect(dataRows(hours).first().locator('td:last-child')).toHaveText(/^\d+\.\d$/);
    await page.goto('/statistics/clans');
    const clans = page.getByRole('table', { name: /Clans ranked/ });
    await expect.poll(() => headerTexts(clans)).toEqual(['#Position', 'Clan', 'Leader', 'Level', 'Reputation']);
    await page.goto('/statistics/classes');
    const classes = page.getByRole('table', { name: /Classes ranked/ });
    await expect
      .poll(() => headerTexts(classes))
      .toEqual(['#Position', 'Class', 'Characters', 'Best player', 'Best player kills', 'Class kills']);
    await expect(cellsOf(dataRows(classes).first())).toHaveCount(5);
    await expectAccessible(page);
  });

  test('in Russian: localized paths, texts and numbers', async ({ page }) => {
    await page.goto('/ru/statistika/ochki');
    await waitForShell(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 2, name: 'Очки' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Персонажи по очкам' });
    const position = table.getByRole('columnheader', { name: 'Место' });
    await expect(position.locator('[aria-hidden="true"]')).toHaveText('#');
    await expect.poll(() => headerTexts(table)).toEqual(['#Место', 'Персонаж', 'Клан', 'Очки']);
    // Russian groups thousands with a (non-breaking) space.
    await expect(dataRows(table).first().locator('td:last-child')).toHaveText(/^\d{1,3}(\s\d{3})+$/);
    await expectAccessible(page);

    const bar = tabsOf(page, 'Статистика');
    await bar.getByRole('link', { name: 'K/D', exact: true }).click();
    await expect(page).toHaveURL(/\/ru\/statistika\/kd$/);
    const kd = page.getByRole('table', { name: /Персонажи по убийствам на одну смерть/ });
    await expect(dataRows(kd).first().locator('td:last-child')).toHaveText(/^\d+,\d{2}$/);
    await bar.getByRole('link', { name: 'Классы', exact: true }).click();
    await expect(page).toHaveURL(/\/ru\/statistika\/klassy$/);
    await expect
      .poll(() => headerTexts(page.getByRole('table', { name: /Классы по числу персонажей/ })))
      .toEqual(['#Место', 'Класс', 'Персонажи', 'Лучший игрок', 'Убийства лучшего', 'Убийства класса']);
    await bar.getByRole('link', { name: 'Рефералы', exact: true }).click();
    await expect
      .poll(() =>
        headerTexts(page.getByRole('table', { name: 'Игроки по числу друзей, которых они привели на сервер' })),
      )
      .toEqual(['#Место', 'Реферальный код', 'Приглашено', 'Зарегистрировались', 'Играют']);
    await expectAccessible(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the tabs wrap onto more lines, every one in view, the current one marked', async ({ page }) => {
      await page.goto('/statistics/heroes');
      await waitForShell(page);
      const tabs = tabsOf(page, 'Statistics');
      const links = tabs.getByRole('link');
      // The eleven rankings and the Online page, on more than one line, none cut off.
      await expect(links).toHaveCount(12);
      const tops = await links.evaluateAll((all) => all.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBeGreaterThan(1);
      for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
      const row = tabs.getByRole('list');
      expect(await row.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
      await expect(tabs.getByRole('link', { name: 'Heroes', exact: true })).toHaveAttribute('aria-current', 'page');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await expectAccessible(page);
    });

    test('a ranking in pages of 25: page links, a shared page, finding a character, ties', async ({ page }) => {
      const ranking = (await (await page.request.get('/sdk/getkillsstatistics')).json()) as CharacterRow[];
      expect(ranking.length).toBeGreaterThan(75);
      // The demo world has characters with equal kills; the ranking shows them as ties.
      // (Two on one page: not the first row of a page.)
      const tie = ranking.findIndex((row, i) => i % 25 !== 0 && ranking[i - 1]!.value === row.value);
      expect(tie, 'the demo world should hold two characters with equal kills').toBeGreaterThan(0);

      // The pre-rendered page holds its rows (decision 040); reached from another page, while the
      // rows load, placeholder rows hold their place: nothing below moves when they come.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/sdk/getkillsstatistics', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/statistics/deaths');
      await waitForShell(page);
      await tabsOf(page, 'Statistics').getByRole('link', { name: 'Kills', exact: true }).click();
      // The page itself is in (the shell's and the page's loading lines gone): only its rows wait.
      await expect(page.locator('.page-loading')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
      const pagerTop = () =>
        page.locator('.ranking-pager').evaluate((pager) => Math.round(pager.getBoundingClientRect().top));
      const before = await pagerTop();
      release();
      const table = page.getByRole('table', { name: 'Characters ranked by kills' });
      await expect(dataRows(table)).toHaveCount(25);
      expect(await pagerTop()).toBe(before);
      await page.unroute('**/sdk/getkillsstatistics');

      // Every row one height; the podium's three rows among them.
      const heights = await dataRows(table).evaluateAll((rows) =>
        rows.map((row) => Math.round(row.getBoundingClientRect().height)),
      );
      expect(new Set(heights).size).toBe(1);
      await expectRanked(table);

      const pager = page.getByRole('navigation', { name: 'Ranking pages' });
      await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      await pager.getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/\/statistics\/kills\?page=2$/);
      await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect(pager).toContainText(`26–50 of ${ranking.length}`);
      await expect(table.getByRole('rowheader').first()).toHaveText(named(ranking[25]!));
      await expect(table).toBeInViewport();

      // A shared link opens on its page.
      await page.goto('/statistics/kills?page=3');
      await expect(table.getByRole('rowheader').first()).toHaveText(named(ranking[50]!));

      // Finding a character of the demo world by name: its page opens and its row is marked.
      const wanted = ranking[60]!;
      await page.goto('/statistics/kills');
      await waitForShell(page);
      const find = page.getByRole('searchbox', { name: 'Find my character' });
      await find.fill(wanted.name.toLowerCase());
      await find.press('Enter');
      await expect(page).toHaveURL(/\?page=3$/);
      const found = table.locator('tbody tr[aria-current="true"]');
      await expect(found.getByRole('rowheader')).toHaveText(named(wanted));
      await expect(found).toBeInViewport();
      await expect(page.getByRole('status').filter({ hasText: wanted.name })).toHaveText(
        new RegExp(`^${wanted.name} is number \\d+, on page 3\\.$`),
      );
      // A game master is never ranked: the page says so.
      await find.fill('GameMaster');
      await expect(page.getByRole('status').filter({ hasText: 'GameMaster' })).toHaveText(
        'No character called “GameMaster” is in this ranking.',
      );
      await expect(table.locator('tbody tr[aria-current="true"]')).toHaveCount(0);

      // The tie: the two characters with equal kills share one position, each marked as tied.
      await find.fill(ranking[tie]!.name);
      const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      const place = await rowOf(ranking[tie]!.name).getAttribute('data-position');
      await expect(rowOf(ranking[tie - 1]!.name)).toHaveAttribute('data-position', place!);
      for (const name of [ranking[tie - 1]!.name, ranking[tie]!.name]) {
        await expect(rowOf(name).getByRole('cell').first()).toHaveText(`=${place} tied`);
      }
      await expectAccessible(page);
    });
  });
});
