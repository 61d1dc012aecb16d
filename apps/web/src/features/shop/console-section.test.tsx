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
  realm: 'main',
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

  it('asks the game server of an offer on a site of several realms, and filters the ledger by realm', async () => {
    const metadata = testMetadata({
      realms: [
        {
          id: 1,
          slug: 'low',
          name: 'Bartz x5',
          chronicle: 'Interlude',
          rates: { exp: 5, sp: 5, adena: 5, drop: 5 },
          openingDate: null,
        },
        {
          id: 2,
          slug: 'high',
          name: 'Sieghardt x50',
          chronicle: 'High Five',
          rates: { exp: 50, sp: 50, adena: 20, drop: 10 },
          openingDate: null,
        },
      ],
    });
    const offer = {
      id: 3,
      items: [{ itemId: 1538, count: 5 }],
      price: 60,
      stock: null,
      perAccountLimit: null,
      saleStartsAt: null,
      saleEndsAt: null,
      enabled: true,
      realm: 'high',
    };
    const calls = serveCalls((path) => {
      if (path === '/sdk/console/shop') return { status: 200, body: { offers: [offer], promoCodes: [] } };
      if (path === '/sdk/console/shoporders')
        return { status: 200, body: { rows: [{ ...FAILED, realm: 'high', character: 'HighHero' }], total: 1 } };
      if (path === '/sdk/console/shop/offer') return { status: 200, body: { id: 4 } };
      return undefined;
    });
    render(
      <Router hook={memoryLocation({ path: '/console/shop' }).hook}>
        <SiteDataProvider initialMetadata={metadata}>
          <ShopSection />
        </SiteDataProvider>
      </Router>,
    );
    const catalogue = await screen.findByRole('table', { name: 'Catalogue' });
    expect(within(catalogue).getAllByRole('row')[1]!.textContent).toContain('Sieghardt x50');
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(within(orders).getAllByRole('row')[1]!.textContent).toContain('Sieghardt x50');
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Add an offer' });
    const realm = within(form).getByRole('combobox', { name: 'Game server' });
    expect((realm as HTMLSelectElement).value).toBe('');
    expect(
      within(realm)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Every game server', 'Bartz x5', 'Sieghardt x50']);
    await user.type(within(form).getByRole('textbox', { name: /^Items/ }), '4037:2');
    await user.type(within(form).getByRole('textbox', { name: 'Price (coins)' }), '15');
    await user.selectOptions(realm, 'low');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(calls.find((call) => call.path === '/sdk/console/shop/offer')?.body).toMatchObject({
      offer: { id: 0, items: [{ itemId: 4037, count: 2 }], price: 15, realm: 'low' },
    });
    // The ledger's realm filter is sent with the search.
    const filter = screen.getAllByRole('combobox', { name: 'Game server' }).find((select) => !form.contains(select))!;
    await user.selectOptions(filter, 'high');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.path === '/sdk/console/shoporders' && call.query.get('realm') === 'high')).toBe(
        true,
      ),
    );
  });
});
