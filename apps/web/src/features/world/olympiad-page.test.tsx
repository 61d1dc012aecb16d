import type { OlympiadAnswer } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { OlympiadPage } from './olympiad-page';

const END = Date.UTC(2026, 11, 1, 12, 0);

const ANSWER: OlympiadAnswer = {
  period: { cycle: 12, state: 'competition', endsAt: END },
  classes: [
    {
      classId: 94,
      className: 'Archmage',
      nobles: [
        { name: 'Eryn', clan: '', points: 95, matches: 14, wins: 9, losses: 5 },
        { name: 'Dara', clan: 'Lions', points: 1280, matches: 12, wins: 7, losses: 5 },
      ],
    },
    {
      classId: 88,
      className: 'Duelist',
      nobles: [{ name: 'Borin', clan: 'Wolves', points: 120, matches: 22, wins: 14, losses: 8 }],
    },
  ],
  heroes: [{ name: 'Aria', classId: 88, className: 'Duelist', clan: 'Lions', times: 3 }],
};

const answering = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(body)),
  );

describe('the Olympiad page', () => {
  beforeAll(async () => {
    await initTestI18n();
    // jsdom lays nothing out: the page scrolls the chosen class's standings into view.
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('tells when the period ends, shows the first class by name, and another chosen in the select', async () => {
    answering(ANSWER);
    render(<OlympiadPage />);
    expect(await screen.findByText('Period 12 ends on 1 December 2026 at 12:00 UTC.')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Class' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Archmage', 'Duelist']);
    const archmages = screen.getByRole('table', { name: 'Archmage: the best nobles of the current period' });
    const rows = within(archmages).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Eryn', 'DaraLions']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1,280', '12', '7']);

    await userEvent.selectOptions(select, 'Duelist');
    const duelists = screen.getByRole('table', { name: 'Duelist: the best nobles of the current period' });
    expect(within(duelists).getByRole('rowheader').textContent).toBe('BorinWolves');
    expect(screen.queryByRole('table', { name: /^Archmage/ })).toBeNull();

    const heroes = screen.getByRole('region', { name: 'Heroes of the last period' });
    const hero = within(heroes).getAllByRole('row')[1]!;
    expect(
      within(hero)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Duelist', 'Lions']);
  });

  it("shows every class's leader first, and a class chosen there in the standings below, focus on the select", async () => {
    answering(ANSWER);
    render(<OlympiadPage />);
    const leaders = await screen.findByRole('region', { name: 'Class leaders' });
    const rows = within(leaders).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Class', 'Leader', 'Points']);
    // By class name, each class's first noble in the game's order, with the clan under the name.
    expect(
      rows.slice(1).map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ]),
    ).toEqual([
      ['Archmage', 'Eryn', '95'],
      ['Duelist', 'BorinWolves', '120'],
    ]);
    // The overview comes before the one class's standings.
    const standings = screen.getByRole('region', { name: 'Standings of the current period' });
    expect(leaders.compareDocumentPosition(standings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(within(leaders).getByRole('button', { name: 'Duelist: show the standings' }));
    expect(screen.getByRole('table', { name: 'Duelist: the best nobles of the current period' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Class' });
    expect(select).toHaveValue('88');
    expect(select).toHaveFocus();
  });

  it('names the classes in the language of the page by their ids, in its alphabetical order', async () => {
    await i18next.changeLanguage('ru');
    answering(ANSWER);
    render(<OlympiadPage />);
    const select = await screen.findByRole('combobox');
    // Архимаг before Дуэлист, the Russian client's names.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Архимаг', 'Дуэлист']);
    const hero = within(screen.getAllByRole('table').at(-1)!).getAllByRole('row')[1]!;
    expect(within(hero).getAllByRole('cell')[0]).toHaveTextContent('Дуэлист');
  });

  it('tells the next start while heroes are chosen, and says when nothing is known', async () => {
    answering({ period: { cycle: 12, state: 'validation', endsAt: END }, classes: [], heroes: [] });
    render(<OlympiadPage />);
    expect(
      await screen.findByText(
        'Period 12 is over and its heroes are being chosen; the next period starts on 1 December 2026 at 12:00 UTC.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No noble has fought in this period yet.')).toBeInTheDocument();
    expect(screen.getByText('The last period named no heroes.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    cleanup();

    answering({ period: null, classes: [], heroes: [] });
    render(<OlympiadPage />);
    expect(await screen.findByText('When the current period ends is not known.')).toBeInTheDocument();
  });

  it('says the page could not be loaded, and loads it again on Try again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ error: 'down' }, 500))
      .mockResolvedValueOnce(jsonResponse(ANSWER));
    vi.stubGlobal('fetch', fetch);
    render(<OlympiadPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The world could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Class' })).toBeInTheDocument();
  });
});
