import { type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';

const chooseLanguage = async (page: Page, nativeName: string) => {
  await page.getByRole('button', { name: nativeName, exact: true }).click();
};

test.describe('six languages', () => {
  test('a choice kept in local storage survives a reload and a fresh visit', async ({ page }) => {
    await page.goto(`${INSTANCES.default}/downloads`);
    await chooseLanguage(page, 'Русский');
    await expect(page).toHaveURL(/\/ru\/zagruzki$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('ru');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    // An address without a language prefix follows the stored choice.
    await page.goto(`${INSTANCES.default}/`);
    await expect(page).toHaveURL(/\/ru$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    await chooseLanguage(page, 'English');
    await expect(page).toHaveURL(`${INSTANCES.default}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  test('a choice kept in a 30-day cookie survives a reload and a fresh visit', async ({ page, context }) => {
    await page.goto(`${INSTANCES.cookie}/`);
    await chooseLanguage(page, 'Lietuvių');
    await expect(page).toHaveURL(/\/lt$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('lt');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBeNull();

    await page.goto(`${INSTANCES.cookie}/register`);
    await expect(page).toHaveURL(/\/lt\/registracija$/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
  });

  test('menu links lead to the localized paths of the chosen language', async ({ page }) => {
    await page.goto(`${INSTANCES.default}/es`);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Herramientas de la cuenta', exact: true }).click();
    await expect(page).toHaveURL(/\/es\/registro$/);
    await expect(
      page
        .getByRole('navigation', { name: 'Herramientas de la cuenta' })
        .getByRole('link', { name: 'Registrarse', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Estadísticas' }).click();
    await expect(page).toHaveURL(/\/es\/estadisticas\/puntuacion$/);
    await page.getByRole('navigation', { name: 'Estadísticas' }).getByRole('link').nth(4).click();
    await expect(page).toHaveURL(/\/es\/estadisticas\/muertes$/);
  });

  for (const [code, tag, name] of [
    ['ru', 'ru', 'Русский'],
    ['gr', 'el', 'Ελληνικά'],
    ['es', 'es', 'Español'],
    ['br', 'pt-BR', 'Português (Brasil)'],
    ['lt', 'lt', 'Lietuvių'],
  ] as const) {
    test(`the shell is written in ${name} with no English left`, async ({ page }) => {
      await page.goto(`${INSTANCES.default}/${code}`);
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gatekeeper');
      const english = [
        'Main menu',
        'Quick links',
        'Create a new account',
        'Vote for us',
        'Welcome, adventurer',
        'Grand opening',
      ];
      const text = await page.locator('body').innerText();
      for (const phrase of english) expect(text).not.toContain(phrase);
    });
  }
});
