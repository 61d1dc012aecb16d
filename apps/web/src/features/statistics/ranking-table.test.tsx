import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { RankingTable } from './ranking-table';
import { RANKINGS, type RankingRow } from './rankings';

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

describe('the ranking table', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(async () => {
    cleanup();
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  it('holds a page of placeholder rows, hidden from screen readers, while the list loads', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const { container } = render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} />);
    expect(screen.getByText('Loading…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).toBeNull();
    const placeholder = container.querySelector('table[aria-hidden="true"]');
    expect(placeholder?.querySelectorAll('tbody tr')).toHaveLength(25);
    expect(screen.getByRole('searchbox', { name: 'Find my character' })).toBeInTheDocument();
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
      ['=2 tied', '', '900'],
      ['=2 tied', 'Iron', '900'],
    ]);
    // The tie mark is for the eye; a screen reader hears the word.
    expect(within(rows[1]!).getByText('=')).toHaveAttribute('aria-hidden', 'true');
    expect(rows.map((row) => row.dataset.position)).toEqual(['1', '2', '2']);
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
      answer([{ classId: 88, class: 'Duelist', count: 1200, topPlayer: 'Aria', playerKills: 3000, totalKills: 45000 }]),
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

  it('names each class in the language of the page, by its id, and finds it by that name', async () => {
    await i18next.changeLanguage('ru');
    vi.stubGlobal(
      'fetch',
      answer([
        { classId: 92, class: 'Sagittarius', count: 30, topPlayer: 'Bran', playerKills: 10, totalKills: 99 },
        { classId: 90, class: 'Phoenix Knight', count: 20, topPlayer: 'Aria', playerKills: 5, totalKills: 40 },
      ]),
    );
    render(<RankingTable id="statisticsClasses" ranking={RANKINGS.statisticsClasses} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader').map(ownText)).toEqual(['Снайпер', 'Рыцарь Феникса']);
    await userEvent.setup().type(screen.getByRole('searchbox'), 'рыцарь');
    expect(within(table).getAllByRole('row').at(-1)).toHaveAttribute('aria-current', 'true');
  });
});

/** `count` characters, each with a lower score than the one before, named Player1, Player2… */
const characters = (count: number): RankingRow[] =>
  Array.from({ length: count }, (_, i) => ({ name: `Player${i + 1}`, value: 1000 - i, clan: '' }));

const bodyNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('a ranking of several pages', () => {
  // jsdom lays nothing out and has no scrollIntoView.
  const scrolled = vi.fn();
  beforeAll(async () => {
    await initTestI18n();
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows 25 rows a page and moves between pages with labelled links, the page in the address', async () => {
    window.history.replaceState(null, '', '/statistics/score');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} initialRows={characters(60)} />);
    // Rows given at render: no call.
    expect(fetch).not.toHaveBeenCalled();
    expect(bodyNames()).toHaveLength(25);
    expect(bodyNames()[0]).toBe('Player1');
    const pager = screen.getByRole('navigation', { name: 'Ranking pages' });
    expect(within(pager).getByText('1–25 of 60')).toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).queryByRole('link', { name: 'Previous page' })).toBeNull();
    await userEvent.setup().click(within(pager).getByRole('link', { name: 'Next page' }));
    expect(window.location.search).toBe('?page=2');
    // The new page's first rows come into view, and the table takes the focus.
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(screen.getByRole('table')).toHaveFocus();
    expect(bodyNames()[0]).toBe('Player26');
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(within(pager).getByRole('link', { name: 'Page 3' }));
    expect(bodyNames()).toEqual([
      'Player51',
      'Player52',
      'Player53',
      'Player54',
      'Player55',
      'Player56',
      'Player57',
      'Player58',
      'Player59',
      'Player60',
    ]);
    expect(within(pager).getByText('51–60 of 60')).toBeInTheDocument();
    expect(within(pager).queryByRole('link', { name: 'Next page' })).toBeNull();
    await userEvent.setup().click(within(pager).getByRole('link', { name: 'Page 1' }));
    expect(window.location.search).toBe('');
  });

  it('opens on the page the address names, and on the last one for a page past the end', () => {
    window.history.replaceState(null, '', '/statistics/score?page=2');
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} initialRows={characters(60)} />);
    expect(bodyNames()[0]).toBe('Player26');
    cleanup();
    window.history.replaceState(null, '', '/statistics/score?page=9');
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} initialRows={characters(60)} />);
    expect(bodyNames()[0]).toBe('Player51');
  });

  it('finds a character by name: its page opens and its row is marked; an unknown name is said so', async () => {
    window.history.replaceState(null, '', '/statistics/score');
    render(<RankingTable id="statisticsScore" ranking={RANKINGS.statisticsScore} initialRows={characters(60)} />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Find my character' });
    await user.type(box, 'player37');
    expect(window.location.search).toBe('?page=2');
    const row = within(screen.getByRole('table')).getByRole('rowheader', { name: 'Player37' }).closest('tr');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Player37 is number 37, on page 2.')).toHaveAttribute('role', 'status');
    await user.type(box, '{Enter}');
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'center' });
    await user.clear(box);
    await user.type(box, 'Nobody{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No character called “Nobody” is in this ranking.');
    expect(within(screen.getByRole('table')).queryByRole('row', { current: true })).toBeNull();
    // The page links still move away from the page of a name that stays typed.
    await user.clear(box);
    await user.type(box, 'Player5');
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(window.location.search).toBe('?page=3');
  });

  it('finds a clan in the clan ranking, in its own words', async () => {
    window.history.replaceState(null, '', '/statistics/clans');
    render(
      <RankingTable
        id="statisticsClans"
        ranking={RANKINGS.statisticsClans}
        initialRows={[{ clan: 'Dawn', leader: 'Aria', level: 5, reputation: 10 }]}
      />,
    );
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Find a clan' }), 'Dusk');
    expect(screen.getByRole('status')).toHaveTextContent('No clan called “Dusk” is in this ranking.');
  });
});
