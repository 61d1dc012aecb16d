import { type Kysely, sql } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { type RankingFilter, rankedCharacters } from './rankings-filter';

export const EVENT_STAT_COLUMNS = ['score', 'assists', 'kills', 'deaths', 'event_seconds'] as const;
export type EventStatColumn = (typeof EVENT_STAT_COLUMNS)[number];
export type CoreKillColumn = 'pvpkills' | 'pkkills';

export interface RankedCharacter {
  name: string;
  value: number;
  clan: string;
}

const toRanked = (row: { name: string; value: unknown; clan: string | null }): RankedCharacter => ({
  name: row.name,
  value: Number(row.value),
  clan: row.clan ?? '',
});

const eventStatsOfRankedCharacters = (db: Kysely<GameDatabase>, filter: RankingFilter) =>
  db
    .selectFrom('event_stats')
    .innerJoin('characters', `characters.${filter.characterKey}`, 'event_stats.char_id')
    .where(rankedCharacters(filter));

/**
 * The top characters by one event_stats column, ties ordered by name then id so a list is stable.
 * Characters without a row in event_stats do not rank.
 *
 * Two steps, so a big server answers fast with an index on the column (docs/owner/rankings.md): the first walks
 * the index to the value of the last place, the second sorts only the rows at or above that value
 * (ties at the cut included). A sort by name over the whole table would defeat the index.
 */
export const topByEventStat = async (
  db: Kysely<GameDatabase>,
  column: EventStatColumn,
  filter: RankingFilter,
): Promise<RankedCharacter[]> => {
  const value = `event_stats.${column}` as const;
  const cut = await eventStatsOfRankedCharacters(db, filter)
    .select(`${value} as value`)
    .orderBy(value, 'desc')
    .limit(1)
    .offset(filter.limit - 1)
    .executeTakeFirst();
  const rows = await eventStatsOfRankedCharacters(db, filter)
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select(['characters.char_name as name', `${value} as value`, 'clan_data.clan_name as clan'])
    .$if(cut !== undefined, (query) => query.where(value, '>=', Number(cut?.value)))
    .orderBy(value, 'desc')
    .orderBy('characters.char_name')
    .orderBy(`characters.${filter.characterKey}`)
    .limit(filter.limit)
    .execute();
  return rows.map(toRanked);
};

const deathsAtLeastOne = sql<number>`(case when event_stats.deaths > 0 then event_stats.deaths else 1 end)`;
const killDeathRatio = sql<number>`(event_stats.kills + 0e0) / ${deathsAtLeastOne}`;

/**
 * Kills per death, highest first, rounded to two decimals; a character without deaths counts
 * its kills (as if it had died once), and a character without kills does not rank. The ratio is
 * computed in floating point on both dialects (`+ 0e0`), so they order it alike.
 *
 * A ratio has no index, so the cut is found on event_stats alone (an index on (kills, deaths)
 * covers it): the ratio of the row at twice the limit. Only rows at or above it, compared
 * exactly in integers, are joined and filtered; if the filter leaves too few, the cut moves down.
 */
export const topByKillDeathRatio = async (db: Kysely<GameDatabase>, filter: RankingFilter) => {
  for (let candidates = filter.limit * 2; ; candidates *= 4) {
    const cut = await db
      .selectFrom('event_stats')
      .select(['kills', 'deaths'])
      .where('kills', '>', 0)
      .orderBy(killDeathRatio, 'desc')
      .limit(1)
      .offset(candidates - 1)
      .executeTakeFirst();
    const rows = await eventStatsOfRankedCharacters(db, filter)
      .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
      .select(['characters.char_name as name', killDeathRatio.as('value'), 'clan_data.clan_name as clan'])
      .where('event_stats.kills', '>', 0)
      .$if(cut !== undefined, (query) =>
        query.where(
          sql<boolean>`event_stats.kills * ${sql.lit(Math.max(Number(cut?.deaths), 1))} >= ${sql.lit(Number(cut?.kills))} * ${deathsAtLeastOne}`,
        ),
      )
      .orderBy(killDeathRatio, 'desc')
      .orderBy('characters.char_name')
      .orderBy(`characters.${filter.characterKey}`)
      .limit(filter.limit)
      .execute();
    if (cut === undefined || rows.length >= filter.limit) {
      return rows.map((row) => ({ ...toRanked(row), value: Math.round(Number(row.value) * 100) / 100 }));
    }
  }
};

/** Time spent in events, in hours rounded to one decimal, most first. */
export const topByEventHours = async (db: Kysely<GameDatabase>, filter: RankingFilter) =>
  (await topByEventStat(db, 'event_seconds', filter)).map((row) => ({
    ...row,
    value: Math.round(row.value / 360) / 10,
  }));

const coreKills = (columns: readonly CoreKillColumn[]) =>
  sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(`characters.${column}`)}, 0)`),
    sql` + `,
  );

/**
 * The fallback where the game has no event_stats table: the core pvpkills / pkkills columns
 * (several are added up), NULL counting as 0.
 *
 * A sum has no index, so the first column's index bounds it: the top rows by that column give a
 * sum L that the last place reaches at least, and any row reaching L has at least L minus the
 * most the other columns hold in the first one. Only those rows are summed and sorted.
 */
export const topByCoreKills = async (
  db: Kysely<GameDatabase>,
  columns: readonly [CoreKillColumn, ...CoreKillColumn[]],
  filter: RankingFilter,
): Promise<RankedCharacter[]> => {
  const [lead, ...others] = columns;
  const leadColumn = `characters.${lead}` as const;
  const kills = sql<number>`${coreKills(columns)}`;
  // MAX of an indexed column is read from the index; the bound holds for any character.
  const othersMost =
    others.length === 0
      ? 0
      : Object.values(
          (await db
            .selectFrom('characters')
            .select(others.map((column, i) => sql<number | null>`max(${sql.ref(`characters.${column}`)})`.as(`m${i}`)))
            .executeTakeFirst()) ?? {},
        ).reduce<number>((sum, most) => sum + Number(most ?? 0), 0);
  const leaders = await db
    .selectFrom('characters')
    .where(rankedCharacters(filter))
    .select(kills.as('value'))
    .orderBy(leadColumn, 'desc')
    .limit(filter.limit)
    .execute();
  const lastPlace = leaders.length < filter.limit ? 0 : Math.min(...leaders.map((row) => Number(row.value)));
  const rows = await db
    .selectFrom('characters')
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select(['characters.char_name as name', kills.as('value'), 'clan_data.clan_name as clan'])
    .where(rankedCharacters(filter))
    // Above 0 these also leave out NULLs, which rank as 0.
    .$if(lastPlace - othersMost > 0, (query) => query.where(leadColumn, '>=', lastPlace - othersMost))
    .$if(lastPlace > 0, (query) => query.where(kills, '>=', lastPlace))
    .orderBy(kills, 'desc')
    .orderBy('characters.char_name')
    .orderBy(`characters.${filter.characterKey}`)
    .limit(filter.limit)
    .execute();
  return rows.map(toRanked);
};

/** One core column: PvP kills (pvpkills) or player kills as a PK (pkkills). */
export const topByKillColumn = (db: Kysely<GameDatabase>, column: CoreKillColumn, filter: RankingFilter) =>
  topByCoreKills(db, [column], filter);
