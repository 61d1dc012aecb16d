import { type Page, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { DATABASE_FILE, INSTANCES } from '../playwright.config';
import { codeAfter, register, signIn, totpCode } from './support/account';
import { openConsoleSection } from './support/console';
import { uniqueName } from './support/database';
import { waitForScript } from './support/fixtures';
import { wordsBrokenInCells } from './support/tables';
import { SIZES, oneSizeEach } from './support/sizes';

/**
 * An owner's day at the console (docs/owner/console.md) on L2J and aCis, at a phone's 390 px, a
 * laptop's 1280 × 720 and a desktop's 1920 px: the dashboard's alerts lead to the filtered
 * section, whose address survives a reload and Back; a failed delivery is retried and a flagged
 * refund resolved from there; a player is banned (the game's own table says -1, the site refuses
 * the sign-in) and unbanned (let in again), each action in the audit log under the owner's name;
 * and no table cell on the way breaks a word.
 */
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

const PASSWORD = 'Aden.Gate1';
const FLAVORS = [
  { name: 'L2J', instance: 'default', accessLevel: 'accessLevel', charKey: 'charId', delivery: 'premiumItems' },
  { name: 'aCis', instance: 'acis', accessLevel: 'access_level', charKey: 'obj_Id', delivery: 'queue' },
] as const;
type Flavor = (typeof FLAVORS)[number];

const withDatabase = <T>(flavor: Flavor, use: (db: Database.Database) => T): T => {
  const db = new Database(DATABASE_FILE(flavor.instance), { fileMustExist: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
};

const accessLevelOf = (flavor: Flavor, login: string) =>
  withDatabase(
    flavor,
    (db) =>
      (
        db.prepare(`select ${flavor.accessLevel} as level from accounts where login = ?`).get(login) as {
          level: number;
        }
      ).level,
  );

/** An owner: registered, the game's access level 127, the authenticator on, stepped up at the console. */
const becomeOwner = async (page: Page, flavor: Flavor, login: string) => {
  await register(page, login, PASSWORD);
  await page.goto('/account');
  await waitForScript(page);
  await signIn(page, login, PASSWORD);
  await expect(page.getByText(`Signed in as ${login}`)).toBeVisible();
  withDatabase(flavor, (db) =>
    db.prepare(`update accounts set ${flavor.accessLevel} = 127 where login = ?`).run(login),
  );
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Switch on' }).click();
  const secret = await page.getByLabel('Secret:').inputValue();
  const confirmedAt = Date.now();
  await page.getByLabel('Code').fill(totpCode(secret, confirmedAt));
  await page.getByRole('button', { name: 'Switch on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.goto('/console');
  await waitForScript(page);
  const stepUp = page.getByRole('region', { name: 'Confirm it is you' });
  await stepUp.getByLabel('Code').fill(codeAfter(secret, confirmedAt).code);
  await stepUp.getByRole('button', { name: 'Open the console' }).click();
  await expect(page.getByRole('banner').getByText(`${login} · owner`)).toBeVisible();
};

/**
 * What needs the owner, written as the site writes it: a grant whose delivery failed (the
 * character was in the game) and a delivered donation refunded afterwards, whose coins the owner
 * takes back by hand (the ledger flags it).
 */
const seedTrouble = (flavor: Flavor, offset: number) =>
  withDatabase(flavor, (db) => {
    const character = db
      .prepare(
        `select ${flavor.charKey} as id, char_name as name from characters where online = 0 order by ${flavor.charKey} limit 1 offset ?`,
      )
      .get(offset) as { id: number; name: string };
    const now = Date.now();
    const failedGrant = `e2e:${uniqueName('g')}`;
    db.prepare(
      `insert into site_reward_queue (request_id, char_id, item_id, item_count, reason, delivery, status,
       attempts, last_error, created_at, updated_at, delivered_at)
       values (?, ?, 57, 3, 'vote', ?, 'failed', 3, 'the character was in the game', ?, ?, null)`,
    ).run(failedGrant, character.id, flavor.delivery, now, now);
    const refunded = `E2E${uniqueName('R').toUpperCase()}`;
    const insertDonation = db.prepare(
      `insert into site_donations (provider, txn_id, kind, parent_txn_id, char_name, char_id, amount_cents,
       currency, coins, payer_email, status, reward_status, created_at, updated_at)
       values ('paypal', ?, ?, ?, ?, ?, ?, 'EUR', 100, '', ?, ?, ?, ?)`,
    );
    insertDonation.run(refunded, 'payment', '', character.name, character.id, 1000, 'credited', 'delivered', now, now);
    insertDonation.run(
      `${refunded}RF`,
      'refund',
      refunded,
      character.name,
      character.id,
      -1000,
      'in_game',
      '',
      now,
      now,
    );
    db.prepare(
      `insert into site_reward_queue (request_id, char_id, item_id, item_count, reason, delivery, status,
       attempts, last_error, created_at, updated_at, delivered_at)
       values (?, ?, 4037, 100, 'donation', ?, 'delivered', 1, null, ?, ?, ?)`,
    ).run(`paypal:${refunded}`, character.id, flavor.delivery, now, now, now);
    return { failedGrant, refunded };
  });

/** The tables of the page as it stands break no word over two lines. */
const expectWholeWords = async (page: Page) => expect(await wordsBrokenInCells(page)).toEqual([]);

// One after the other: an owner's retry delivers every failed grant of the instance.
test.describe.configure({ mode: 'default' });

for (const [flavor, size] of oneSizeEach(FLAVORS, ['phone', 'laptop'])) {
  test.describe(`An owner's day at the console on ${flavor.name} (${size})`, () => {
    test.use({ baseURL: INSTANCES[flavor.instance], ...SIZES[size] });

    test('alerts lead to the filtered sections; a retry, a resolution, a ban and an unban, each audited', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(240_000);
      const owner = uniqueName('ow').toLowerCase();
      await becomeOwner(page, flavor, owner);
      const trouble = seedTrouble(flavor, 2);

      // The dashboard: its figure cards and what needs a hand, each a link to the filtered section.
      await page.reload();
      await waitForScript(page);
      await expect(page.getByRole('heading', { level: 4, name: 'Players online now' })).toBeVisible();
      await expect(page.getByTestId('console-trend').first()).toBeVisible();
      await expectWholeWords(page);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${flavor.name}-${size}.png`), fullPage: true });
      const attention = page.getByRole('region', { name: 'Needs your attention' });
      await attention.getByRole('link', { name: /^Rewards that did not reach the game/ }).click();
      await expect(page).toHaveURL(/\/console\/rewards\?status=failed$/);
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('failed');
      // The address is the filter: a reload keeps it, Back returns to the dashboard.
      await page.reload();
      await waitForScript(page);
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('failed');
      const retry = page.getByRole('button', { name: `Retry ${trouble.failedGrant}` });
      await expect(retry).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
      await page.goForward();
      await retry.click();
      await expect(page.getByRole('status')).toContainText(
        `${trouble.failedGrant} is now ${flavor.delivery === 'queue' ? 'pending' : 'delivered'} (was failed)`,
      );
      await expectWholeWords(page);

      // The flagged refund, from the dashboard's alert: resolved with what the owner did.
      await openConsoleSection(page, 'Dashboard');
      await attention.getByRole('link', { name: /^Refunds and reversals this month/ }).click();
      await expect(page).toHaveURL(/\/console\/donations\?flagged=true$/);
      await page.getByRole('button', { name: `Resolve ${trouble.refunded}` }).click();
      await page.getByLabel('What you did').fill('100 coins taken back in the game by hand');
      await page.getByRole('button', { name: 'Mark as resolved' }).click();
      await expect(page.getByRole('status')).toContainText(`${trouble.refunded}: now resolved (was flagged)`);
      await expect(page.getByRole('button', { name: `Resolve ${trouble.refunded}` })).toHaveCount(0);
      await expectWholeWords(page);
      await page.screenshot({ path: testInfo.outputPath(`donations-${flavor.name}-${size}.png`), fullPage: true });

      // A player, banned for a day: the game's table says -1, the site refuses the sign-in.
      const player = uniqueName('pl').toLowerCase();
      const other = await browser.newContext({ baseURL: INSTANCES[flavor.instance], ...SIZES[size] });
      const playerPage = await other.newPage();
      await register(playerPage, player, PASSWORD);
      await openConsoleSection(page, 'Accounts');
      await page.getByRole('searchbox', { name: 'Login, email or character name' }).fill(player);
      await page.getByRole('button', { name: 'Look up' }).click();
      await page.getByLabel('How long').selectOption('1d');
      await page.getByLabel('Reason', { exact: true }).fill('Spamming the trade chat with a gold seller site');
      await page.getByRole('button', { name: 'Ban the account' }).click();
      await expect(page.getByRole('status')).toContainText(`${player}: access level 0 → -1`);
      expect(accessLevelOf(flavor, player)).toBe(-1);
      await expectWholeWords(page);
      await page.screenshot({ path: testInfo.outputPath(`accounts-${flavor.name}-${size}.png`), fullPage: true });
      await playerPage.goto('/account');
      await waitForScript(playerPage);
      await signIn(playerPage, player, PASSWORD);
      await expect(playerPage.getByText(/banned/).first()).toBeVisible();
      await expect(playerPage.getByText(`Signed in as ${player}`)).toHaveCount(0);

      // Unbanned: the level it had, and the player is let in. The session the ban refused reads
      // only its ban; the player signs out of it and in again.
      await page.getByRole('button', { name: `Unban ${player}` }).click();
      await page.getByLabel('Reason', { exact: true }).first().fill('Appealed: a shared computer, first time');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('status')).toContainText(`${player}: access level -1 → 0`);
      expect(accessLevelOf(flavor, player)).toBe(0);
      await playerPage.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
      await signIn(playerPage, player, PASSWORD);
      await expect(playerPage.getByText(`Signed in as ${player}`)).toBeVisible();
      await other.close();

      // Every action once in the audit log, under the owner's name.
      await openConsoleSection(page, 'Audit log');
      await page.getByRole('searchbox', { name: 'Search the log' }).fill(owner);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const log = page.getByRole('table', { name: 'Audit log' });
      for (const action of ['reward.retry', 'donation.resolve', 'account.ban', 'account.unban']) {
        await expect(log.getByRole('row').filter({ hasText: action })).toHaveCount(1);
      }
      await expect(log.getByRole('row').filter({ hasText: 'account.ban' })).toContainText(player);
      await expectWholeWords(page);
      await page.screenshot({ path: testInfo.outputPath(`audit-${flavor.name}-${size}.png`), fullPage: true });
    });
  });
}
