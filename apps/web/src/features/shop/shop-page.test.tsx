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
  realm: null,
};

/** Two realms (decision 049): an offer of each, beside PACK, which is sold in both. */
const TWO_REALMS = testMetadata({
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
const LOW_ONLY: ShopOffer = { ...PACK, id: 8, items: [{ itemId: 1538, count: 1 }], price: 10, realm: 'low' };
const HIGH_ONLY: ShopOffer = { ...PACK, id: 9, items: [{ itemId: 4037, count: 3 }], price: 30, realm: 'high' };
const TWO_REALM_ACCOUNT = {
  login: 'player1',
  characters: [{ name: 'DemoKnight' }, { name: 'DemoMage' }],
  realms: [
    { slug: 'low', available: true, characters: [{ name: 'DemoKnight' }, { name: 'DemoMage' }] },
    { slug: 'high', available: true, characters: [{ name: 'HighHero' }] },
  ],
} as unknown as AccountAnswer;

const ACCOUNT = {
  login: 'player1',
  characters: [{ name: 'DemoKnight' }, { name: 'DemoMage' }],
} as unknown as AccountAnswer;

const renderPage = (
  signedIn: boolean,
  buyAnswer: { status: number; body: unknown },
  site: { metadata: ReturnType<typeof testMetadata>; offers: ShopOffer[]; account: AccountAnswer } = {
    metadata: testMetadata(),
    offers: [PACK],
    account: ACCOUNT,
  },
) => {
  const calls = serveCalls((path) => {
    if (path === '/sdk/getshop') return { status: 200, body: { offers: site.offers } };
    if (path === '/sdk/account')
      return signedIn ? { status: 200, body: site.account } : { status: 401, body: ['notSignedIn'] };
    if (path === '/sdk/getwallet') return { status: 200, body: { balance: 100, page: 1, pages: 1, entries: [] } };
    if (path === '/sdk/buyshopitem') return buyAnswer;
    return undefined;
  });
  render(
    <Router hook={memoryLocation({ path: '/shop' }).hook}>
      <SiteDataProvider initialMetadata={site.metadata}>
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
  realm: 'main',
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

  it('has no Game server select on a site of one realm, and sends no realm', async () => {
    const calls = renderPage(true, { status: 200, body: { order: ORDER } });
    await screen.findByRole('list', { name: 'Offers' });
    expect(screen.queryByRole('combobox', { name: 'Game server' })).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Buy/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByRole('status');
    const bought = calls.find((call) => call.path === '/sdk/buyshopitem');
    expect(bought?.body).not.toHaveProperty('realm');
  });

  it("asks the Game server first on a site of two, and shows that realm's offers and characters", async () => {
    const twoRealms = { metadata: TWO_REALMS, offers: [PACK, LOW_ONLY, HIGH_ONLY], account: TWO_REALM_ACCOUNT };
    const calls = renderPage(
      true,
      { status: 200, body: { order: { ...ORDER, character: 'HighHero', realm: 'high' } } },
      twoRealms,
    );
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Game server' });
    expect((select as HTMLSelectElement).value).toBe('low');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bartz x5', 'Sieghardt x50']);
    // The select comes before the offers.
    const offers = await screen.findByRole('list', { name: 'Offers' });
    expect(select.compareDocumentPosition(offers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const titles = () =>
      within(screen.getByRole('list', { name: 'Offers' }))
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
    expect(titles()).toEqual(['5 × Blessed Scroll of Escape, 2 × Coin of Luck', '1 × Blessed Scroll of Escape']);
    await user.selectOptions(select, 'high');
    expect(titles()).toEqual(['5 × Blessed Scroll of Escape, 2 × Coin of Luck', '3 × Coin of Luck']);
    await user.click(screen.getByRole('button', { name: 'Buy: 3 × Coin of Luck' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your purchase' });
    const character = within(dialog).getByLabelText('Character');
    expect(
      within(character)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['HighHero']);
    expect(dialog.textContent).toContain('3 × Coin of Luck for HighHero on Sieghardt x50, 30 coins from your wallet.');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('status')).textContent).toContain('Paid: order 12 is on its way.');
    const bought = calls.filter((call) => call.path === '/sdk/buyshopitem');
    expect(bought.map((call) => call.body)).toMatchObject([{ offerId: 9, charName: 'HighHero', realm: 'high' }]);
  });

  it('says so when the account has no character in the chosen realm', async () => {
    const account = {
      ...TWO_REALM_ACCOUNT,
      realms: [
        { slug: 'low', available: true, characters: [{ name: 'DemoKnight' }] },
        { slug: 'high', available: true, characters: [] },
      ],
    } as unknown as AccountAnswer;
    renderPage(true, { status: 200, body: {} }, { metadata: TWO_REALMS, offers: [PACK], account });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Game server' }), 'high');
    await user.click(await screen.findByRole('button', { name: /^Buy/ }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your purchase' });
    expect(dialog.textContent).toContain('Your account has no character on Sieghardt x50 yet.');
    expect(within(dialog).queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});
