import { type Page, expect, test } from '@playwright/test';
import { expectAccessible, waitForScript } from './support/fixtures';

const FILE_HOST = 'https://example.com/gatekeeper/downloads/';

/** Stands in for the external file host: the new tab is answered here, nothing leaves the machine. */
const interceptFileHost = async (page: Page) => {
  const visits: string[] = [];
  await page.context().route(`${FILE_HOST}**`, async (route) => {
    visits.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><title>File host</title></head><body><h1>File host</h1></body></html>',
    });
  });
  return visits;
};

test.describe('the downloads page', () => {
  test('offers the 64-bit and 32-bit updaters with the settings’ version and size', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { level: 2, name: 'Downloads' })).toBeVisible();
    const card64 = page.getByRole('region', { name: 'Updater, 64-bit' });
    const card32 = page.getByRole('region', { name: 'Updater, 32-bit' });
    await expect(card64.getByRole('link', { name: /Download the 64-bit updater/ })).toHaveAttribute(
      'href',
      `${FILE_HOST}updater-64bit.zip`,
    );
    await expect(card32.getByRole('link', { name: /Download the 32-bit updater/ })).toHaveAttribute(
      'href',
      `${FILE_HOST}updater-32bit.zip`,
    );
    await expect(card64.getByRole('definition')).toHaveText(['2.4.1', '38 MB']);
    await expect(card32.getByRole('definition')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'How to start playing' })).toBeVisible();
    await expectAccessible(page);
  });

  test('every click opens the file host in a new tab and records a download', async ({ page }) => {
    const visits = await interceptFileHost(page);
    const recorded: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/sdk/updateref') recorded.push(request.postData() ?? '');
    });
    await page.goto('/downloads');
    // Before the script runs, a click still opens the file host but is not counted.
    await waitForScript(page);

    for (const [name, file] of [
      [/Download the 64-bit updater/, 'updater-64bit.zip'],
      [/Download the 32-bit updater/, 'updater-32bit.zip'],
      [/Download the 64-bit updater/, 'updater-64bit.zip'],
    ] as const) {
      const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/sdk/updateref');
      const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name }).click()]);
      await expect(tab.getByRole('heading', { name: 'File host' })).toBeVisible();
      expect(tab.url()).toBe(`${FILE_HOST}${file}`);
      await sent;
      await tab.close();
    }
    expect(visits).toEqual([
      `${FILE_HOST}updater-64bit.zip`,
      `${FILE_HOST}updater-32bit.zip`,
      `${FILE_HOST}updater-64bit.zip`,
    ]);
    expect(recorded.map((body) => JSON.parse(body) as unknown)).toEqual([
      { type: 'downloaded' },
      { type: 'downloaded' },
      { type: 'downloaded' },
    ]);
    // The page itself stays where it was.
    await expect(page.getByRole('heading', { level: 2, name: 'Downloads' })).toBeVisible();
  });
});
