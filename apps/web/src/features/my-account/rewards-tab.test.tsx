import type { Metadata, RewardRow } from '@gatekeeper/contract/lite';
import ru from '@gatekeeper/texts/locales/ru.json';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '../../shared/site-data';
import { serveCalls } from '../../test-support/calls';
import { initTestI18n } from '../../test-support/i18n';
import { testMetadata } from '../../test-support/metadata';
import { RewardsTab } from './rewards-tab';

const reward = (itemId: number, count: number, realm = 'main', character = 'DemoKnight'): RewardRow => ({
  source: 'vote',
  realm,
  character,
  itemId,
  count,
  state: 'delivered',
  attempts: 1,
  createdAt: Date.UTC(2026, 10, 28, 20),
  deliveredAt: Date.UTC(2026, 10, 28, 20),
  amount: '',
});

/**
 * Coin of Luck and a Top-Grade Life Stone (the game's items), the owner's custom donation coin
 * (70001, named by coins.name) and a custom vote reward nothing names.
 */
const ROWS = [reward(4037, 50), reward(8762, 1), reward(70001, 100), reward(9000, 3)];

const renderTab = (metadata: Metadata, rows: RewardRow[] = ROWS) => {
  serveCalls((path) => (path === '/sdk/account/rewards' ? { status: 200, body: rows } : undefined));
  render(
    <SiteDataProvider initialMetadata={metadata}>
      <RewardsTab />
    </SiteDataProvider>,
  );
};

/** Each reward's line, as the player reads it. */
const lines = async () =>
  (await screen.findAllByRole('listitem')).map((item) => within(item).getAllByText(/×/)[0]?.textContent);

describe("My account's rewards tab", () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('ru', 'translation', ru);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('names each item by its id in the page’s language, the owner’s coin by coins.name, another custom item by its id', async () => {
    await i18next.changeLanguage('ru');
    renderTab(testMetadata({ coinItemId: 70001, coinsName: 'Donation Coin' }));
    const shown = await lines();
    expect(shown).toHaveLength(4);
    expect(shown[0]).toMatch(/ · 50 × Монета Удачи$/);
    expect(shown[1]).toMatch(/ · 1 × Камень Жизни Высшего Качества - Ур\. 76$/);
    expect(shown[2]).toMatch(/ · 100 × Donation Coin$/);
    expect(shown[3]).toMatch(/ · 3 × предмет 9000$/);
  });

  it('names the game’s items as the English client does on an English page', async () => {
    renderTab(testMetadata({ coinItemId: 4037, coinsName: 'Donation Coin' }));
    const shown = await lines();
    // The coin is a game item here: its name is the game's, not coins.name.
    expect(shown[0]).toMatch(/ · 50 × Coin of Luck$/);
    expect(shown[1]).toMatch(/ · 1 × Top-Grade Life Stone: level 76$/);
    expect(shown[2]).toMatch(/ · 100 × item 70001$/);
  });

  it('names the realm of each reward on a site of several realms, and none on a site of one', async () => {
    const realms = testMetadata().realms;
    const twoRealms = testMetadata({
      realms: [
        { ...realms[0]!, slug: 'x5', name: 'Bartz x5' },
        { ...realms[0]!, id: 2, slug: 'x50', name: 'Sieghardt x50' },
      ],
    });
    renderTab(twoRealms, [reward(4037, 5, 'x50', 'HighHero'), reward(4037, 7, 'x5')]);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('HighHero (Sieghardt x50) · 5 × Coin of Luck'),
      expect.stringContaining('DemoKnight (Bartz x5) · 7 × Coin of Luck'),
    ]);
    cleanup();
    renderTab(testMetadata({ coinItemId: 4037 }), [reward(4037, 7)]);
    const [only] = await screen.findAllByRole('listitem');
    expect(only?.textContent).toContain('DemoKnight · 7 × Coin of Luck');
  });
});
