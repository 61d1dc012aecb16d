import { type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { waitForShell } from './support/fixtures';

/**
 * docs/product.md#shell: the header's status. The default and online instances are the demo world
 * (open since its opening date, with a year of online history); the home instance's opening is
 * still ahead. Every page of an instance tells the same story as its Online page.
 */

const PAGES = ['/', '/register', '/statistics/kills', '/statistics/online'];

const lightsOf = (page: Page) => page.getByRole('list', { name: 'Server status' }).getByRole('listitem');
const playersCount = (page: Page) => page.getByText(/^[\d,]+ players? online$/);
const openingNotice = (page: Page) => page.getByRole('link', { name: /^Opens / });

test('the lights are red when the login and game servers are down', async ({ page }) => {
  await page.goto(`${INSTANCES.default}/`);
  const lights = lightsOf(page);
  await expect(lights).toHaveCount(2);
  for (const light of await lights.all()) {
    await expect(light).toHaveAttribute('data-status', 'offline');
    await expect(light).toContainText('Offline');
  }
});

test('the lights are green when the login and game ports accept connections', async ({ page }) => {
  await page.goto(`${INSTANCES.online}/`);
  const lights = lightsOf(page);
  await expect(lights).toHaveCount(2);
  for (const light of await lights.all()) {
    await expect(light).toHaveAttribute('data-status', 'online');
    await expect(light).toContainText('Online');
  }
});

test('with the game server up, every page counts the players the Online page last sampled', async ({ page }) => {
  const latestSampled = async () => {
    const history = (await (await page.request.get(`${INSTANCES.online}/sdk/getonlinehistory`)).json()) as {
      day: { players: (number | null)[] };
    };
    return history.day.players.at(-1);
  };
  const statusCount = async () => {
    const status = (await (await page.request.get(`${INSTANCES.online}/sdk/getserverstatus`)).json()) as {
      playersOnline: number | null;
    };
    return status.playersOnline;
  };
  // The lights refresh every 15 s and the sampler once a minute: both settle on the same number.
  await expect
    .poll(
      async () => {
        const [sampled, counted] = [await latestSampled(), await statusCount()];
        return counted !== null && sampled === counted;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const players = await statusCount();
  for (const path of PAGES) {
    await page.goto(`${INSTANCES.online}${path}`);
    await waitForShell(page);
    await expect(lightsOf(page)).toHaveCount(2);
    await expect(playersCount(page)).toHaveText(`${players!.toLocaleString('en-US')} players online`);
    await expect(openingNotice(page)).toHaveCount(0);
  }
});

test('with the game server down, no page shows a count or a green game light', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(`${INSTANCES.default}${path}`);
    await waitForShell(page);
    await expect(lightsOf(page).nth(1)).toHaveAttribute('data-status', 'offline');
    await expect(playersCount(page)).toHaveCount(0);
    await expect(openingNotice(page)).toHaveCount(0);
  }
});

test('before the opening date, every page shows when the server opens and no lights', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(`${INSTANCES.home}${path}`);
    await waitForShell(page);
    await expect(openingNotice(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Server status' })).toHaveCount(0);
    await expect(playersCount(page)).toHaveCount(0);
  }
});
