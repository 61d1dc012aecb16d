import { OLYMPIAD_NOBLES_PER_CLASS, type OlympiadAnswer, type OlympiadPeriod, className } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { type RankingFilter, rankedCharacters } from './rankings-filter';
import type { GameSchema } from './schema-check';

type OlympiadSchema = Pick<GameSchema, 'flavor' | 'hasOlympiad' | 'hasOlympiadData'>;

/**
 * The current period's nobles, grouped by the class they compete in (olympiad_nobles.class_id),
 * each class best first in the game's own order: points, then matches fought, then matches won
 * (docs/game/olympiad.md). Only the first `perClass` of each class are kept.
 */
export const readOlympiadStandings = async (
  db: Kysely<GameDatabase>,
  schema: OlympiadSchema,
  filter: RankingFilter,
  perClass = OLYMPIAD_NOBLES_PER_CLASS,
): Promise<OlympiadAnswer['classes']> => {
  if (!schema.hasOlympiad) return [];
  const nobleKey = schema.flavor.heroes.characterKey;
  const rows = await db
    .selectFrom('olympiad_nobles')
    .innerJoin('characters', `characters.${filter.characterKey}`, `olympiad_nobles.${nobleKey}`)
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select([
      'olympiad_nobles.class_id as classId',
      'characters.char_name as name',
      'clan_data.clan_name as clan',
      'olympiad_nobles.olympiad_points as points',
      'olympiad_nobles.competitions_done as matches',
      'olympiad_nobles.competitions_won as wins',
      'olympiad_nobles.competitions_lost as losses',
    ])
    .where(rankedCharacters(filter))
    .orderBy('olympiad_nobles.class_id')
    .orderBy('olympiad_nobles.olympiad_points', 'desc')
    .orderBy('olympiad_nobles.competitions_done', 'desc')
    .orderBy('olympiad_nobles.competitions_won', 'desc')
    .orderBy('characters.char_name')
    .execute();
  const classes = new Map<number, OlympiadAnswer['classes'][number]>();
  for (const row of rows) {
    const classId = Number(row.classId);
    let standing = classes.get(classId);
    if (!standing) {
      standing = { classId, className: className(classId), nobles: [] };
      classes.set(classId, standing);
    }
    if (standing.nobles.length >= perClass) continue;
    standing.nobles.push({
      name: row.name,
      clan: row.clan ?? '',
      points: Number(row.points),
      matches: Number(row.matches),
      wins: Number(row.wins),
      losses: Number(row.losses),
    });
  }
  return [...classes.values()];
};

/**
 * The heroes the last period chose: heroes rows with `played = 1` (both emulators load their
 * current heroes so; earlier heroes keep their row with played 0), by class.
 */
export const readOlympiadHeroes = async (
  db: Kysely<GameDatabase>,
  schema: Pick<GameSchema, 'flavor'>,
  filter: RankingFilter,
): Promise<OlympiadAnswer['heroes']> => {
  const heroKey = schema.flavor.heroes.characterKey;
  const rows = await db
    .selectFrom('heroes')
    .innerJoin('characters', `characters.${filter.characterKey}`, `heroes.${heroKey}`)
    .leftJoin('clan_data', 'clan_data.clan_id', 'characters.clanid')
    .select([
      'heroes.class_id as classId',
      'heroes.count as times',
      'characters.char_name as name',
      'clan_data.clan_name as clan',
    ])
    .where('heroes.played', '=', 1)
    .where(rankedCharacters(filter))
    .orderBy('heroes.class_id')
    .orderBy('characters.char_name')
    .execute();
  return rows.map((row) => {
    const classId = Number(row.classId);
    return { name: row.name, classId, className: className(classId), clan: row.clan ?? '', times: Number(row.times) };
  });
};

/**
 * The period from olympiad_data's one row (id 0): its cycle, its state, and when it ends (the
 * competition's `olympiad_end`) or, while heroes are chosen, when the next one starts
 * (`validation_end`). Null without the table, without the row (the game then runs on its
 * configuration's values, which the site cannot read) or with a state it does not know.
 */
export const readOlympiadPeriod = async (
  db: Kysely<GameDatabase>,
  schema: OlympiadSchema,
): Promise<OlympiadPeriod | null> => {
  if (!schema.hasOlympiadData) return null;
  const row = await db
    .selectFrom('olympiad_data')
    .select(['current_cycle', 'period', 'olympiad_end', 'validation_end'])
    .where('id', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  const values = schema.flavor.olympiadPeriod;
  // MariaDB answers an int column as a number; compare as text so either spelling matches.
  const period = String(row.period);
  const state =
    period === String(values.competition) ? 'competition' : period === String(values.validation) ? 'validation' : null;
  if (state === null) return null;
  const end = Number(state === 'competition' ? row.olympiad_end : row.validation_end);
  return { cycle: Number(row.current_cycle), state, endsAt: end > 0 ? end : null };
};

/**
 * The whole Olympiad page: period, standings and heroes (docs/product.md#olympiad). `heroes` is a
 * required table, so its heroes show even on a game without olympiad_nobles.
 */
export const readOlympiad = async (
  db: Kysely<GameDatabase>,
  schema: OlympiadSchema,
  filter: RankingFilter,
): Promise<OlympiadAnswer> => {
  const period = await readOlympiadPeriod(db, schema);
  const classes = await readOlympiadStandings(db, schema, filter);
  const heroes = await readOlympiadHeroes(db, schema, filter);
  return { period, classes, heroes };
};
