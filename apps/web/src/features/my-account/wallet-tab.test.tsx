import type { AccountAnswer, OrderRow, WalletAnswer } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SiteDataProvider } from '../../shared/site-data';
import { serveCalls } from '../../test-support/calls';
import { initTestI18n } from '../../test-support/i18n';
import { testMetadata } from '../../test-support/metadata';
import { WalletTab } from './wallet-tab';

const order = (id: number, state: OrderRow['state']): OrderRow => ({
  id,
  offerId: 1,
  items: [{ itemId: 1538, count: 5 }],
  price: 60,
  character: 'DemoKnight',
  realm: 'main',
  state,
  createdAt: Date.UTC(2026, 10, 29, 12),
  updatedAt: Date.UTC(2026, 10, 29, 13),
});

const WALLET: WalletAnswer = {
  balance: 40,
  page: 1,
  pages: 1,
  entries: [
    { amount: -60, reason: 'purchase', reference: 'order 2', createdAt: Date.UTC(2026, 10, 29, 12) },
    { amount: 100, reason: 'promoCode', reference: 'WELCOME', createdAt: Date.UTC(2026, 10, 29, 11) },
  ],
};

describe("My account's wallet tab", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the balance, each order with its state, and the history with reasons and signs', async () => {
    serveCalls((path) => {
      if (path === '/sdk/getwallet') return { status: 200, body: WALLET };
      if (path === '/sdk/getorders')
        return { status: 200, body: { orders: [order(2, 'onItsWay'), order(1, 'received')] } };
      return undefined;
    });
    render(
      <Router hook={memoryLocation({ path: '/account' }).hook}>
        <SiteDataProvider initialMetadata={testMetadata()}>
          <WalletTab account={{ login: 'player1', characters: [] } as unknown as AccountAnswer} />
        </SiteDataProvider>
      </Router>,
    );
    expect((await screen.findByText(/Balance: 40 coins/)).textContent).toBe('Balance: 40 coins');
    const orders = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(orders.map((item) => within(item).getByRole('status').textContent)).toEqual([
      'On its way',
      'Received in game',
    ]);
    expect(orders[0]?.textContent).toContain('Order 2 for DemoKnight · 5 × Blessed Scroll of Escape');
    const history = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(history[0]?.textContent).toContain('Purchase · −60 · order 2');
    expect(history[1]?.textContent).toContain('Promo code · +100 · WELCOME');
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeTruthy();
  });
});
