import { type Page, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { register, signIn } from './support/account';
import {
  CONSOLE_FLAVORS,
  type ConsoleFlavor,
  ACCOUNT_PASSWORD,
  accessLevelOf,
  openConsoleSection,
  staffInConsole,
  withGameDatabase,
} from './support/console';
import { uniqueName } from './support/database';
import { waitForScript } from './support/fixtures';
import { wordsBrokenInCells } from './support/tables';
import { smallTargets } from './support/targets';
import { SIZES, oneSizeEach } from './support/sizes';
import { keepPicture } from './support/pictures';

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

/**
 * What needs the owner, written as the site writes it: a grant whose delivery failed (the
 * character was in the game) and a delivered donation refunded afterwards, whose coins the owner
 * takes back by hand (the ledger flags it).
 */
const seedTrouble = (flavor: ConsoleFlavor, offset: number) =>
  withGameDatabase(flavor, (db) => {
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

// One after the other: a flavour's tests share its instance's queue, ledgers and dashboard.
test.describe.configure({ mode: 'default' });

for (const [flavor, size] of oneSizeEach(CONSOLE_FLAVORS, ['phone', 'laptop'])) {
  test.describe(`An owner's day at the console on ${flavor.name} (${size})`, () => {
    test.use({ baseURL: INSTANCES[flavor.instance], ...SIZES[size] });

    test('alerts lead to the filtered sections; a retry, a resolution, a ban and an unban, each audited', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(240_000);
      const owner = await staffInConsole(page, flavor, 'owner', 'ow');
      const trouble = seedTrouble(flavor, 2);

      // The dashboard: its figure cards and what needs a hand, each a link to the filtered section.
      await page.reload();
      await waitForScript(page);
      await expect(page.getByRole('heading', { level: 4, name: 'Players online now' })).toBeVisible();
      await expect(page.getByTestId('console-trend').first()).toBeVisible();
      await expectWholeWords(page);
      await keepPicture(page, testInfo.outputPath(`dashboard-${flavor.name}-${size}.png`), { fullPage: true });
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
        `${trouble.failedGrant} is now ${flavor.delivery === 'queue' ? 'waiting' : 'delivered'} (was failed)`,
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
      await keepPicture(page, testInfo.outputPath(`donations-${flavor.name}-${size}.png`), { fullPage: true });

      // A player, banned for a day: the game's table says -1, the site refuses the sign-in.
      const player = uniqueName('pl').toLowerCase();
      const other = await browser.newContext({ baseURL: INSTANCES[flavor.instance], ...SIZES[size] });
      const playerPage = await other.newPage();
      await register(playerPage, player, ACCOUNT_PASSWORD);
      await openConsoleSection(page, 'Accounts');
      await page.getByRole('searchbox', { name: 'Login, email or character name' }).fill(player);
      await page.getByRole('button', { name: 'Look up' }).click();
      await page.getByLabel('How long').selectOption('1d');
      await page.getByLabel('Reason', { exact: true }).fill('Spamming the trade chat with a gold seller site');
      await page.getByRole('button', { name: 'Ban the account' }).click();
      await expect(page.getByRole('status')).toContainText(`${player}: access level 0 → -1`);
      expect(accessLevelOf(flavor, player)).toBe(-1);
      await expectWholeWords(page);
      await keepPicture(page, testInfo.outputPath(`accounts-${flavor.name}-${size}.png`), { fullPage: true });
      await playerPage.goto('/account');
      await waitForScript(playerPage);
      await signIn(playerPage, player, ACCOUNT_PASSWORD);
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
      await signIn(playerPage, player, ACCOUNT_PASSWORD);
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
      await keepPicture(page, testInfo.outputPath(`audit-${flavor.name}-${size}.png`), { fullPage: true });
    });
  });
}

/** The console's sections in the order of its navigation. */
const SECTIONS = ['Dashboard', 'Donations', 'Rewards', 'Votes', 'Accounts', 'News', 'Mail', 'Audit log'];

// The journey's logic runs once per flavour above; what a size changes (the frame, the menu, the
// tables) is seen here for both flavours at every size, in one owner's session.
for (const flavor of CONSOLE_FLAVORS) {
  test.describe(`The console's sections at 390, 1280 and 1920 px on ${flavor.name}`, () => {
    test.use({ baseURL: INSTANCES[flavor.instance], ...SIZES.desktop });

    test('a filtered deep link survives a reload and Back; no section breaks a word', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      await staffInConsole(page, flavor, 'owner', 'sz');
      seedTrouble(flavor, 3);
      const session = await page.context().storageState();
      for (const size of ['phone', 'laptop', 'desktop'] as const) {
        const context = await browser.newContext({
          baseURL: INSTANCES[flavor.instance],
          ...SIZES[size],
          storageState: session,
        });
        const view = await context.newPage();
        // A link shared by another owner: the section and its filter, straight from the address.
        await view.goto('/console/donations?flagged=true');
        await waitForScript(view);
        await expect(view.getByRole('main').getByRole('heading', { level: 2, name: 'Donations' })).toBeVisible();
        await expect(view.getByRole('checkbox', { name: 'Only those that need you' })).toBeChecked();
        await view.reload();
        await waitForScript(view);
        await expect(view.getByRole('checkbox', { name: 'Only those that need you' })).toBeChecked();
        for (const section of SECTIONS) {
          await openConsoleSection(view, section);
          await expectWholeWords(view);
          expect(
            await view.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            `${section} at ${size}: nothing wider than the window`,
          ).toBeLessThanOrEqual(0);
          if (size === 'phone') expect(await smallTargets(view), `${section}: small targets`).toEqual([]);
          // The pictures of docs/owner/console.md (docs/images/console) are these first screens, on L2J.
          if (flavor.name === 'L2J') {
            const file = `${size}-${section.toLowerCase().replace(' ', '-')}.png`;
            await keepPicture(view, testInfo.outputPath(file), { scale: 'css' });
          }
        }
        // Back walks the sections the owner opened, down to the shared link's filter.
        await view.goBack();
        await expect(view.getByRole('main').getByRole('heading', { level: 2, name: 'Mail' })).toBeVisible();
        await view.goBack();
        await expect(view.getByRole('main').getByRole('heading', { level: 2, name: 'News' })).toBeVisible();
        await context.close();
      }
    });
  });
}
