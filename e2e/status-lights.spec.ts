import { expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';

test('the lights are red when the login and game servers are down', async ({ page }) => {
  await page.goto(`${INSTANCES.default}/`);
  const lights = page.getByRole('list', { name: 'Server status' }).getByRole('listitem');
  await expect(lights).toHaveCount(2);
  for (const light of await lights.all()) {
    await expect(light).toHaveAttribute('data-status', 'offline');
    await expect(light).toContainText('Offline');
  }
});

test('the lights are green when the login and game ports accept connections', async ({ page }) => {
  await page.goto(`${INSTANCES.online}/`);
  const lights = page.getByRole('list', { name: 'Server status' }).getByRole('listitem');
  await expect(lights).toHaveCount(2);
  for (const light of await lights.all()) {
    await expect(light).toHaveAttribute('data-status', 'online');
    await expect(light).toContainText('Online');
  }
});
