import { type Locator, type Page, expect, test } from '@playwright/test';
import { expectAccessible, waitForShell } from './support/fixtures';

/** The ten pages in link-bar order: link text, page heading, and what the page shows. */
const ENGLISH_PAGES = [
  {
    link: 'Referrals',
    path: '/statistics/referrals',
    table: 'Players ranked by the friends they brought to the server',
  },
  { link: 'Score', path: '/statistics/score', table: 'Characters ranked by score' },
  { link: 'Assists', path: '/statistics/assists', table: 'Characters ranked by assists' },
  { link: 'Kills', path: '/statistics/kills', table: 'Characters ranked by kills' },
  { link: 'Deaths', path: '/statistics/deaths', table: 'Characters ranked by deaths' },
  { link: 'K/D', path: '/statistics/kd', table: /Characters ranked by kills per death/ },
  { link: 'Event time', path: '/statistics/eventTime', table: 'Characters ranked by hours spent in events' },
  { link: 'Clans', path: '/statistics/clans', table: 'Clans ranked by level, then reputation' },
  { link: 'Heroes', path: '/statistics/heroes', table: 'Characters ranked by how many times they became hero' },
  { link: 'Classes', path: '/statistics/classes', table: /Classes ranked by how many characters play them/ },
  // Nobody has voted on this instance: the page says the board is empty (votes e2e ranks voters).
  { link: 'Top voters', path: '/statistics/voters', table: null },
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
  const positions = (await rows.locator('td:first-child').allTextContents()).map(Number);
  expect(positions[0]).toBe(1);
  positions.forEach((place, i) => {
    expect(place === i + 1 || place === positions[i - 1]).toBe(true);
  });
};

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

const linkBar = (page: Page, label: string) => page.getByRole('navigation', { name: label });

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

  test('the link bar moves between the eleven pages, marking the current one', async ({ page }) => {
    await page.goto('/statistics/score');
    await waitForShell(page);
    const bar = linkBar(page, 'Statistics');
    await expect(bar.getByRole('link')).toHaveText(ENGLISH_PAGES.map((p) => p.link));
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

    const bar = linkBar(page, 'Статистика');
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
});
