import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SiteDataProvider } from '../../shared/site-data';
import { serveCalls } from '../../test-support/calls';
import { initTestI18n } from '../../test-support/i18n';
import { testMetadata } from '../../test-support/metadata';
import { ShopSection, parseItemLines } from './console-section';

const FAILED = {
  id: 9,
  offerId: 1,
  items: [{ itemId: 1538, count: 5 }],
  price: 60,
  character: 'DemoKnight',
  state: 'failed',
  createdAt: Date.UTC(2026, 10, 29, 12),
  updatedAt: Date.UTC(2026, 10, 29, 12),
  login: 'player1',
  delivery: 'premiumItems',
  attempts: 2,
  lastError: 'the game database did not answer',
  source: 'shop',
};

describe("the console's Shop section", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the items an owner types as id:count lines, and refuses anything else', () => {
    expect(parseItemLines('57:1000, 1538 x 5\n4037×2')).toEqual([
      { itemId: 57, count: 1000 },
      { itemId: 1538, count: 5 },
      { itemId: 4037, count: 2 },
    ]);
    expect(parseItemLines('')).toBeUndefined();
    expect(parseItemLines('57')).toBeUndefined();
    expect(parseItemLines('adena:5')).toBeUndefined();
  });

  it('lists a failed order and refunds it with a note', async () => {
    const calls = serveCalls((path) => {
      if (path === '/sdk/console/shop') return { status: 200, body: { offers: [], promoCodes: [] } };
      if (path === '/sdk/console/shoporders') return { status: 200, body: { rows: [FAILED], total: 1 } };
      if (path === '/sdk/console/shoporders/refund')
        return { status: 200, body: { before: 'failed', after: 'refunded' } };
      return undefined;
    });
    render(
      <Router hook={memoryLocation({ path: '/console/shop' }).hook}>
        <SiteDataProvider initialMetadata={testMetadata()}>
          <ShopSection />
        </SiteDataProvider>
      </Router>,
    );
    const orders = await screen.findByRole('table', { name: 'Orders' });
    const row = within(orders).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('5 × Blessed Scroll of Escape');
    expect(row.textContent).toContain('Delivery failed, will be tried again');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Refund order 9 to the wallet' }));
    await user.type(within(row).getByLabelText('Note for the audit log'), 'The game was down');
    await user.click(within(row).getByRole('button', { name: 'Refund to the wallet' }));
    expect((await screen.findByRole('status')).textContent).toBe('Order 9: Refunded to the wallet.');
    expect(calls.find((call) => call.path === '/sdk/console/shoporders/refund')?.body).toEqual({
      orderId: 9,
      reason: 'The game was down',
    });
  });
});
