import { type Browser, type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { INSTANCES } from '../playwright.config';
import { solveCaptcha } from './support/captcha';
import { uniqueName } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';

/**
 * My account (docs/product.md#my-account) on the default L2J instance and on the aCis one, at a
 * phone's 390 px and at 1920 px. The demo account is only read (other specs use it); the flows that
 * change an account run on an account each test registers for itself.
 */
// The sizes are set by the spec itself: one project runs it.
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1920, height: 1080 } },
} as const;
const STEP_MS = 30_000;

const dialog = (page: Page) => page.getByRole('dialog');

const openAccount = async (page: Page) => {
  await page.goto('/account');
  await waitForScript(page);
};

/** Password step of the sign-in form, with the captcha. */
const signIn = async (page: Page, login: string, password: string) => {
  const form = page.getByRole('region', { name: 'Sign in' });
  await form.getByLabel('Username').fill(login);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
};

const secondStep = async (page: Page, code: string) => {
  const step = page.getByRole('region', { name: 'Second step' });
  await step.getByLabel('Code').fill(code);
  await step.getByRole('button', { name: 'Confirm' }).click();
};

const expectSignedIn = (page: Page, login: string) => expect(page.getByText(`Signed in as ${login}`)).toBeVisible();
const expectSignedOut = (page: Page) => expect(page.getByRole('region', { name: 'Sign in' })).toBeVisible();

/** The page's own sign-out (the menu's shows on wider screens only). */
const signOut = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

/** A code of the secret for a time step after `after` (each step's code is taken once). */
const codeAfter = async (secret: string, after: number) => {
  const step = (at: number) => Math.floor(at / STEP_MS);
  while (step(Date.now()) <= step(after)) await new Promise((resolve) => setTimeout(resolve, 500));
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret) }), at: Date.now() };
};

const register = async (page: Page, login: string, password: string) => {
  await page.goto('/register');
  await waitForScript(page);
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByLabel('Email', { exact: true }).fill(`${login}@example.com`);
  await page.getByLabel('Repeat the email').fill(`${login}@example.com`);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Registration complete' })).toBeVisible();
};

const newContext = (browser: Browser, baseURL: string, size: keyof typeof SIZES) =>
  browser.newContext({ baseURL, ...SIZES[size] });

for (const [instance, baseURL] of [
  ['L2J', INSTANCES.default],
  ['aCis', INSTANCES.acis],
] as const) {
  for (const size of ['phone', 'desktop'] as const) {
    test.describe(`My account on ${instance} (${size})`, () => {
      test.use({ baseURL, ...SIZES[size] });

      test('the demo account signs in, sees its characters and signs out', async ({ page }) => {
        await openAccount(page);
        await expectSignedOut(page);
        await signIn(page, 'demoplayer', 'Demo.Pass1');
        await expectSignedIn(page, 'demoplayer');
        await expect(page.getByRole('tablist', { name: 'My account' })).toBeVisible();
        await expect(page.getByRole('tabpanel')).toContainText('demoplayer');
        // The arrow keys move between the tabs.
        await page.getByRole('tab', { name: 'Overview' }).focus();
        await page.keyboard.press('ArrowRight');
        await expect(page.getByRole('tab', { name: 'Characters' })).toBeFocused();
        await expect(page.getByRole('tab', { name: 'Characters' })).toHaveAttribute('aria-selected', 'true');
        const knight = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /DemoKnight/ }) });
        await expect(knight).toContainText('78');
        await expect(page.getByRole('heading', { name: /DemoArcher/ })).toContainText('in game');
        await expectAccessible(page);
        // The account tools fill in the login and offer the characters.
        await page.goto('/unblock-character');
        await waitForScript(page);
        await expect(page.getByLabel('Username')).toHaveValue('demoplayer');
        await expect(page.locator('datalist option[value="DemoKnight"]')).toHaveCount(1);
        await openAccount(page);
        await signOut(page);
        await expectSignedOut(page);
      });

      test('a player switches the authenticator on, signs in with codes, ends a session and changes the password', async ({
        page,
        browser,
      }) => {
        test.setTimeout(240_000);
        const login = uniqueName('ma').toLowerCase();
        const password = 'Aden.Gate1';
        await register(page, login, password);

        await openAccount(page);
        await signIn(page, login, password);
        await expectSignedIn(page, login);
        await openTab(page, 'Security');
        await expect(page.getByText('protects your account on this website only')).toBeVisible();
        await page.getByRole('button', { name: 'Switch on' }).click();
        await expect(page.getByRole('img', { name: 'QR code of the authenticator secret' })).toBeVisible();
        const secret = await page.getByLabel('Secret:').inputValue();
        const confirmedAt = Date.now();
        await page.getByLabel('Code').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
        await page.getByRole('button', { name: 'Switch on' }).click();
        const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
        await expect(codes).toHaveCount(10);
        const recovery = (await codes.allTextContents()).map((code) => code.trim());
        await expectAccessible(page);
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await signOut(page);
        await expectSignedOut(page);

        // Once with a recovery code, which then fails a second time.
        await signIn(page, login, password);
        await secondStep(page, recovery[0]!);
        await expectSignedIn(page, login);
        await signOut(page);
        await signIn(page, login, password);
        await secondStep(page, recovery[0]!);
        await expect(dialog(page)).toContainText('The code is wrong');
        await dialog(page).getByRole('button', { name: 'OK' }).click();
        // Then with the app's code of a later time step than the one that switched it on.
        const { code } = await codeAfter(secret, confirmedAt);
        await secondStep(page, code);
        await expectSignedIn(page, login);

        // A second browser signs in; the first ends its session from the list.
        const other = await newContext(browser, baseURL, size);
        const second = await other.newPage();
        await openAccount(second);
        await signIn(second, login, password);
        await secondStep(second, recovery[1]!);
        await expectSignedIn(second, login);
        await openTab(page, 'Security');
        const sessions = page.getByRole('region', { name: 'Signed-in sessions' }).getByRole('listitem');
        await expect(sessions).toHaveCount(2);
        await sessions.filter({ hasNotText: 'this browser' }).getByRole('button', { name: 'End' }).click();
        await expect(sessions).toHaveCount(1);
        await second.reload();
        await expectSignedOut(second);

        // It signs in again; a password change in the first signs it out.
        await signIn(second, login, password);
        await secondStep(second, recovery[2]!);
        await expectSignedIn(second, login);
        const change = page.getByRole('region', { name: 'Change password' });
        await change.getByLabel('Current password').fill(password);
        await change.getByLabel('New password', { exact: true }).fill('Aden.Gate2');
        await change.getByLabel('Repeat the new password').fill('Aden.Gate2');
        await change.getByRole('button', { name: 'Change password' }).click();
        await expect(dialog(page)).toContainText('Every other session of your account has been signed out');
        await dialog(page).getByRole('button', { name: 'OK' }).click();
        await second.reload();
        await expectSignedOut(second);
        await page.reload();
        await expectSignedIn(page, login);
        await other.close();
      });
    });
  }
}
