import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { INSTANCES, SECOND_REALM_DATABASE_FILE, VOTE_API } from '../playwright.config';
import { dialog, expectSignedIn, openAccount, openTab, signIn } from './support/account';
import { solveCaptcha } from './support/captcha';
import { queryDatabaseOf } from './support/database';
import { expectAccessible, waitForScript, waitForShell } from './support/fixtures';
import { keepPicture } from './support/pictures';
import { SIZES, type Size } from './support/sizes';

/**
 * Realms (decision 049) on the realms instance: two game servers on one login database, the
 * second ("Sieghardt x50", slug x50) on a game database of its own. At a phone's 390 px and at
 * 1920 px: a shared ranking link of the second realm lands on it with its rows in the HTML, My
 * account lists the characters of both realms, a character of the second realm is unblocked, and
 * a player votes with a character of the second realm and finds the reward there, once. At 390 px,
 * the anonymous unblock (password typed, no session) asks the game server first and moves the
 * second realm's character there, and a player buys a shop offer for a character of the second
 * realm: delivered in its game only.
 */
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1920', 'the sizes are set by the spec itself');
});

/** A row of the second realm's own game database. */
const secondRealmRow = <T>(sql: string, ...params: unknown[]): T | undefined => {
  const db = new Database(SECOND_REALM_DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
};

/** Moves a character of the second realm's game away from town, as a stuck character is. */
const placeInSecondRealm = (charName: string, at: { x: number; y: number; z: number }) => {
  const db = new Database(SECOND_REALM_DATABASE_FILE, { fileMustExist: true, timeout: 5_000 });
  try {
    db.prepare('UPDATE characters SET x = ?, y = ?, z = ? WHERE char_name = ?').run(at.x, at.y, at.z, charName);
  } finally {
    db.close();
  }
};

/** The vote items (4037) a character holds at the Dimensional Merchant, in the second realm's game or the first's. */
const voteItemsOf = (realm: 'first' | 'second', charId: number) => {
  const sql =
    'SELECT COALESCE(SUM(itemCount), 0) AS total FROM character_premium_items WHERE charId = ? AND itemId = 4037';
  const row =
    realm === 'second'
      ? secondRealmRow<{ total: number }>(sql, charId)
      : queryDatabaseOf<{ total: number }>('realms', sql, charId);
  return row?.total ?? 0;
};

/** Each size votes with a character of its own, so the two at once count their own rewards. */
const VOTER_OF: Record<Size, string> = { phone: 'SiegeArcher', desktop: 'SiegeTrader', laptop: 'SiegeKnight' };

const SIZES_SEEN: Size[] = ['phone', 'desktop'];
for (const size of SIZES_SEEN) {
  test.describe(`realms (${size})`, () => {
    test.use({ baseURL: INSTANCES.realms, ...SIZES[size] });

    test("a ranking link of the second realm lands on it, its rows in the page's HTML", async ({ page, request }) => {
      const rows = (await (await request.get('/sdk/getscorestatistics?realm=x50')).json()) as { name: string }[];
      const first = (await (await request.get('/sdk/getscorestatistics')).json()) as { name: string }[];
      const top = rows[0]?.name;
      expect(top).toBeDefined();
      expect(rows.map((row) => row.name)).not.toEqual(first.map((row) => row.name));

      // The HTML as a fresh browser gets it carries the second realm's rows, and its own addresses.
      const html = await (await request.get('/x50/statistics/score')).text();
      expect(html).toContain(`>${top}<`);
      expect(html).toContain(`<link rel="canonical" href="${INSTANCES.realms}/x50/statistics/score" />`);
      expect(html).toContain(`hreflang="ru" href="${INSTANCES.realms}/ru/x50/statistika/ochki"`);
      expect(html).toContain(`<meta property="og:url" content="${INSTANCES.realms}/x50/statistics/score" />`);

      await page.goto('/x50/statistics/score');
      const switcher = page.getByRole('navigation', { name: 'Game servers' });
      await expect(switcher.getByRole('link', { name: 'Sieghardt x50' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(top!);
      await waitForScript(page);
      await expectAccessible(page);

      // The switcher leads to the first realm's page at today's address, and back.
      await switcher.getByRole('link', { name: 'Bartz x5' }).click();
      await expect(page).toHaveURL(`${INSTANCES.realms}/statistics/score`);
      await expect(switcher.getByRole('link', { name: 'Bartz x5' })).toHaveAttribute('aria-current', 'page');
      await switcher.getByRole('link', { name: 'Sieghardt x50' }).click();
      await expect(page).toHaveURL(`${INSTANCES.realms}/x50/statistics/score`);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(top!);
    });

    test('My account lists the characters of both realms; a character of the second realm is unblocked', async ({
      page,
    }) => {
      await openAccount(page);
      await signIn(page, 'demoplayer', 'Demo.Pass1');
      await expectSignedIn(page, 'demoplayer');
      await openTab(page, 'Characters');
      const panel = page.getByRole('tabpanel');
      const low = panel.getByRole('region', { name: 'Characters on Bartz x5' });
      const high = panel.getByRole('region', { name: 'Characters on Sieghardt x50' });
      await expect(low.getByRole('heading', { name: /DemoKnight/ })).toBeVisible();
      await expect(high.getByRole('heading', { name: /SiegeKnight/ })).toBeVisible();
      await expect(low.getByRole('heading', { name: /SiegeKnight/ })).toHaveCount(0);
      await expectAccessible(page);

      // Away from town, then unblocked from My account: moved in the second realm's database.
      const knight = high.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /SiegeKnight/ }) });
      await knight.getByRole('button', { name: 'Unblock character' }).click();
      await expect(dialog(page)).toContainText('Character unblocked');
      const moved = secondRealmRow<{ x: number; y: number }>(
        "SELECT x, y FROM characters WHERE char_name = 'SiegeKnight'",
      );
      // Giran's safe spot (accounts.unstuckTown's default).
      expect(moved).toEqual({ x: 83_400, y: 147_943 });
    });

    test('a player votes with a character of the second realm and finds the reward there, once', async ({
      page,
      request,
    }) => {
      // This test's player, behind the proxy the instance trusts: votes are counted per address.
      const voter = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
      const character = VOTER_OF[size];
      const charId = secondRealmRow<{ charId: number }>(
        'SELECT charId FROM characters WHERE char_name = ?',
        character,
      )?.charId;
      expect(charId).toBeDefined();
      const before = { second: voteItemsOf('second', charId!), first: voteItemsOf('first', charId!) };
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': voter });
      await page.goto('/');
      await waitForShell(page);
      const panel = page.getByRole('region', { name: 'Vote for us' });
      // The realm first, the first one preselected; the name is looked for in the realm chosen.
      const realm = panel.getByRole('combobox', { name: 'Game server' });
      await expect(realm).toHaveValue('x5');
      await expect(panel.getByRole('link', { name: /L2TopZone/ })).toBeVisible();
      await realm.selectOption({ label: 'Sieghardt x50' });
      await panel.getByLabel('Vote reward character').fill(character);
      await panel.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();
      // The second realm's own vote site, where the player votes.
      await expect(panel.getByRole('link', { name: /L2Votes/ })).toBeVisible();
      await expect(panel.getByRole('link', { name: /L2TopZone/ })).toHaveCount(0);
      expect((await request.post(`${VOTE_API}/control/vote?site=l2votes&ip=${voter}`)).ok()).toBe(true);

      const rewards = page.getByRole('form', { name: 'Vote rewards' });
      await expect(rewards).toContainText(`they go to ${character} on Sieghardt x50`);
      await solveCaptcha(page);
      await rewards.getByRole('button', { name: 'Get my vote rewards' }).click();
      const results = rewards.getByRole('status');
      await expect(results.getByRole('listitem').filter({ hasText: 'L2Votes' })).toContainText('Rewarded');
      // In the second realm's game: 5 coins at the Dimensional Merchant; none in the first realm's.
      expect(voteItemsOf('second', charId!) - before.second).toBe(5);
      expect(voteItemsOf('first', charId!)).toBe(before.first);
      await expectAccessible(page);

      // Again, with a new captcha: nothing more.
      await solveCaptcha(page);
      await rewards.getByRole('button', { name: 'Get my vote rewards' }).click();
      await expect(results.getByRole('listitem').filter({ hasText: 'L2Votes' })).toContainText('Already rewarded');
      expect(voteItemsOf('second', charId!) - before.second).toBe(5);
    });
  });
}

