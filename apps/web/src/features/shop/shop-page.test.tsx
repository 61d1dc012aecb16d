import type { AccountAnswer, ShopOffer } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SiteDataProvider } from '../../shared/site-data';
import { serveCalls } from '../../test-support/calls';
import { initTestI18n } from '../../test-support/i18n';
import { testMetadata } from '../../test-support/metadata';
import ShopPage from './shop-page';

const PACK: ShopOffer = {
  id: 7,
  items: [
    { itemId: 1538, count: 5 },
    { itemId: 4037, count: 2 },
  ],
  price: 60,
  stock: 3,
  perAccountLimit: 2,
  saleEndsAt: null,
};

const ACCOUNT = {
  login: 'player1',
  characters: [{ name: 'DemoKnight' }, { name: 'DemoMage' }],
} as unknown as AccountAnswer;

const renderPage = (signedIn: boolean, buyAnswer: { status: number; body: unknown }) => {
  const calls = serveCalls((path) => {
    if (path === '/sdk/getshop') return { status: 200, body: { offers: [PACK] } };
    if (path === '/sdk/account')
      return signedIn ? { status: 200, body: ACCOUNT } : { status: 401, body: ['notSignedIn'] };
    if (path === '/sdk/getwallet') return { status: 200, body: { balance: 100, page: 1, pages: 1, entries: [] } };
    if (path === '/sdk/buyshopitem') return buyAnswer;
    return undefined;
  });
  render(
    <Router hook={memoryLocation({ path: '/shop' }).hook}>
      <SiteDataProvider initialMetadata={testMetadata()}>
        <ShopPage />
      </SiteDataProvider>
    </Router>,
  );
  return calls;
};

const ORDER = {
  id: 12,
  offerId: 7,
  items: PACK.items,
  price: 60,
  character: 'DemoMage',
  state: 'onItsWay',
  createdAt: 0,
  updatedAt: 0,
};

describe('the Shop page', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows an offer with its items by name, price, stock and limit, and asks a visitor to sign in', async () => {
    renderPage(false, { status: 200, body: {} });
    const offers = await screen.findByRole('list', { name: 'Offers' });
    const card = within(offers).getAllByRole('listitem')[0]!;
    expect(within(card).getByRole('heading').textContent).toBe('5 × Blessed Scroll of Escape, 2 × Coin of Luck');
    expect(card.textContent).toContain('60 coins');
    expect(card.textContent).toContain('Left: 3');
    expect(card.textContent).toContain('Per account: up to 2');
    expect(await screen.findByRole('link', { name: 'Sign in to My account to buy.' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Buy/ })).toBeNull();
  });

  it('buys for the chosen character with one confirmation, and one key for repeated clicks', async () => {
    const calls = renderPage(true, { status: 200, body: { order: ORDER } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Buy/ }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your purchase' });
    await user.selectOptions(within(dialog).getByLabelText('Character'), 'DemoMage');
    expect(dialog.textContent).toContain('for DemoMage, 60 coins from your wallet.');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('status')).textContent).toContain('Paid: order 12 is on its way.');
    const bought = calls.filter((call) => call.path === '/sdk/buyshopitem');
    expect(bought).toHaveLength(1);
    expect(bought[0]?.body).toMatchObject({ offerId: 7, charName: 'DemoMage' });
    expect((bought[0]?.body as { requestKey: string }).requestKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says why a purchase was refused, in the page’s language', async () => {
    renderPage(true, { status: 400, body: ['insufficientFunds'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Buy/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your wallet does not hold enough coins for this.',
    );
  });
});
