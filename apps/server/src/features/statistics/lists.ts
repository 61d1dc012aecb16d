import { type ClassRow, type ClanRow, type RankedValueRow, type ReferralRow, className } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../db/tables';
import { classStatistics } from '../../game/class-statistics';
import { topClans } from '../../game/clans';
import {
  topByCoreKills,
  topByEventHours,
  topByEventStat,
  topByKillColumn,
  topByKillDeathRatio,
} from '../../game/event-stats';
import { listHeroes } from '../../game/heroes';
import type { RankingFilter } from '../../game/rankings-filter';
import type { GameSchema } from '../../game/schema-check';
import type { ReferralStatisticsSource, VotersStatisticsSource } from './ranking-sources';

/** The eleven rankings, by the contract call that answers each (docs/product.md#rankings). */
export const STATISTICS_CALLS = {
  getReferralStatistics: 'referrals',
  getScoreStatistics: 'score',
  getAssistsStatistics: 'assists',
  getKillsStatistics: 'kills',
  getDeathsStatistics: 'deaths',
  getKdStatistics: 'kd',
  getEventTimeStatistics: 'eventTime',
  getClansStatistics: 'clans',
  getHeroesStatistics: 'heroes',
  getClassStatistics: 'classes',
  getVotersStatistics: 'voters',
} as const;

export type StatisticsCall = keyof typeof STATISTICS_CALLS;
export type StatisticsList = (typeof STATISTICS_CALLS)[StatisticsCall];
export const STATISTICS_LISTS = Object.values(STATISTICS_CALLS);

export interface ListSources {
  game: Kysely<GameDatabase>;
  /** The flavour's names (game/flavors.ts). */
  schema: Pick<GameSchema, 'flavor'>;
  /** Whether the game has the event mod's event_stats table (docs/owner/game-databases.md). */
  hasEventStats: boolean;
  referrals: ReferralStatisticsSource;
  /** The month's top voters (features/votes/top-voters.ts). */
  voters: VotersStatisticsSource;
}

type Row = RankedValueRow | ClanRow | ClassRow | ReferralRow;

const presentClass = (row: Awaited<ReturnType<typeof classStatistics>>[number]): ClassRow => ({
  classId: row.classId,
  class: className(row.classId),
  count: row.count,
  topPlayer: row.topPlayer,
  playerKills: row.topPlayerKills,
  totalKills: row.totalKills,
});

/**
 * How each list is read. Without event_stats the core columns stand in where they mean the same
 * thing: Score ranks PvP kills, Kills ranks PvP plus PK kills; the game keeps no assists, deaths
 * or event time of its own, so those lists (and K/D) stay empty. Classes always count the core
 * kills, which every character has.
 */
export const readList = (
  list: StatisticsList,
  sources: ListSources,
  filter: RankingFilter,
): Promise<readonly Row[]> => {
  const { game, hasEventStats } = sources;
  switch (list) {
    case 'referrals':
      return sources.referrals(filter);
    case 'score':
      return hasEventStats ? topByEventStat(game, 'score', filter) : topByKillColumn(game, 'pvpkills', filter);
    case 'kills':
      return hasEventStats
        ? topByEventStat(game, 'kills', filter)
        : topByCoreKills(game, ['pvpkills', 'pkkills'], filter);
    case 'assists':
    case 'deaths':
      return hasEventStats ? topByEventStat(game, list, filter) : Promise.resolve([]);
    case 'kd':
      return hasEventStats ? topByKillDeathRatio(game, filter) : Promise.resolve([]);
    case 'eventTime':
      return hasEventStats ? topByEventHours(game, filter) : Promise.resolve([]);
    case 'clans':
      return topClans(game, sources.schema, filter.limit);
    case 'heroes':
      return listHeroes(game, sources.schema, filter);
    case 'classes':
      return classStatistics(game, filter).then((rows) => rows.map(presentClass));
    case 'voters':
      return sources.voters(filter);
  }
};
