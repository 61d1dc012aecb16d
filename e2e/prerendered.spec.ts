import { LANGUAGES, LANGUAGE_TAGS, ROUTE_IDS, getHref } from '@gatekeeper/contract';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { decodeHTML } from 'entities';

type Locale = { site: { name: string } } & Record<string, unknown>;
const localeOf = (language: string) =>
  JSON.parse(readFileSync(`packages/texts/locales/${language}.json`, 'utf8')) as Locale;

/** Every text of a locale file, flattened. */
const valuesOf = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(valuesOf) : [];

test.describe('the pages as HTML, before any script runs', () => {
  // Plain HTTP: one project is enough.
  test.skip(({ viewport }) => viewport?.width !== 1920, 'the HTML does not depend on the window');

  for (const language of LANGUAGES) {
    test(`every route in ${language} has its heading, title and hreflang links in the HTML`, async ({
      request,
      baseURL,
    }) => {
      const locale = localeOf(language);
      const texts = new Set(valuesOf(locale));
      for (const route of ROUTE_IDS) {
        const path = getHref(route, language);
        const response = await request.get(path);
        expect(response.status(), path).toBe(route === 'notFound' ? 404 : 200);
        const html = await response.text();
        expect(html, path).toContain(`<html lang="${LANGUAGE_TAGS[language]}">`);
        const heading = decodeHTML(/<h2 class="page-title"[^>]*>([^<]+)<\/h2>/.exec(html)?.[1] ?? '');
        // The page's own heading, in the page's language.
        expect(texts.has(heading), `${path}: heading "${heading}" is a ${language} text`).toBe(true);
        const title = decodeHTML(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
        if (route !== 'home') expect(title, path).toBe(`${heading} · ${locale.site.name}`);
        for (const other of LANGUAGES) {
          const href = new URL(getHref(route, other), baseURL).href;
          expect(html, `${path} → ${other}`).toContain(
            `<link rel="alternate" hreflang="${LANGUAGE_TAGS[other]}" href="${href}" />`,
          );
        }
        expect(html).toContain(`<link rel="canonical" href="${new URL(path, baseURL).href}" />`);
        expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
        // Nothing for the Content Security Policy to block: no inline style, and one inline
        // script, the loader, which the policy allows by its hash (apps/server/test/api.test.ts).
        expect(html.match(/<script>/g), path).toHaveLength(1);
        expect(html).not.toMatch(/<script type="module">[^<]|style="/);
      }
    });
  }

  test('a page answers 304 to its own ETag and comes compressed', async ({ request }) => {
    const first = await request.get('/statistics/kills', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers()['etag'];
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers()['content-encoding']).toBe('br');
    const again = await request.get('/statistics/kills', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status()).toBe(304);
  });
});

test('a pre-rendered page hydrates without errors and then works as a page', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 2, name: 'Register' })).toBeVisible();
  // Interactive: the checklist follows the typing.
  await page.getByLabel('New password', { exact: true }).fill('Abc.1234');
  await expect(page.getByRole('list', { name: 'The password must have:' }).locator('[data-met="true"]')).toHaveCount(5);
  await page.getByRole('link', { name: 'Downloads' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Downloads' })).toBeFocused();
  expect(problems).toEqual([]);
});

test('what a player types before the script runs is kept, and the form cannot be sent until it runs', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The page's script arrives late, as on a slow phone.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // A module script holds DOMContentLoaded back: wait for the page to be there, not loaded.
  await page.goto('/register', { waitUntil: 'commit' });
  await expect(page.getByLabel('Username')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username').fill('earlybird1');
  await page.getByLabel('Email', { exact: true }).fill('early@example.com');
  release();
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel('Username')).toHaveValue('earlybird1');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('early@example.com');
  // The form knows the values: the repeat field is checked against the kept email.
  await page.getByLabel('Repeat the email').fill('other@example.com');
  await page.getByLabel('Repeat the email').blur();
  const mismatch = page.getByText('The email addresses do not match.');
  await expect(mismatch).toBeVisible();
  await page.getByLabel('Repeat the email').fill('early@example.com');
  await expect(mismatch).toBeHidden();
});

test('an unknown address shows the not-found page without a hydration error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('404')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/es/no-existe');
  await expect(page).toHaveURL(/\/es\/notfound$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Página no encontrada' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('buttons that need the script wait for it: the agreement, the flags', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/donate', { waitUntil: 'commit' });
  const proceed = page.getByRole('button', { name: 'I agree, proceed' });
  await expect(proceed).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Русский' })).toBeDisabled();
  release();
  await proceed.click();
  await expect(page.getByRole('heading', { name: 'Your donation' })).toBeFocused();
});
