import { expect, test } from '@playwright/test';

test('the vote reward character is checked, saved for 90 days and put in the vote links', async ({ page, context }) => {
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Vote for us' });
  const input = panel.getByLabel('Vote reward character');
  await expect(panel.getByRole('button', { name: 'Apply' })).toBeVisible();
  const topzone = panel.getByRole('link', { name: /L2TopZone/ });
  await expect(topzone).toHaveAttribute('href', /\/127\.0\.0\.1$/);

  await input.fill('NoSuchHeroAnywhere');
  await panel.getByRole('button', { name: 'Apply' }).click();
  const failure = page.getByRole('dialog', { name: 'Error' });
  await expect(failure).toContainText('There is no character with this name.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(panel.getByRole('button', { name: 'Apply' })).toBeVisible();

  await input.fill('demoknight');
  await panel.getByRole('button', { name: 'Apply' }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText('Your vote reward character name set to: demoknight');
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Change' })).toBeVisible();
  await expect(topzone).toHaveAttribute('href', /\/demoknight$/);
  await expect(panel.getByRole('link', { name: /MMOTOP/ })).toHaveAttribute('href', /charname=demoknight$/);

  const cookie = (await context.cookies()).find((c) => c.name === 'charName');
  expect(cookie?.value).toBe('demoknight');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(89.9);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Vote for us' }).getByLabel('Vote reward character')).toHaveValue(
    'demoknight',
  );
});
