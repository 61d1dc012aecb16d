import { type Browser, type Locator, type Page, expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { solveCaptcha } from './captcha';
import { waitForScript } from './fixtures';
import { SIZES, type Size } from './sizes';

export { SIZES, type Size };

/**
 * What the end-to-end tests of a player's account do again and again: register through the
 * register page, sign in on My account (docs/product.md#my-account), pass the second step, compute
 * an authenticator's code, and the phone and desktop sizes the My account specs run at.
 */

/** A second browser (its own cookies) at one of the sizes. */
export const newContext = (browser: Browser, baseURL: string, size: Size) =>
  browser.newContext({ baseURL, ...SIZES[size] });

export const dialog = (page: Page) => page.getByRole('dialog');
export const closeDialog = (page: Page) => dialog(page).getByRole('button', { name: 'OK' }).click();

/** A new account through the register page, with its captcha; the email defaults to login@example.com. */
export const register = async (page: Page, login: string, password: string, email = `${login}@example.com`) => {
  await page.goto('/register');
  await waitForScript(page);
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Repeat the email').fill(email);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Registration complete' })).toBeVisible();
};

export const openAccount = async (page: Page) => {
  await page.goto('/account');
  await waitForScript(page);
};

/** The password step of My account's sign-in form, with its own captcha (a vote panel may have another). */
export const signIn = async (page: Page, login: string, password: string) => {
  const form: Locator = page.getByRole('region', { name: 'Sign in' });
  await form.getByLabel('Username').fill(login);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page, form);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** The second step: an authenticator's code or a recovery code. */
export const secondStep = async (page: Page, code: string) => {
  const step = page.getByRole('region', { name: 'Second step' });
  await step.getByLabel('Code').fill(code);
  await step.getByRole('button', { name: 'Confirm' }).click();
};

export const expectSignedIn = (page: Page, login: string) =>
  expect(page.getByText(`Signed in as ${login}`)).toBeVisible();
export const expectSignedOut = (page: Page) => expect(page.getByRole('region', { name: 'Sign in' })).toBeVisible();

/** The page's own sign-out (the menu's shows on wider screens only). */
export const signOut = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();

export const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

/**
 * The authenticator's secret as the Security tab shows it while switching on (in groups of four,
 * beside its copy button), as an authenticator app takes it: base32, no spaces.
 */
export const readAuthenticatorSecret = async (page: Page): Promise<string> => {
  const shown = page.getByRole('group', { name: 'Secret:' }).locator('code');
  await expect(shown).toBeVisible();
  return ((await shown.textContent()) ?? '').replace(/\s+/g, '');
};

const STEP_MS = 30_000;
const stepOf = (at: number) => Math.floor(at / STEP_MS);

/** The authenticator's code of a secret at a time (now by default), as the app computes it (RFC 6238). */
export const totpCode = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/**
 * A code of the secret for a time step after the one of `after` (each step's code is taken once),
 * at once: the server takes the code of the step after the current one too (one step each way, for
 * a phone's clock a little ahead), so no test waits up to 30 s for the next step. `at` is the
 * code's time, for the next call.
 */
export const codeAfter = (secret: string, after: number) => {
  const at = Math.max(stepOf(Date.now()), stepOf(after) + 1) * STEP_MS;
  return { code: totpCode(secret, at), at };
};

/** As the server shows an email: the name's first and last character. */
export const masked = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name[0]}***${name.at(-1)}@${domain}`;
};
