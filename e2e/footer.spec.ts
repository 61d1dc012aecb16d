import { expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { expectAccessible, waitForScript } from './support/fixtures';

const PAGES = {
  en: {
    home: '/',
    footer: 'About this site',
    pages: [
      ['Privacy policy', '/privacy', 'Cookies and browser storage'],
      ['Terms of use', '/terms', undefined],
      ['Contact', '/contact', undefined],
    ],
    mail: ['Mail to players (for game masters)', '/mail'],
  },
  ru: {
    home: '/ru',
    footer: 'О сайте',
    pages: [
      ['Политика конфиденциальности', '/ru/konfidentsialnost', 'Куки и хранилище браузера'],
      ['Правила пользования', '/ru/pravila', undefined],
      ['Контакты', '/ru/kontakty', undefined],
    ],
    mail: ['Письма игрокам (для гейм-мастеров)', '/ru/mail'],
  },
} as const;

test.describe('the footer', () => {
  for (const [language, expected] of Object.entries(PAGES)) {
    test(`leads to the privacy policy, the terms and the contact page (${language})`, async ({ page }) => {
      await page.goto(expected.home);
      await waitForScript(page);
      const footer = page.getByRole('contentinfo').getByRole('navigation', { name: expected.footer });
      await expect(footer.getByRole('link')).toHaveText([...expected.pages.map(([name]) => name), expected.mail[0]]);
      await expect(footer.getByRole('link', { name: expected.mail[0] })).toHaveAttribute('href', expected.mail[1]);
      for (const [name, path, section] of expected.pages) {
        await footer.getByRole('link', { name }).click();
        await expect(page).toHaveURL(`${INSTANCES.default}${path}`);
        await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
        if (section) await expect(page.getByRole('heading', { level: 3, name: section })).toBeVisible();
        await expectAccessible(page);
      }
    });
  }

  test('each page is served whole by itself, with its heading in the title', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page).toHaveTitle(/^Privacy policy · /);
    // The lifetimes are the cookies' own.
    await expect(page.getByText(/^charName: .* for 90 days/)).toBeVisible();
    await expect(page.getByText(/^lang: .* for 30 days\.$/)).toBeVisible();
    await expect(page.getByText(/^users, gk_registered: .* for 90 days/)).toBeVisible();
    await page.goto('/ru/pravila');
    await expect(page.getByRole('heading', { level: 2, name: 'Правила пользования' })).toBeVisible();
    await expect(page).toHaveTitle(/^Правила пользования · /);
  });

  test('is reached and used from the keyboard', async ({ page }) => {
    await page.goto('/terms');
    await waitForScript(page);
    const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' });
    await privacy.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeFocused();
  });

  for (const width of [320, 390, 768]) {
    test(`fits a ${width} px window without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/contact');
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByRole('link', { name: 'Mail to players (for game masters)' })).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }

  test.describe('where the owner names their own pages', () => {
    test.use({ baseURL: INSTANCES.home });

    test('links to the owner’s terms, and the contact page lists the team’s addresses', async ({ page }) => {
      await page.goto('/contact');
      const footer = page.getByRole('contentinfo');
      const terms = footer.getByRole('link', { name: /^Terms of use/ });
      await expect(terms).toHaveAttribute('href', 'https://owner.example/terms');
      await expect(terms).toHaveAttribute('target', '_blank');
      await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
      await expect(page.getByRole('link', { name: 'team@gatekeeper.test' })).toHaveAttribute(
        'href',
        'mailto:team@gatekeeper.test',
      );
      await expect(page.getByRole('link', { name: 'payments@gatekeeper.test' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^our Discord server/ })).toHaveAttribute(
        'href',
        'https://discord.gg/gatekeeper',
      );
      await expectAccessible(page);
    });
  });
});
