import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-i18n';
import { RankingTable } from './ranking-table';
import { RANKINGS, positionsOf } from './rankings';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

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

  it('shows the empty notice when the call fails', async () => {
    vi.stubGlobal('fetch', answer({ error: 'down' }, 500));
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} />);
    expect(await screen.findByText(/Nobody's on this board yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
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
    expect(headers.map((h) => h.textContent)).toEqual(['#Position', 'Character', 'Clan', 'Score']);
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
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Aria', 'bran', 'Cid']);
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
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#Position', 'Class', 'Characters', 'Best player', 'Best player kills', 'Class kills']);
    expect(within(table).getByRole('rowheader')).toHaveTextContent('Duelist');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '1,200', 'Aria', '3,000', '45,000']);
  });
});
