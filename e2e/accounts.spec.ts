import { createHash } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { MAIL_DIR } from '../playwright.config';
import { solveCaptcha } from './support/captcha';
import { queryDatabase, uniqueName } from './support/database';
import { expectAccessible, waitForScript } from './support/fixtures';
import { waitForMail } from './support/mailbox';

const l2jHash = (password: string) => createHash('sha1').update(password, 'utf8').digest('base64');

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

const register = async (page: Page, username: string, password: string, email: string) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Repeat the email').fill(email);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
};

test.describe('account tools', () => {
  test('register: the account is real in the login database', async ({ page, context }) => {
    const username = uniqueName('Hero');
    await register(page, username, 'Aden.Gate1', `${username}@example.com`);
    const done = dialog(page, 'Registration complete');
    await expect(done).toContainText('Your account is ready');
    const row = queryDatabase<{ password: string; email: string; accessLevel: number }>(
      'select password, email, accessLevel from accounts where login = ?',
      username.toLowerCase(),
    );
    expect(row?.password).toBe(l2jHash('Aden.Gate1'));
    expect(row?.email).toBe(`${username}@example.com`);
    expect(row?.accessLevel).toBe(0);
    const users = (await context.cookies()).find((c) => c.name === 'users');
    expect(decodeURIComponent(users?.value ?? '')).toContain(username.toLowerCase());
    await done.getByRole('button', { name: 'OK' }).click();
    // The form was reset after the valid submit, and the player is back at its first field.
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByLabel('Username')).toBeFocused();
    await expectAccessible(page);
  });

  test('register: a taken username and bad fields are refused with the reasons', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('New password', { exact: true });
    const checklist = page.getByRole('list', { name: 'The password must have:' });
    await expect(checklist.getByRole('listitem')).toHaveCount(5);
    await expect(checklist.locator('[data-met="false"]')).toHaveCount(5);
    await password.fill('abc');
    await expect(checklist.locator('[data-met="true"]')).toHaveCount(1);
    await password.fill('Abc.1234');
    await expect(checklist.locator('[data-met="true"]')).toHaveCount(5);
    // A forbidden character is called out in a full sentence as it is typed, before the field is left.
    const forbidden = page.getByText(/^The password may contain only Latin letters \(A–Z, a–z\), numbers/);
    await expect(forbidden).toBeHidden();
    await password.pressSequentially('é');
    await expect(password).toBeFocused();
    await expect(forbidden).toBeVisible();
    await expect(forbidden).toHaveCount(1);
    await password.press('Backspace');
    await expect(forbidden).toBeHidden();

    await page.getByLabel('Username').fill('abc');
    await page.getByLabel('Username').blur();
    await expect(page.getByText('The username must be 6 to 14 characters long.')).toBeVisible();
    await page.getByLabel('Username').fill('игрок2024');
    await page.getByLabel('Username').blur();
    await expect(page.getByText(/Use only Latin letters \(A–Z\) and digits/)).toBeVisible();
    await page.getByLabel('Username').fill('abc');
    await page.getByRole('button', { name: 'Create account' }).click();
    const invalid = dialog(page, 'Registration failed');
    await expect(invalid).toContainText('Some fields are not filled in correctly');
    await expect(invalid).toContainText('Please complete the captcha.');
    await page.keyboard.press('Escape');
    // Back at the first field in error.
    await expect(page.getByLabel('Username')).toBeFocused();

    await register(page, 'demoplayer', 'Aden.Gate1', 'someone@example.com');
    await expect(dialog(page, 'Registration failed')).toContainText('This username is already taken');
    await page.keyboard.press('Escape');
    // The refusal keeps what was typed (the passwords were not the problem); only the captcha is new.
    await expect(page.getByLabel('Username')).toHaveValue('demoplayer');
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('Aden.Gate1');
    await expect(page.getByLabel('Repeat the email')).toHaveValue('someone@example.com');
    // The player is put on the field to correct, marked until it is changed; the reason was read in
    // the dialog and is not written again under the field (only told to a screen reader).
    const username = page.getByLabel('Username');
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(/This username is already taken/);
    await expect(page.locator('.form-field__error')).toHaveCount(0);
    await username.fill('demoplayer2');
    await expect(username).not.toHaveAccessibleDescription(/already taken/);
  });

  test('the captcha shows the same focus ring as the other controls', async ({ page }) => {
    await page.goto('/recover-password');
    const email = page.getByLabel('Email', { exact: true });
    const checkbox = page.getByRole('group', { name: 'Prove you are human' }).getByRole('checkbox');
    // A keyboard user starts on the form: the widget is made then.
    await waitForScript(page);
    await email.focus();
    await expect(checkbox).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(checkbox).toBeFocused();
    const ring = (element: Element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    };
    await page.keyboard.press('Shift+Tab');
    const fieldRing = await email.evaluate(ring);
    await page.keyboard.press('Tab');
    expect(await checkbox.evaluate(ring)).toBe(fieldRing);
    expect(fieldRing).toMatch(/^solid 3px/);
  });

  test('recover: the mail link shows a new password that then changes the password', async ({ page }) => {
    // Four forms, two captchas and a mail round trip: about half the default timeout here.
    test.slow();
    const username = uniqueName('Lost');
    const email = `${username.toLowerCase()}@example.com`;
    await register(page, username, 'Forgot.It1', email);
    await dialog(page, 'Registration complete').getByRole('button', { name: 'OK' }).click();

    await page.goto('/recover-password');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(dialog(page, 'Password recovery')).toContainText('we have sent a link');

    const mail = await waitForMail(MAIL_DIR, email);
    const link = /https?:\/\/\S+param=password_reset/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    const url = new URL(link as string);
    await page.goto(`/${url.search}`);
    const shown = dialog(page, 'Password recovery');
    await expect(shown).toContainText('Your new password is:');
    const newPassword = /Your new password is:\s*(\S+)/.exec(await shown.innerText())?.[1] ?? '';
    expect(newPassword).toMatch(/^\S{12}$/);
    expect(
      queryDatabase<{ password: string }>('select password from accounts where login = ?', username.toLowerCase())
        ?.password,
    ).toBe(l2jHash(newPassword));
    await shown.getByRole('button', { name: 'OK' }).click();

    await page.goto('/change-password');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password', { exact: true }).fill('Mine.Again2');
    await page.getByLabel('Repeat the new password').fill('Mine.Again2');
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog(page, 'Password changed')).toBeVisible();
    expect(
      queryDatabase<{ password: string }>('select password from accounts where login = ?', username.toLowerCase())
        ?.password,
    ).toBe(l2jHash('Mine.Again2'));

    // The link works once.
    await page.goto(`/${url.search}`);
    await expect(dialog(page, 'Password recovery')).toContainText('This link is not valid any more');
  });

  test('PIN: the new PIN is written for the character selection screen', async ({ page }) => {
    await page.goto('/change-pincode');
    await page.getByLabel('Username').fill('demotrader');
    await page.getByLabel('Password', { exact: true }).fill('Trade.Pass2');
    await page.getByLabel('Email', { exact: true }).fill('demotrader@example.com');
    await page.getByLabel('Character name').fill('DemoTrader');
    await page.getByLabel('New PIN').fill('24681357');
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Change PIN' }).click();
    await expect(dialog(page, 'PIN changed')).toBeVisible();
    const pin = queryDatabase<{ value: string }>(
      "select value from account_gsdata where account_name = 'demotrader' and var = 'secauth_pwd'",
    );
    expect(pin?.value).toBe(l2jHash('24681357'));
    await expectAccessible(page);
  });

  test('unblock: an offline character moves to town, an online one is refused', async ({ page }) => {
    const unblock = async (charName: string) => {
      await page.goto('/unblock-character');
      await page.getByLabel('Username').fill('demoplayer');
      await page.getByLabel('Password', { exact: true }).fill('Demo.Pass1');
      await page.getByLabel('Email', { exact: true }).fill('demoplayer@example.com');
      await page.getByLabel('Character name').fill(charName);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Unblock character' }).click();
    };
    await unblock('demoknight');
    await expect(dialog(page, 'Character unblocked')).toBeVisible();
    expect(queryDatabase('select x, y, z from characters where char_name = ?', 'DemoKnight')).toEqual({
      x: 83400,
      y: 147943,
      z: -3404,
    });
    await page.keyboard.press('Escape');

    await unblock('DemoArcher');
    await expect(dialog(page, 'Character not unblocked')).toContainText('The character is in the game');
  });
});
