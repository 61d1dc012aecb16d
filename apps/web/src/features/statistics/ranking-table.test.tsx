import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { RankingTable } from './ranking-table';
import { RANKINGS, positionsOf } from './rankings';

/** A cell's own text, without what it repeats on phones from the stacked columns after it. */
const ownText = (element: HTMLElement) =>
  [...element.childNodes]
    .filter((node) => !(node instanceof HTMLElement && node.classList.contains('ranking__under')))
    .map((node) => node.textContent)
    .join('');
/** What a cell shows under its value on phones. */
const stackedText = (element: HTMLElement) =>
  [...element.querySelectorAll('.ranking__under')].map((node) => node.textContent);

const answer = (body: unknown, status = 200) => vi.fn(async () => jsonResponse(body, status));

describe('positionsOf', () => {
  it('numbers rows 1..n when no two are equal', () => {
    expect(positionsOf([{ value: 9 }, { value: 5 }, { value: 1 }], ['value'])).toEqual([1, 2, 3]);
  });

  it('lets tied rows share a position and skips the places they take', () => {
    const rows = [{ value: 9 }, { value: 5 }, { value: 5 }, { value: 5 }, { value: 2 }, { value: 2 }, { value: 1 }];
    expect(positionsOf(rows, ['value'])).toEqual([1, 2, 2, 2, 5, 5, 7]);
  });

  it('ties only rows equal in every ranked field', () => {
    const clans = [
      { level: 11, reputation: 500 },
      { level: 11, reputation: 500 },
      { level: 11, reputation: 400 },
      { level: 10, reputation: 400 },
    ];
    expect(positionsOf(clans, ['level', 'reputation'])).toEqual([1, 1, 3, 4]);
  });

  it('answers nothing for no rows', () => {
    expect(positionsOf([], ['value'])).toEqual([]);
  });
});

describe('the ranking table', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('shows a loading notice while the list is undefined', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the rankings could not be loaded when the call fails, and loads them again on Try again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: 'down' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify([{ name: 'Aria', value: 5, clan: '' }]), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    vi.stubGlobal('fetch', fetch);
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The rankings could not be loaded.');
    expect(screen.queryByText(/Nobody's on this board yet/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Characters ranked by score' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows the empty notice for an empty list', async () => {
    vi.stubGlobal('fetch', answer([]));
    render(<RankingTable id="statisticsReferrals" ranking={RANKINGS.statisticsReferrals} />);
    expect(await screen.findByText(/Nobody's on this board yet/)).toBeInTheDocument();
  });

  it('ranks rows under a caption with a # column, names as row headers and tied positions', async () => {
    const fetch = answer([
      { name: 'Aria', value: 12345, clan: 'Dawn' },
      { name: 'bran', value: 900, clan: '' },
      { name: 'Cid', value: 900, clan: 'Iron' },
    ]);
    vi.stubGlobal('fetch', fetch);
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} />);
    const table = await screen.findByRole('table', { name: 'Characters ranked by score' });
    expect(fetch).toHaveBeenCalledWith('/sdk/getscorestatistics', expect.anything());
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map(ownText)).toEqual(['#Position', 'Character', 'Clan', 'Score']);
    expect(stackedText(headers[1]!)).toEqual(['Clan']);
    expect(headers[0]).toHaveAccessibleName('Position');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Dawn', '12,345'],
      ['2', '', '900'],
      ['2', 'Iron', '900'],
    ]);
    const names = rows.map((row) => within(row).getByRole('rowheader'));
    expect(names.map(ownText)).toEqual(['Aria', 'bran', 'Cid']);
    // On phones the clan shows under the name (its column hidden), its label for screen readers.
    expect(names.map(stackedText)).toEqual([['Clan: Dawn'], [], ['Clan: Iron']]);
    expect(within(names[0]!).getByText('Clan:')).toHaveClass('visually-hidden');
  });

  it('writes K/D with two decimals and event time in hours with one, in the page language', async () => {
    await i18next.changeLanguage('ru');
    vi.stubGlobal('fetch', answer([{ name: 'Aria', value: 1234.5, clan: '' }]));
    render(<RankingTable id="statisticsKd" ranking={RANKINGS.statisticsKd} />);
    expect((await screen.findAllByRole('cell')).at(-1)).toHaveTextContent(/^1\s234,50$/);
    cleanup();
    render(<RankingTable id="statisticsEventTime" ranking={RANKINGS.statisticsEventTime} />);
    expect((await screen.findAllByRole('cell')).at(-1)).toHaveTextContent(/^1\s234,5$/);
  });

  it('shows the class table with each class and its best player', async () => {
    vi.stubGlobal(
      'fetch',
      answer([{ class: 'Duelist', count: 1200, topPlayer: 'Aria', playerKills: 3000, totalKills: 45000 }]),
    );
    render(<RankingTable id="statisticsClasses" ranking={RANKINGS.statisticsClasses} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map(ownText)).toEqual([
      '#Position',
      'Class',
      'Characters',
      'Best player',
      'Best player kills',
      'Class kills',
    ]);
    const name = within(table).getByRole('rowheader');
    expect(ownText(name)).toBe('Duelist');
    expect(within(table).getAllByRole('cell').map(ownText)).toEqual(['1', '1,200', 'Aria', '3,000', '45,000']);
    // On phones: the count under the class, the best player's kills under the best player, labelled.
    expect(stackedText(name)).toEqual(['Characters: 1,200']);
    expect(stackedText(within(table).getAllByRole('cell')[2]!)).toEqual(['Best player kills: 3,000']);
  });
});
