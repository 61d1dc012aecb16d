import type { CallName } from '@gatekeeper/contract/lite';
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
}

export interface Ranking {
  call: CallName;
  /** The first column names the row (a row header). */
  columns: readonly [RankingColumn, ...RankingColumn[]];
  /** Rows equal in these fields share a position (1, 2, 2, 4). */
  rankedBy: readonly string[];
}

export type RankingRow = Readonly<Record<string, string | number>>;

const text = (field: string, label = field): RankingColumn => ({ field, label, format: 'text' });
const count = (field: string, label = field): RankingColumn => ({ field, label, format: 'integer' });
const under = (column: RankingColumn): RankingColumn => ({ ...column, stacked: true });

const characters = (call: CallName, value: RankingColumn): Ranking => ({
  call,
  columns: [text('name', 'character'), under(text('clan')), value],
  rankedBy: ['value'],
});

/** Each statistics page: the call that answers it and the columns of its table. */
export const RANKINGS: Record<StatisticsRoute, Ranking> = {
  statisticsReferrals: {
    call: 'getReferralStatistics',
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
    columns: [text('clan'), under(text('leader')), count('level'), count('reputation')],
    rankedBy: ['level', 'reputation'],
  },
  statisticsHeroes: characters('getHeroesStatistics', count('value', 'timesHero')),
  statisticsClasses: {
    call: 'getClassStatistics',
    columns: [
      text('class'),
      under(count('count', 'characters')),
      text('topPlayer'),
      under(count('playerKills')),
      count('totalKills'),
    ],
    rankedBy: ['count', 'totalKills'],
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
