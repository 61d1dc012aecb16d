import type { Metadata, RealmFacts, ServerStatus } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '../../shared/site-data';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse, testMetadata } from '../../test-support/metadata';
import { RealmCards } from './realm-cards';

const GREEN = { type: 'online', color: 'green' } as const;
const RED = { type: 'offline', color: 'red' } as const;

const LOW: RealmFacts = {
  id: 1,
  slug: 'x5',
  name: 'Bartz x5',
  chronicle: 'Interlude',
  rates: { exp: 5, sp: 5 },
  openingDate: null,
};
const HIGH: RealmFacts = {
  id: 2,
  slug: 'x50',
  name: 'Sieghardt x50',
  chronicle: 'High Five',
  rates: { exp: 50, adena: 20 },
  openingDate: {
    dayStr: 'Monday',
    dayNum: 1,
    month: 3,
    year: 2027,
    hour: 18,
    gmt: 2,
    timestamp: Date.UTC(2027, 2, 1, 16),
  },
};

const TWO_REALMS: ServerStatus = {
  loginStatus: GREEN,
  gameStatus: GREEN,
  playersOnline: 12,
  realms: [
    { slug: 'x5', gameStatus: GREEN, playersOnline: 12, available: true },
    { slug: 'x50', gameStatus: RED, playersOnline: null, available: false },
  ],
};

/** The home page's cards, with getserverstatus answering `status`. */
const renderSite = (metadata: Metadata, status: ServerStatus) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(status)),
  );
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <SiteDataProvider initialMetadata={metadata}>
        <RealmCards />
      </SiteDataProvider>
    </Router>,
  );
};

describe('several game servers on the home page', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('show one card per realm: its name, light, players, chronicle, opening date and rates', async () => {
    renderSite(testMetadata({ realms: [LOW, HIGH] }), TWO_REALMS);
    const section = screen.getByRole('region', { name: 'Our game servers' });
    const cards = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('realm-card'));
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Bartz x5', 'Sieghardt x50']);
    const [low, high] = cards as [HTMLElement, HTMLElement];
    expect(await within(low).findByText(/12 players online/)).toBeVisible();
    expect(within(low).getByText('Interlude')).toBeVisible();
    // No opening date: "N/A", as the home page's own countdown says.
    expect(within(low).getByText('N/A')).toBeVisible();
    expect(within(low).getByLabelText('Rates')).toHaveTextContent('EXPx5SPx5');
    expect(within(high).getByText('High Five')).toBeVisible();
    expect(within(high).getByText('Monday, 1 March 2027, 18:00 GMT +2')).toBeVisible();
    expect(within(high).getByLabelText('Rates')).toHaveTextContent('EXPx50Adenax20');
    await vi.waitFor(() => expect(within(low).getByText('Online')).toBeVisible());
    expect(within(high).getByText('Offline')).toBeVisible();
    expect(within(high).queryByText(/players? online/)).toBeNull();
  });

  it('with one realm, show no card', async () => {
    renderSite(testMetadata(), { loginStatus: GREEN, gameStatus: GREEN, playersOnline: 3 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Our game servers' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull();
  });
});
