import type { CallName, GameNameKind } from '@gatekeeper/contract/lite';
import type { STATISTICS_ROUTES } from '../../i18n/routes';

export type StatisticsRoute = (typeof STATISTICS_ROUTES)[number];

/** How a column's values read: names as they are, counts as whole numbers, K/D and hours with decimals. */
export type ColumnFormat = 'text' | 'integer' | 'ratio' | 'hours';

export interface RankingColumn {
  /** The row field (docs/product.md#statistics). */
  field: string;
  /** Key under statistics.columns. */
  label: string;
  format: ColumnFormat;
  /** On phones the column is not its own: its value is shown under the cell before it. */
  stacked?: boolean;
  /** A clan's name: a link to the clan's page (docs/product.md#clan-page). */
  linksClan?: boolean;
}

/** What a ranking's rows are, for the find box's label and its answers (statistics.find.*). */
export type RankedThing = 'character' | 'clan' | 'class' | 'referralCode';

export interface Ranking {
  call: CallName;
  /** What the first column names. */
  ranks: RankedThing;
  /** The first column names the row (a row header). */
  columns: readonly [RankingColumn, ...RankingColumn[]];
  /** Rows equal in these fields share a position (1, 2, 2, 4). */
  rankedBy: readonly string[];
  /** A field that names a game thing: shown (and found) by the name of its id in the page's language. */
  gameName?: { field: string; id: string; kind: GameNameKind };
}

export type RankingRow = Readonly<Record<string, string | number>>;

const text = (field: string, label = field): RankingColumn => ({ field, label, format: 'text' });
const count = (field: string, label = field): RankingColumn => ({ field, label, format: 'integer' });
const under = (column: RankingColumn): RankingColumn => ({ ...column, stacked: true });
const clan = (field = 'clan'): RankingColumn => ({ ...text(field, 'clan'), linksClan: true });

const characters = (call: CallName, value: RankingColumn): Ranking => ({
  call,
  ranks: 'character',
  columns: [text('name', 'character'), under(clan()), value],
  rankedBy: ['value'],
});

/** Each statistics page: the call that answers it and the columns of its table. */
export const RANKINGS: Record<StatisticsRoute, Ranking> = {
  statisticsReferrals: {
    call: 'getReferralStatistics',
    ranks: 'referralCode',
    columns: [
      text('referralCode'),
      count('totalReferrals'),
      under(count('registrations')),
      under(count('playingReferrals')),
    ],
    rankedBy: ['totalReferrals'],
  },
  statisticsScore: characters('getScoreStatistics', count('value', 'score')),
  statisticsAssists: characters('getAssistsStatistics', count('value', 'assists')),
  statisticsKills: characters('getKillsStatistics', count('value', 'kills')),
  statisticsDeaths: characters('getDeathsStatistics', count('value', 'deaths')),
  statisticsKd: characters('getKdStatistics', { field: 'value', label: 'kd', format: 'ratio' }),
  statisticsEventTime: characters('getEventTimeStatistics', { field: 'value', label: 'hours', format: 'hours' }),
  statisticsClans: {
    call: 'getClansStatistics',
    ranks: 'clan',
    columns: [clan(), under(text('leader')), count('level'), count('reputation')],
    rankedBy: ['level', 'reputation'],
  },
  statisticsHeroes: characters('getHeroesStatistics', count('value', 'timesHero')),
  statisticsClasses: {
    call: 'getClassStatistics',
    ranks: 'class',
    columns: [
      text('class'),
      under(count('count', 'characters')),
      text('topPlayer'),
      under(count('playerKills')),
      count('totalKills'),
    ],
    rankedBy: ['count', 'totalKills'],
    gameName: { field: 'class', id: 'classId', kind: 'classes' },
  },
  statisticsVoters: characters('getVotersStatistics', count('value', 'votes')),
};

/**
 * Standard competition positions: a row equal to the one above it in every ranked field shares its
 * position, and the next different row takes its place in the list (1, 2, 2, 4).
 */
export const positionsOf = (rows: readonly RankingRow[], rankedBy: readonly string[]): number[] => {
  const positions: number[] = [];
  rows.forEach((row, i) => {
    const above = rows[i - 1];
    const tied = above !== undefined && rankedBy.every((field) => above[field] === row[field]);
    positions.push(tied ? positions[i - 1]! : i + 1);
  });
  return positions;
};

/** Rows on one page of a ranking: a phone shows a page without scrolling through thousands of pixels. */
export const PAGE_SIZE = 25;

/** How many pages a ranking of `total` rows has (one, even when empty). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The page (from 1) that holds the row at `index` (from 0). */
export const pageOfRow = (index: number): number => Math.floor(index / PAGE_SIZE) + 1;

/** The rows of `page`, with the index of the first in the whole ranking. */
export const rowsOfPage = <T>(rows: readonly T[], page: number): { first: number; rows: readonly T[] } => {
  const first = (page - 1) * PAGE_SIZE;
  return { first, rows: rows.slice(first, first + PAGE_SIZE) };
};

/**
 * The page an address asks for (`?page=2`), within 1..pages: a missing, malformed or too large
 * number (an old link to a ranking that has since shrunk) opens the nearest page there is.
 */
export const pageFromSearch = (search: string, pages: number): number => {
  const asked = new URLSearchParams(search).get('page');
  const page = asked !== null && /^\d+$/.test(asked) ? Number(asked) : 1;
  return Math.min(Math.max(page, 1), pages);
};

/** The address's query with `page` in it; page 1 is the ranking's own address, without it. */
export const searchWithPage = (search: string, page: number): string => {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
};

/**
 * The row a visitor looks for, by the text of its first column, ignoring case and the spaces
 * around what they typed: the row named exactly so, else the first whose name starts with it (so
 * the page follows while the name is being typed). Undefined for nothing typed or no such row.
 * Case is folded by Unicode's default rule, not a locale's: a game name belongs to no language.
 */
export const findRow = (rows: readonly RankingRow[], field: string, typed: string): number | undefined => {
  const query = typed.trim().toLowerCase();
  if (query === '') return undefined;
  const names = rows.map((row) => String(row[field] ?? '').toLowerCase());
  const exact = names.indexOf(query);
  if (exact !== -1) return exact;
  const start = names.findIndex((name) => name.startsWith(query));
  return start === -1 ? undefined : start;
};

/**
 * The page numbers a pager shows: all of them when there are few, else the first, the last and
 * the ones around the current page, with a gap where numbers are left out (1 … 4 5 6 … 20).
 */
export const pageNumbers = (page: number, pages: number): (number | 'gap')[] => {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const numbers = [...shown].sort((a, b) => a - b);
  // A gap stands for two numbers or more: a single one left out is shown instead.
  return numbers.flatMap((n, i) => {
    const before = numbers[i - 1];
    if (before === undefined || n - before === 1) return [n];
    return n - before === 2 ? [n - 1, n] : ['gap' as const, n];
  });
};
