import { type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { codeAfter, expectSignedIn, openAccount, register, signIn } from './support/account';
import {
  ACCOUNT_PASSWORD,
  CONSOLE_FLAVORS,
  STAFF_ROLES,
  consoleSections,
  openConsoleSection,
  setAccessLevel,
  switchAuthenticatorOn,
} from './support/console';
import { uniqueName } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';
import { SIZES } from './support/sizes';

/**
 * The owner's console page (docs/product.md#console) on the default L2J instance on a phone
 * (390 px). Each test registers its own account and makes it a GM in the game's
 * table, so no other spec's account (the demo GM's sign-in in mail.spec.ts) gets a second factor.
 */
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

const [L2J] = CONSOLE_FLAVORS;

const openConsole = async (page: Page) => {
  await page.goto('/console');
  await waitForScript(page);
};

// The console's shell at the phone's size here; the owner's and GM's journeys see the others.
for (const size of ['phone'] as const) {
  test.describe(`The console (${size})`, () => {
    test.use({ baseURL: INSTANCES.default, ...SIZES[size] });

    test('signed out, it leads to My account', async ({ page }) => {
      await openConsole(page);
      await expect(page.getByRole('heading', { name: 'Console', exact: true })).toBeVisible();
      await expect(page.getByText('Sign in on My account first')).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'My account' }).click();
      await expect(page).toHaveURL(/\/account$/);
    });

    test('a player is not allowed; a GM switches the authenticator on, steps up and finds it in the audit log', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const login = uniqueName('cw').toLowerCase();
      await register(page, login, ACCOUNT_PASSWORD);
      await openAccount(page);
      await signIn(page, login, ACCOUNT_PASSWORD);
      await expectSignedIn(page, login);
      await openConsole(page);
      await expect(page.getByText('Not allowed: this account is not a game master')).toBeVisible();
      await expect(consoleSections(page)).toHaveCount(0);

      setAccessLevel(L2J, login, STAFF_ROLES.gm.level);
      await openConsole(page);
      await expect(page.getByText('Switch the authenticator app on in the Security tab')).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'My account' }).click();
      await waitForScript(page);
      // My account offers the console to a gm.
      await expect(page.getByRole('link', { name: 'Open the console' })).toBeVisible();
      const { secret, confirmedAt } = await switchAuthenticatorOn(page);

      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('link', { name: 'Open the console' }).click();
      await waitForScript(page);
      const stepUp = page.getByRole('region', { name: 'Confirm it is you' });
      await expect(stepUp).toBeVisible();
      await expectAccessible(page);
      await stepUp.getByLabel('Code').fill('000000');
      await stepUp.getByRole('button', { name: 'Open the console' }).click();
      await expect(page.getByRole('dialog')).toContainText('code');
      await page.getByRole('dialog').getByRole('button').first().click();
      await stepUp.getByLabel('Code').fill(codeAfter(secret, confirmedAt).code);
      await stepUp.getByRole('button', { name: 'Open the console' }).click();

      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
      // On a phone the sections are behind the menu button.
      if (size === 'phone') await page.getByRole('button', { name: 'Sections' }).click();
      await expect(consoleSections(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('heading', { name: 'Health' })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: 'working' }).first()).toBeVisible();
      await expect(page.getByRole('banner').getByText(`${login} · game master`)).toBeVisible();
      await expectAccessible(page);

      // Each section has its own address: a reload stays there, Back returns; a gm sees no reward actions.
      await openConsoleSection(page, 'Rewards');
      await expect(page).toHaveURL(/\/console\/rewards$/);
      await expect(page.getByRole('button', { name: /^Retry / })).toHaveCount(0);
      await page.reload();
      await waitForScript(page);
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Rewards' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/console$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();

      await openConsoleSection(page, 'Audit log');
      await page.getByRole('searchbox', { name: 'Search the log' }).fill(login);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log.getByRole('row').filter({ hasText: 'signInFailed' })).toHaveCount(1);
      await expect(log.getByRole('row').filter({ hasText: /signIn(?!Failed)/ })).toHaveCount(1);
      await expectAccessible(page);
    });
  });
}
