import { type Page, expect, test } from '@playwright/test';
import { INSTANCES, PAYPAL_API } from '../playwright.config';
import {
  SIZES,
  codeAfter,
  dialog,
  expectSignedIn,
  expectSignedOut,
  newContext,
  openAccount,
  openTab,
  readAuthenticatorSecret,
  register,
  secondStep,
  signIn,
  signOut,
  totpCode,
} from './support/account';
import { oneSizeEach } from './support/sizes';
import { queryDatabaseOf, uniqueName } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';
import { handOutQueuedRewards, takeAtDimensionalMerchant } from './support/game-side';
import { keepPicture } from './support/pictures';

/**
 * My account (docs/product.md#my-account) on the default L2J instance and on the aCis one, at a
 * phone's 390 px and at 1920 px. The demo account is only read (other specs use it); the flows that
 * change an account run on an account each test registers for itself, and a donation goes to a
 * character of the demo world no other test uses.
 */
// The sizes are set by the spec itself: one project runs it.
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

type DonationInstance = 'votes' | 'acis';

/**
 * A character of a demo world account (player0001...: password Player.<n>x, game/demo-seed.ts),
 * the index-th of the accounts that are not banned (every 150th is), so each test has its own.
 */
const demoWorldCharacter = (instance: DonationInstance, index: number) => {
  const key = instance === 'acis' ? 'obj_Id' : 'charId';
  for (let offset = 0, seen = 0; offset < 50; offset += 1) {
    const row = queryDatabaseOf<{ login: string; name: string; charId: number }>(
      instance,
      `SELECT account_name AS login, char_name AS name, ${key} AS charId FROM characters
        WHERE account_name LIKE 'player%' ORDER BY account_name, ${key} LIMIT 1 OFFSET ?`,
      offset,
    );
    if (!row) break;
    const n = Number(row.login.slice('player'.length));
    if (n % 150 === 0) continue;
    if (seen++ === index) return { ...row, password: `Player.${n}x` };
  }
  throw new Error(`no demo world character ${index} on ${instance}`);
};

/** Donates through the donate page and PayPal's stand-in (Orders v2), back to the thank-you. */
const donateOnPaypal = async (page: Page, character: string, amount: string) => {
  await page.goto('/donate');
  await page.getByRole('button', { name: 'I agree, proceed' }).click();
  await page.getByLabel('Character name').fill(character);
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL(`${PAYPAL_API}/checkoutnow?token=*`);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await page.waitForURL(/\/donate\?payment=complete$/);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your donation!' })).toBeVisible();
};

const MY_ACCOUNT_FLAVORS = [
  ['L2J', INSTANCES.default, 'votes'],
  ['aCis', INSTANCES.acis, 'acis'],
] as const;
for (const [[instance, baseURL, donations], size] of oneSizeEach(MY_ACCOUNT_FLAVORS, ['phone', 'desktop'])) {
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
      // The demo flags DemoArcher in the game, but this instance's game server is down (its light
      // red, as the header says): nobody is shown in the game.
      await expect(page.getByRole('heading', { name: /DemoArcher/ })).toContainText('offline');
      await expect(page.getByText('in game', { exact: true })).toHaveCount(0);
      await expectAccessible(page);
      // The account tools fill in the login and offer the characters.
      await page.goto('/unblock-character');
      await waitForScript(page);
      await expect(page.getByLabel('Username')).toHaveValue('demoplayer');
      await expect(page.locator('datalist option[value="DemoKnight"]')).toHaveCount(1);
      // A new tab knows nothing of this one's storage: the menu learns the login from the session's hint.
      const tab = await page.context().newPage();
      await tab.goto('/downloads');
      await waitForScript(tab);
      // On a phone the menu keeps it hidden (My account shows it there).
      const menuLogin = tab.getByRole('link', { name: 'demoplayer', exact: true, includeHidden: true });
      if (size === 'desktop') await expect(menuLogin).toBeVisible();
      else await expect(menuLogin).toBeAttached();
      await tab.close();
      await openAccount(page);
      await signOut(page);
      await expectSignedOut(page);
      // Signed out, a page asks nothing about the account.
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/sdk/account')) asked.push(request.url());
      });
      await page.goto('/downloads');
      await waitForScript(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('link', { name: 'demoplayer', exact: true, includeHidden: true })).toHaveCount(0);
      expect(asked).toEqual([]);
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
      const secret = await readAuthenticatorSecret(page);
      const confirmedAt = Date.now();
      await page.getByLabel('Code').fill(totpCode(secret, confirmedAt));
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
      const { code } = codeAfter(secret, confirmedAt);
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

    test.describe('with donations on PayPal', () => {
      // L2J's donations on PayPal Orders run on the votes instance; aCis's on its own.
      test.use({ baseURL: INSTANCES[donations] });

      test('a donation shows in Rewards with where it is, then delivered', async ({ page }) => {
        test.setTimeout(90_000);
        const character = demoWorldCharacter(donations, size === 'phone' ? 0 : 1);
        // An amount of this test's own: the list is the character's, newest first.
        const amount = size === 'phone' ? '4.10' : '4.20';
        await donateOnPaypal(page, character.name, amount.replace('.', ','));

        await openAccount(page);
        await signIn(page, character.login, character.password);
        await expectSignedIn(page, character.login);
        await openTab(page, 'Rewards');
        const donation = page
          .getByRole('list', { name: 'Rewards' })
          .getByRole('listitem')
          .filter({ hasText: `Donation · ${amount} EUR · ${character.name}` })
          .first();
        // L2J Server: the coins wait at the Dimensional Merchant; aCis: in the site's queue for a game mod.
        await expect(donation).toContainText(donations === 'votes' ? 'Waiting at the Dimensional Merchant' : 'Queued');
        await expectAccessible(page);

        // The game hands the coins over (the player takes them; the mod hands them out).
        if (donations === 'votes')
          expect(takeAtDimensionalMerchant(donations, character.charId, 4037)).toBeGreaterThan(0);
        else expect(handOutQueuedRewards(donations, character.charId)).toBeGreaterThan(0);
        await page.reload();
        await waitForScript(page);
        await openTab(page, 'Rewards');
        await expect(donation).toContainText('Delivered');
        await keepPicture(page, `test-results/my-account-rewards-${instance}-${size}.png`, { fullPage: true });
        await signOut(page);
        await expectSignedOut(page);
      });
    });
  });
}
