import { type Page, expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../playwright.config';
import { codeAfter, expectSignedIn, openAccount, readAuthenticatorSecret, register, signIn, totpCode } from './account';
import { uniqueName } from './database';
import { waitForScript } from './fixtures';

/**
 * What the console's end-to-end specs share: the two game flavours they run on, the game's
 * access level that makes a staff member (docs/owner/console.md#who-gets-in), and the way in a
 * staff member takes (authenticator on, then the console's step-up).
 */

/** The password of every account the console's specs register. */
export const ACCOUNT_PASSWORD = 'Aden.Gate1';

/** The game flavours, with the columns and the delivery each one's schema has. */
export const CONSOLE_FLAVORS = [
  { name: 'L2J', instance: 'default', accessLevel: 'accessLevel', charKey: 'charId', delivery: 'premiumItems' },
  { name: 'aCis', instance: 'acis', accessLevel: 'access_level', charKey: 'obj_Id', delivery: 'queue' },
] as const;
export type ConsoleFlavor = (typeof CONSOLE_FLAVORS)[number];

/** The game's access levels of the console's roles, and the words the console's top bar shows. */
export const STAFF_ROLES = {
  gm: { level: 100, shown: 'game master' },
  owner: { level: 127, shown: 'owner' },
} as const;
export type StaffRole = keyof typeof STAFF_ROLES;

/** The flavour's game database (the e2e instances' SQLite files), open for the time of `use`. */
export const withGameDatabase = <T>(flavor: ConsoleFlavor, use: (db: Database.Database) => T): T => {
  const db = new Database(DATABASE_FILE(flavor.instance), { fileMustExist: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
};

export const setAccessLevel = (flavor: ConsoleFlavor, login: string, level: number) =>
  withGameDatabase(flavor, (db) =>
    db.prepare(`update accounts set ${flavor.accessLevel} = ? where login = ?`).run(level, login),
  );

export const accessLevelOf = (flavor: ConsoleFlavor, login: string) =>
  withGameDatabase(
    flavor,
    (db) =>
      (
        db.prepare(`select ${flavor.accessLevel} as level from accounts where login = ?`).get(login) as {
          level: number;
        }
      ).level,
  );

/** An authenticator switched on in My account's Security tab (signed in): its secret and when. */
export const switchAuthenticatorOn = async (page: Page) => {
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Switch on' }).click();
  const secret = await readAuthenticatorSecret(page);
  const confirmedAt = Date.now();
  await page.getByLabel('Code').fill(totpCode(secret, confirmedAt));
  await page.getByRole('button', { name: 'Switch on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return { secret, confirmedAt };
};

/** The console's step-up with the authenticator's next code; the top bar then names the staff member. */
export const stepUpIntoConsole = async (
  page: Page,
  authenticator: { secret: string; confirmedAt: number },
  staff: { login: string; role: StaffRole },
) => {
  await page.goto('/console');
  await waitForScript(page);
  const stepUp = page.getByRole('region', { name: 'Confirm it is you' });
  await stepUp.getByLabel('Code').fill(codeAfter(authenticator.secret, authenticator.confirmedAt).code);
  await stepUp.getByRole('button', { name: 'Open the console' }).click();
  // The top bar names the staff member before the step-up too: the code form gone is the proof
  // that the server took the step-up (a reload before its answer would find none).
  await expect(stepUp).toBeHidden();
  await expect(page.getByRole('banner').getByText(`${staff.login} · ${STAFF_ROLES[staff.role].shown}`)).toBeVisible();
};

/**
 * A new account made a staff member in the flavour's game table, signed in, its authenticator
 * on, and stepped up into the console: its login.
 */
export const staffInConsole = async (page: Page, flavor: ConsoleFlavor, role: StaffRole, prefix: string) => {
  const login = uniqueName(prefix).toLowerCase();
  await register(page, login, ACCOUNT_PASSWORD);
  await openAccount(page);
  await signIn(page, login, ACCOUNT_PASSWORD);
  await expectSignedIn(page, login);
  setAccessLevel(flavor, login, STAFF_ROLES[role].level);
  const authenticator = await switchAuthenticatorOn(page);
  await stepUpIntoConsole(page, authenticator, { login, role });
  return login;
};

/**
 * Opens a console section from its navigation, as a staff member does: on a phone the sections
 * are behind the menu button. The section's name becomes the page's heading and its address the
 * page's (docs/product.md#console).
 */
export const openConsoleSection = async (page: Page, name: string) => {
  // The console's frame puts the sections behind the menu up to 900 px wide (console-shell.css).
  if ((page.viewportSize()?.width ?? 0) <= 900) {
    const menu = page.getByRole('button', { name: 'Sections' });
    await expect(menu).toBeVisible();
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
};

/** The console's navigation, once stepped up (its links are behind the menu button on a phone). */
export const consoleSections = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
