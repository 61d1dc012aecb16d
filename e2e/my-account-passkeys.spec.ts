import { type Page, expect, test } from '@playwright/test';
import { INSTANCES, MAIL_DIR } from '../playwright.config';
import {
  SIZES,
  closeDialog,
  dialog,
  expectSignedIn,
  expectSignedOut,
  masked,
  openAccount,
  openTab,
  register,
  signIn,
  signOut,
} from './support/account';
import { oneSizeEach } from './support/sizes';
import { uniqueName } from './support/database';
import { expectAccessible } from './support/fixtures';
import { waitForMail } from './support/mailbox';

/**
 * Passkeys and change email in My account (docs/product.md#my-account), at a phone's 390 px and at
 * 1920 px, on L2J and on aCis, each on an instance reached as http://localhost: browsers refuse an
 * IP address as a passkey's relying party. Chromium's virtual authenticator (DevTools protocol)
 * stands in for the device's lock; each test registers an account of its own.
 */
// The sizes are set by the spec itself: one project runs it.
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

/** A platform authenticator that keeps discoverable passkeys and verifies its user. */
const addVirtualAuthenticator = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
};

const PASSKEY_FLAVORS = [
  ['L2J', INSTANCES.passkeys],
  ['aCis', INSTANCES.passkeysAcis],
] as const;
for (const [[flavor, baseURL], size] of oneSizeEach(PASSKEY_FLAVORS, ['desktop', 'phone'])) {
  test.describe(`Passkeys and change email on ${flavor} (${size})`, () => {
    test.use({ baseURL, ...SIZES[size] });

    test('a player adds a passkey, signs in with it, removes it, and changes the email by the mailed link', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await addVirtualAuthenticator(page);
      const login = uniqueName('pk').toLowerCase();
      const password = 'Aden.Gate1';
      await register(page, login, password);

      await openAccount(page);
      await signIn(page, login, password);
      await expectSignedIn(page, login);
      await openTab(page, 'Security');
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await expect(passkeys).toContainText('No passkeys yet.');
      await passkeys.getByLabel('Passkey name').fill('Test key');
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(dialog(page)).toContainText('Your passkey is added.');
      await closeDialog(page);
      const rows = passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Test key');
      await expect(rows.first()).toContainText('last used never');
      await expectAccessible(page);

      // Signed out, the passkey alone signs in; the list then shows when it was used.
      await signOut(page);
      await expectSignedOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expectSignedIn(page, login);
      await openTab(page, 'Security');
      await expect(rows.first()).not.toContainText('last used never');

      // Change email: a link to the new address; the account changes when it is opened.
      const newEmail = `${login}.new@example.com`;
      const change = page.getByRole('region', { name: 'Change email' });
      await change.getByLabel('New email').fill(newEmail);
      await change.getByRole('button', { name: 'Send the link' }).click();
      await expect(dialog(page)).toContainText('We sent a link to the new address');
      await closeDialog(page);
      // The old address gets a notice (its newest mail; the registration's came before it).
      await expect
        .poll(async () => (await waitForMail(MAIL_DIR, `${login}@example.com`)).text ?? '', { timeout: 15_000 })
        .toContain(newEmail);
      const mail = await waitForMail(MAIL_DIR, newEmail);
      const link = /https?:\/\/\S+param=email_change/.exec(mail.text ?? '')?.[0];
      expect(link).toBeDefined();
      const url = new URL(link as string);
      expect(url.origin).toBe(baseURL);
      await page.goto(`/${url.search}`);
      await expect(page.getByRole('dialog', { name: 'Email changed' })).toContainText(
        "Your account's email is changed to the new address.",
      );
      await closeDialog(page);
      // The link works once.
      await page.goto(`/${url.search}`);
      await expect(page.getByRole('dialog', { name: 'Email not changed' })).toContainText('This link is invalid');
      await closeDialog(page);

      await openAccount(page);
      await expectSignedIn(page, login);
      await expect(page.getByRole('tabpanel')).toContainText(masked(newEmail));

      // The passkey removed, the list is empty again.
      await openTab(page, 'Security');
      await passkeys.getByRole('button', { name: 'Remove the passkey Test key' }).click();
      await expect(passkeys).toContainText('No passkeys yet.');
    });
  });
}
