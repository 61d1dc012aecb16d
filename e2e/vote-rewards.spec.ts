import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { INSTANCES, VOTE_API } from '../playwright.config';
import { solveCaptcha } from './support/captcha';
import { queryDatabaseOf } from './support/database';
import { expectAccessible, waitForShell } from './support/fixtures';

test.use({ baseURL: INSTANCES.votes });

test('a player votes, gets the rewards once, and finds them on the character', async ({ page, request }) => {
  // This test's player, behind the proxy the instance trusts: votes are counted per address. A
  // character of its own (paypal-orders.spec donates to DemoKnight on the same instance), so the
  // two specs at once count their own coins.
  const voter = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const character = 'DemoTrader';
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': voter });
  await page.goto('/');
  await waitForShell(page);
  const panel = page.getByRole('region', { name: 'Vote for us' });
  await expect(panel.getByText('rewarded')).toHaveCount(2);

  await panel.getByLabel('Vote reward character').fill(character);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();

  const rewarded = queryDatabaseOf<{ charId: number }>(
    'votes',
    'SELECT charId FROM characters WHERE char_name = ?',
    character,
  );
  const rewardsOfCharacter = () =>
    queryDatabaseOf<{ total: number }>(
      'votes',
      'SELECT COALESCE(SUM(itemCount), 0) AS total FROM character_premium_items WHERE charId = ? AND itemId = 4037',
      rewarded?.charId,
    )?.total ?? 0;
  const before = rewardsOfCharacter();

  // The player votes on both sites, then comes back for the rewards.
  for (const site of ['l2topzone', 'l2votes']) {
    expect((await request.post(`${VOTE_API}/control/vote?site=${site}&ip=${voter}`)).ok()).toBe(true);
  }
  const rewards = page.getByRole('form', { name: 'Vote rewards' });
  await expect(rewards).toContainText(`they go to ${character}`);
  await solveCaptcha(page);
  await rewards.getByRole('button', { name: 'Get my vote rewards' }).click();
  const results = rewards.getByRole('status');
  await expect(results).toContainText(`Vote rewards for ${character}`);
  await expect(results.getByRole('listitem').filter({ hasText: 'L2TopZone' })).toContainText('Rewarded');
  await expect(results.getByRole('listitem').filter({ hasText: 'L2Votes' })).toContainText('Rewarded');
  // In the game: 7 coins for L2TopZone and 3 for L2Votes, waiting at the Dimensional Merchant.
  expect(rewardsOfCharacter() - before).toBe(10);
  await expectAccessible(page);

  // Again, with a new captcha: nothing more.
  await solveCaptcha(page);
  await rewards.getByRole('button', { name: 'Get my vote rewards' }).click();
  await expect(results.getByRole('listitem').filter({ hasText: 'L2Votes' })).toContainText('Already rewarded');
  await expect(results.getByRole('listitem').filter({ hasText: 'L2TopZone' })).toContainText('Not voted yet');
  expect(rewardsOfCharacter() - before).toBe(10);
});

test('an unknown character gets a clear refusal and no results', async ({ page, context }) => {
  await context.addCookies([{ name: 'charName', value: 'NoSuchHeroHere', url: INSTANCES.votes }]);
  await page.goto('/');
  await waitForShell(page);
  const rewards = page.getByRole('form', { name: 'Vote rewards' });
  await expect(rewards).toContainText('they go to NoSuchHeroHere');
  await solveCaptcha(page);
  await rewards.getByRole('button', { name: 'Get my vote rewards' }).click();
  const failure = page.getByRole('dialog', { name: 'Error' });
  await expect(failure).toContainText('There is no character with this name.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(rewards.getByRole('status')).toBeEmpty();
});