test.describe('realms: the anonymous unblock (phone)', () => {
  test.use({ baseURL: INSTANCES.realms, ...SIZES.phone });

  test("asks the game server first and moves the second realm's character in that realm's game", async ({ page }) => {
    placeInSecondRealm('SiegeKnight', { x: 11, y: 22, z: 33 });
    const firstKnight = queryDatabaseOf<{ x: number; y: number }>(
      'realms',
      "SELECT x, y FROM characters WHERE char_name = 'DemoKnight'",
    );
    await page.goto('/unblock-character');
    await waitForScript(page);
    // The page's own form: on a phone the vote panel, with a select of its own, follows it.
    const form = page.getByRole('article');
    const realm = form.getByRole('combobox', { name: 'Game server' });
    await expect(realm).toHaveValue('x5');
    const unblock = async () => {
      await form.getByLabel('Username').fill('demoplayer');
      await form.getByLabel('Password', { exact: true }).fill('Demo.Pass1');
      await form.getByLabel('Email', { exact: true }).fill('demoplayer@example.com');
      await form.getByLabel('Character name').fill('SiegeKnight');
      await solveCaptcha(page, form);
      await form.getByRole('button', { name: 'Unblock character' }).click();
    };
    // In the first realm, the one preselected, the account has no SiegeKnight: nothing moves.
    await unblock();
    await expect(dialog(page)).toContainText('There is no character with this name.');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    expect(secondRealmRow("SELECT x, y FROM characters WHERE char_name = 'SiegeKnight'")).toEqual({ x: 11, y: 22 });

    await realm.selectOption({ label: 'Sieghardt x50' });
    await unblock();
    await expect(dialog(page)).toContainText('Character unblocked');
    // Giran's safe spot in the second realm's game; the first realm's knight stays where it was.
    expect(secondRealmRow("SELECT x, y FROM characters WHERE char_name = 'SiegeKnight'")).toEqual({
      x: 83_400,
      y: 147_943,
    });
    expect(queryDatabaseOf('realms', "SELECT x, y FROM characters WHERE char_name = 'DemoKnight'")).toEqual(
      firstKnight,
    );
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expectAccessible(page);
  });
});

