import type { CastleRow } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ru from '@gatekeeper/texts/locales/ru.json';
import { getHref } from '../../i18n/routes';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { CastlesPage } from './castles-page';

const AT = Date.UTC(2026, 10, 28, 20, 0, 0);

const CASTLES: CastleRow[] = [
  {
    id: 1,
    name: 'Gludio',
    owner: { clan: 'Lionhearts', alliance: 'Crown Pact' },
    taxPercent: 12,
    siegeAt: AT,
    siegeUnderway: false,
    attackers: ['Ashborn', 'Stormriders'],
    defenders: ['Oathkeepers'],
    treasury: 1_234_567,
  },
  {
    id: 2,
    name: 'Dion',
    owner: null,
    taxPercent: 0,
    siegeAt: null,
    siegeUnderway: false,
    attackers: [],
    defenders: [],
  },
  {
    id: 3,
    name: 'Giran',
    owner: { clan: 'Wanderers', alliance: '' },
    taxPercent: 15,
    siegeAt: AT,
    siegeUnderway: true,
    attackers: ['Oathkeepers'],
    defenders: [],
  },
];

/** The server answering getcastles with these rows, nothing else. */
const serve = (rows: unknown, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === '/sdk/getcastles'
        ? jsonResponse(rows, status)
        : jsonResponse(null),
    ),
  );

const renderPage = (language: 'en' | 'ru' = 'en') =>
  render(
    <Router hook={memoryLocation({ path: getHref('worldCastles', language) }).hook}>
      <CastlesPage />
    </Router>,
  );

/** The value a card's fact shows, by the fact's name. */
const fact = (card: HTMLElement, name: string) =>
  within(card).getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('the Castles page', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('ru', 'translation', ru);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('shows each castle as a card: owner and alliance, tax, treasury when given, siege, both sides', async () => {
    serve(CASTLES);
    renderPage();
    const gludio = await screen.findByRole('article', { name: 'Gludio' });
    expect(fact(gludio, 'Owner')).toHaveTextContent('Lionhearts');
    expect(fact(gludio, 'Alliance')).toHaveTextContent('Crown Pact');
    expect(fact(gludio, 'Tax')).toHaveTextContent('12%');
    expect(fact(gludio, 'Treasury')).toHaveTextContent('1,234,567 adena');
    expect(fact(gludio, 'Next siege')).toHaveTextContent('Sat, 28 Nov 2026, 20:00 UTC');
    expect(
      within(fact(gludio, 'Attackers'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ashborn', 'Stormriders']);
    expect(within(fact(gludio, 'Defenders')).getByRole('listitem')).toHaveTextContent('Oathkeepers');

    const dion = screen.getByRole('article', { name: 'Dion' });
    expect(fact(dion, 'Owner')).toHaveTextContent('No owner');
    expect(within(dion).queryByText('Alliance')).toBeNull();
    expect(within(dion).queryByText('Treasury')).toBeNull();
    expect(fact(dion, 'Next siege')).toHaveTextContent('Not set yet');
    expect(fact(dion, 'Attackers')).toHaveTextContent('No clan registered');

    const giran = screen.getByRole('article', { name: 'Giran' });
    expect(fact(giran, 'Alliance')).toHaveTextContent('No alliance');
    expect(fact(giran, 'Next siege')).toHaveTextContent('Under way since Sat, 28 Nov 2026, 20:00 UTC');
  });

  it('writes the date and the tax in the language of the page', async () => {
    await i18next.changeLanguage('ru');
    serve(CASTLES);
    renderPage('ru');
    // The castles' names are the Russian client's, by the castle's id.
    const gludio = await screen.findByRole('article', { name: 'Глудио' });
    expect(fact(gludio, 'Следующая осада')).toHaveTextContent(/^сб, 28 нояб\. 2026 г\., 20:00 UTC$/);
    expect(fact(gludio, 'Налог')).toHaveTextContent(/^12\s%$/);
    expect(fact(screen.getByRole('article', { name: 'Дион' }), 'Владелец')).toHaveTextContent('Нет владельца');
  });

  it('says so when the server knows no castle, and when the call fails', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('This server has no castles yet.')).toBeInTheDocument();
    cleanup();
    serve({ error: 'down' }, 500);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The world could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
