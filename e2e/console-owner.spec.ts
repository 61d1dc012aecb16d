import { readFile } from 'node:fs/promises';
import { CALLS, COOKIES } from '@gatekeeper/contract/lite';
import { SAMPLE_INPUTS } from '@gatekeeper/contract/sample-inputs';
import { type Page, expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { INSTANCES } from '../playwright.config';
import { expectSignedIn, openAccount, register, signIn } from './support/account';
import {
  ACCOUNT_PASSWORD,
  CONSOLE_FLAVORS,
  STAFF_ROLES,
  openConsoleSection,
  setAccessLevel,
  stepUpIntoConsole,
  switchAuthenticatorOn,
  withGameDatabase,
} from './support/console';
import { uniqueName } from './support/database';
import { SIZES, oneSizeEach } from './support/sizes';
import { keepPicture } from './support/pictures';

/**
 * The console's owner sections (docs/product.md#console-donations-votes-and-accounts), L2J at
 * 1920 px and aCis on a 390 px phone (e2e/support/sizes.ts): an owner steps up with the
 * authenticator, finds a donation whose delivery failed, retries it and the coins reach the
 * game's table once; the donations CSV downloads and parses; a player's session is refused on
 * every console call.
 */
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

/** Every console call with a valid input (the contract's samples), so only who sends it decides the answer. */
const CONSOLE_CALLS = Object.entries(CALLS)
  .filter(([, call]) => call.path.startsWith('/sdk/console/'))
  .map(([name, call]) => {
    const sample = (SAMPLE_INPUTS as Record<string, Record<string, unknown> | undefined>)[name] ?? {};
    return call.method === 'GET'
      ? {
          method: call.method,
          path: call.path,
          url: `${call.path}?${new URLSearchParams(Object.entries(sample).map(([key, value]) => [key, String(value)])).toString()}`,
          body: undefined,
        }
      : { method: call.method, path: call.path, url: call.path, body: JSON.stringify(sample) };
  });

/** Every console call, made from the page with its cookies and the anti-forgery header: the statuses. */
const walkConsoleCalls = (page: Page) =>
  page.evaluate(
    async ({ calls, csrf }) => {
      // As api/client.ts reads it: `__Host-XSRF-TOKEN` on https, `XSRF-TOKEN` on plain http.
      const cookies = document.cookie.split('; ');
      const token = [`__Host-${csrf.name}`, csrf.name]
        .map((name) => cookies.find((cookie) => cookie.startsWith(`${name}=`))?.slice(name.length + 1))
        .find((value) => value !== undefined);
      const answers: { path: string; status: number; body: string }[] = [];
      for (const call of calls) {
        const response = await fetch(call.url, {
          method: call.method,
          // As the page does: the anti-forgery token on every call, console reads included.
          headers: { 'content-type': 'application/json', [csrf.header]: decodeURIComponent(token ?? '') },
          body: call.body,
        });
        answers.push({ path: call.path, status: response.status, body: await response.text() });
      }
      return answers;
    },
    { calls: CONSOLE_CALLS, csrf: COOKIES.csrf },
  );

for (const [flavor, size] of oneSizeEach(CONSOLE_FLAVORS, ['desktop', 'phone'])) {
  test.describe(`The console's owner sections on ${flavor.name} (${size})`, () => {
    test.use({ baseURL: INSTANCES[flavor.instance], ...SIZES[size] });

    test('an owner retries a failed donation delivery once and downloads the CSV; a player is refused everywhere', async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      const login = uniqueName('co').toLowerCase();
      await register(page, login, ACCOUNT_PASSWORD);
      await openAccount(page);
      await signIn(page, login, ACCOUNT_PASSWORD);
      await expectSignedIn(page, login);

      // A player's session: every console call refused, whatever it is.
      const refused = await walkConsoleCalls(page);
      expect(refused.length).toBeGreaterThanOrEqual(15);
      for (const answer of refused) {
        expect({ path: answer.path, status: answer.status, body: answer.body }).toEqual({
          path: answer.path,
          status: 403,
          body: '["consoleForbidden"]',
        });
      }

      // The owner: the game's access level 127, then the authenticator switched on.
      setAccessLevel(flavor, login, STAFF_ROLES.owner.level);
      await openAccount(page);
      await stepUpIntoConsole(page, await switchAuthenticatorOn(page), { login, role: 'owner' });
      // A donation whose coins could not be delivered (the character was in the game). The e2e
      // instances retry failed grants once a day (rewards.retrySeconds in settings.default.json),
      // so the owner's retry is the one that delivers it.
      const txnId = `E2E${uniqueName('T').toUpperCase()}`;
      const character = withGameDatabase(flavor, (db) => {
        const row = db
          // Not the character console-journeys.spec.ts delivers to (offset 2): each spec counts
          // the deliveries to a character of its own.
          .prepare(
            `select ${flavor.charKey} as id, char_name as name from characters where online = 0 order by ${flavor.charKey} limit 1 offset ?`,
          )
          .get(1) as { id: number; name: string };
        const now = Date.now();
        db.prepare(
          `insert into site_donations (provider, txn_id, kind, parent_txn_id, char_name, char_id, amount_cents,
             currency, coins, payer_email, status, reward_status, created_at, updated_at)
             values ('paypal', ?, 'payment', '', ?, ?, 1000, 'EUR', 100, '', 'credited', 'failed', ?, ?)`,
        ).run(txnId, row.name, row.id, now, now);
        db.prepare(
          `insert into site_reward_queue (request_id, char_id, item_id, item_count, reason, delivery, status,
             attempts, last_error, created_at, updated_at, delivered_at)
             values (?, ?, 4037, 100, 'donation', ?, 'failed', 3, 'the character was in the game', ?, ?, null)`,
        ).run(`paypal:${txnId}`, row.id, flavor.delivery, now, now);
        return row;
      });
      // L2J: the coins' rows in character_premium_items. aCis has no table to deliver to (the
      // grant waits in the site's queue for a game mod, docs/owner/payments.md): the queue's row.
      const delivered = () =>
        withGameDatabase(flavor, (db) =>
          flavor.delivery === 'premiumItems'
            ? (
                db
                  .prepare(
                    `select count(*) as n from character_premium_items where charId = ? and itemId = 4037 and itemCount = 100`,
                  )
                  .get(character.id) as { n: number }
              ).n
            : (
                db
                  .prepare(`select count(*) as n from site_reward_queue where request_id = ? and status = 'pending'`)
                  .get(`paypal:${txnId}`) as { n: number }
              ).n,
        );
      const before = delivered();

      await openConsoleSection(page, 'Donations');
      await page.getByRole('searchbox', { name: 'Login, character, PayPal id or payer email' }).fill(txnId);
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const ledger = page.getByRole('table', { name: 'Donations' });
      await expect(ledger.getByRole('row').filter({ hasText: txnId })).toHaveCount(1);
      await expect(ledger.getByRole('row').filter({ hasText: txnId })).toContainText('needs you');
      await keepPicture(page, testInfo.outputPath(`donations-${flavor.name}-${size}.png`), { fullPage: true });

      await page.getByRole('button', { name: `Retry the delivery of ${txnId}` }).click();
      await expect(page.getByRole('status')).toContainText(
        `${txnId}: now ${flavor.delivery === 'queue' ? 'pending' : 'delivered'} (was failed)`,
      );
      await expect(page.getByRole('button', { name: `Retry the delivery of ${txnId}` })).toHaveCount(0);
      expect(delivered() - before).toBe(1);

      // The CSV of the search downloads and parses; the row is the donation's.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('search').getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^donations-\d{4}-\d\d-\d\d\.csv$/);
      const rows: string[][] = parse(await readFile(await download.path(), 'utf8'), { bom: true });
      expect(rows[0]?.slice(0, 2)).toEqual(['started (UTC)', 'state']);
      expect(rows.filter((row) => row[12] === txnId)).toHaveLength(1);
      expect(rows.find((row) => row[12] === txnId)?.[3]).toBe(character.name);

      // The audit log holds the step-up, the retry and the export.
      await openConsoleSection(page, 'Audit log');
      await page.getByRole('searchbox', { name: 'Search the log' }).fill(login);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log.getByRole('row').filter({ hasText: 'donation.retry' })).toHaveCount(1);
      await expect(log.getByRole('row').filter({ hasText: 'donations.export' })).toHaveCount(1);

      // Votes and Accounts answer (the demo world holds a month of vote claims); the look-up of
      // the owner's own login is audited too.
      await openConsoleSection(page, 'Votes');
      await expect(page.getByRole('table', { name: /^Vote rewards per site/ }).first()).toBeVisible();
      await openConsoleSection(page, 'Accounts');
      await page.getByRole('searchbox', { name: 'Login, email or character name' }).fill(character.name);
      await page.getByRole('button', { name: 'Look up' }).click();
      await expect(page.getByRole('table', { name: /^Characters: / })).toContainText(character.name);
      await keepPicture(page, testInfo.outputPath(`accounts-${flavor.name}-${size}.png`), { fullPage: true });
      // Retried once: nothing more reached the game.
      expect(delivered() - before).toBe(1);
    });
  });
}