/**
 * A demo account with a character in the second realm's world no other spec uses (player0001...:
 * password Player.<n>x; the login database is shared by both realms).
 */
const secondRealmShopper = () => {
  const row = secondRealmRow<{ login: string; name: string; charId: number }>(
    `SELECT account_name AS login, char_name AS name, charId FROM characters
      WHERE account_name LIKE 'player%' ORDER BY account_name, charId LIMIT 1 OFFSET 91`,
  );
  if (!row) throw new Error("no demo character in the second realm's world for the shop");
  return { ...row, password: `Player.${Number(row.login.slice('player'.length))}x` };
};

/** The premium item rows an order left in a realm's game (its sender names the order). */
const orderRowsOf = (realm: 'first' | 'second', orderId: number) => {
  const sql = 'SELECT COUNT(*) AS n, MIN(charId) AS charId FROM character_premium_items WHERE itemSender = ?';
  const row =
    realm === 'second'
      ? secondRealmRow<{ n: number; charId: number | null }>(sql, `Shop #${orderId}`)
      : queryDatabaseOf<{ n: number; charId: number | null }>('realms', sql, `Shop #${orderId}`);
  return { count: row?.n ?? 0, charId: row?.charId ?? null };
};

test.describe('the shop per realm (phone)', () => {
  test.use({ baseURL: INSTANCES.realms, ...SIZES.phone });

  test('a player buys an offer for a character of the second realm, delivered in its game only', async ({ page }) => {
    test.setTimeout(60_000);
    const player = secondRealmShopper();
    await openAccount(page);
    await signIn(page, player.login, player.password);
    await expectSignedIn(page, player.login);
    // Coins as a player gets them: the demo's promo code.
    await openTab(page, 'Wallet');
    await page.getByRole('textbox', { name: 'Code' }).fill('welcome');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('status').filter({ hasText: '100 coins added to your wallet.' })).toBeVisible();

    await page.goto('/shop');
    await waitForScript(page);
    await expect(page.getByText('Your wallet: 100 coins')).toBeVisible();
    // The game server first, the first preselected; the offers and characters are the chosen one's.
    // The page's own, not the vote panel's (beside it, or below it at this width).
    const realm = page.getByRole('article').getByRole('combobox', { name: 'Game server' });
    await expect(realm).toHaveValue('x5');
    await realm.selectOption({ label: 'Sieghardt x50' });
    await page.getByRole('button', { name: /^Buy: 5 × Blessed Scroll of Escape/ }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirm your purchase' });
    const character = confirmation.getByLabel('Character');
    await expect(character.getByRole('option', { name: player.name })).toHaveCount(1);
    await character.selectOption(player.name);
    await expect(confirmation).toContainText(`for ${player.name} on Sieghardt x50, 60 coins from your wallet.`);
    await expectAccessible(page);
    await confirmation.getByRole('button', { name: 'Pay' }).click();
    const paid = page.getByRole('status').filter({ hasText: /Paid: order \d+ is on its way/ });
    await expect(paid).toBeVisible();
    const orderId = Number(/order (\d+)/.exec((await paid.textContent()) ?? '')?.[1]);
    await expect(page.getByText('Your wallet: 40 coins')).toBeVisible();
    // In the second realm's game, for the character chosen; nothing in the first realm's.
    expect(orderRowsOf('second', orderId)).toEqual({ count: 3, charId: player.charId });
    expect(orderRowsOf('first', orderId).count).toBe(0);

    await openAccount(page);
    await openTab(page, 'Wallet');
    const order = page.getByRole('list', { name: 'Orders' }).locator(`[data-order="${orderId}"]`);
    await expect(order).toContainText(`Order ${orderId} for ${player.name} on Sieghardt x50`);
    await expect(order.getByRole('status')).toHaveText('On its way');
    await expectAccessible(page);
    await keepPicture(page, 'test-results/shop-realms-390.png', { fullPage: true });
  });
});
