import { api } from '@gatekeeper/contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { GameDatabase } from '../src/db/tables';
import { characterRow, keyed } from '../src/game/character-row';
import type { FlavorName } from '../src/game/flavors';
import { readOlympiad, readOlympiadPeriod, readOlympiadStandings } from '../src/game/olympiad';
import { checkGameSchema } from '../src/game/schema-check';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { useSite } from './support/use-site';

/** The Olympiad page's call (docs/product.md#olympiad) on each emulator's own tables. */

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const DAY = 86_400_000;
const LIONS = 900_001;
const DUELIST = 88;
const ARCHMAGE = 94;
const CARDINAL = 97;

/** Characters: name, class, clan, account; nobles of three classes, a GM and a banned player among them. */
const CHARACTERS = [
  { charId: 700_001, name: 'Aria', classid: DUELIST, clanid: LIONS },
  { charId: 700_002, name: 'Borin', classid: DUELIST, clanid: 0 },
  { charId: 700_003, name: 'Cael', classid: DUELIST, clanid: 0 },
  { charId: 700_004, name: 'Dara', classid: ARCHMAGE, clanid: LIONS },
  { charId: 700_005, name: 'Eryn', classid: ARCHMAGE, clanid: 0 },
  { charId: 700_006, name: 'Fenn', classid: CARDINAL, clanid: 0 },
  { charId: 700_007, name: 'Gamemaster', classid: DUELIST, clanid: 0, accesslevel: 100 },
  { charId: 700_008, name: 'Banned', classid: ARCHMAGE, clanid: 0, account: 'olybanned' },
  { charId: 700_009, name: 'Olde', classid: CARDINAL, clanid: LIONS },
];

/** olympiad_nobles rows: points, matches done, won, lost, drawn. */
const NOBLES = [
  { charId: 700_001, classId: DUELIST, points: 120, done: 20, won: 15, lost: 4, drawn: 1 },
  // As many points as Aria, more matches: the game ranks Borin first.
  { charId: 700_002, classId: DUELIST, points: 120, done: 22, won: 14, lost: 8, drawn: 0 },
  { charId: 700_003, classId: DUELIST, points: 40, done: 9, won: 3, lost: 6, drawn: 0 },
  { charId: 700_004, classId: ARCHMAGE, points: 80, done: 12, won: 7, lost: 5, drawn: 0 },
  { charId: 700_005, classId: ARCHMAGE, points: 95, done: 14, won: 9, lost: 5, drawn: 0 },
  { charId: 700_006, classId: CARDINAL, points: 18, done: 0, won: 0, lost: 0, drawn: 0 },
  { charId: 700_007, classId: DUELIST, points: 500, done: 40, won: 40, lost: 0, drawn: 0 },
  { charId: 700_008, classId: ARCHMAGE, points: 300, done: 30, won: 30, lost: 0, drawn: 0 },
];

/** heroes rows: the last period's (played 1) and an earlier one (played 0). */
const HEROES = [
  { charId: 700_004, classId: ARCHMAGE, count: 1, played: 1 },
  { charId: 700_001, classId: DUELIST, count: 3, played: 1 },
  { charId: 700_009, classId: CARDINAL, count: 2, played: 0 },
  { charId: 700_007, classId: DUELIST, count: 1, played: 1 },
];

const PERIOD_END = NOW + 5 * DAY;

const buildWorld = async (flavor: FlavorName, databases: TestDatabases) => {
  const world = flavoredWorld(flavor);
  const game = databases.connections.game.db;
  const login = databases.connections.login.db;
  // The suite's own Olympiad instead of the demo world's.
  await game.deleteFrom('olympiad_nobles').execute();
  await game.deleteFrom('heroes').execute();
  await game.deleteFrom('olympiad_data').execute();
  await world.insertAccounts(login, [
    { login: 'olyplayer', accessLevel: 0 },
    { login: 'olybanned', accessLevel: -1 },
  ]);
  await game
    .insertInto('clan_data')
    .values({
      clan_id: LIONS,
      clan_name: 'Lions',
      clan_level: 5,
      reputation_score: 100,
      leader_id: 700_001,
      ally_name: null,
    })
    .execute();
  await world.insertCharacters(
    game,
    CHARACTERS.map(({ name, account, ...fields }) =>
      characterRow({
        ...fields,
        account_name: account ?? 'olyplayer',
        char_name: name,
        base_class: fields.classid,
        level: 80,
        nobless: 1,
      }),
    ),
  );
  const key = world.flavor.heroes.characterKey;
  await game
    .insertInto('olympiad_nobles')
    .values(
      NOBLES.map(
        (noble) =>
          ({
            ...keyed(key, noble.charId),
            class_id: noble.classId,
            olympiad_points: noble.points,
            competitions_done: noble.done,
            competitions_won: noble.won,
            competitions_lost: noble.lost,
            competitions_drawn: noble.drawn,
          }) as Insertable<GameDatabase['olympiad_nobles']>,
      ),
    )
    .execute();
  await game
    .insertInto('heroes')
    .values(
      HEROES.map(
        (hero) =>
          ({
            ...keyed(key, hero.charId),
            class_id: hero.classId,
            count: hero.count,
            played: hero.played,
            ...(flavor === 'acis' ? { active: 1 } : { claimed: 'true' }),
            message: '',
          }) as Insertable<GameDatabase['heroes']>,
      ),
    )
    .execute();
  await game
    .insertInto('olympiad_data')
    .values({
      id: 0,
      current_cycle: 7,
      period: world.flavor.olympiadPeriod.competition,
      olympiad_end: PERIOD_END,
      validation_end: 0,
      next_weekly_change: NOW + DAY,
    })
    .execute();
};

describe.each(FLAVOR_KINDS)('the Olympiad on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const site = useSite(kind, {
    databases: { flavor },
    prepare: (databases) => buildWorld(flavor, databases),
    app: { now: () => NOW },
  });
  const game = (): Kysely<GameDatabase> => site.databases.connections.game.db;
  const schema = () => flavoredWorld(flavor).schema;

  it('answers getolympiad: the period, each class best first, and the last period heroes with their clans', async () => {
    const response = await fetch(`${site.url}${api.getOlympiad.path}`);
    expect(response.status).toBe(200);
    const answer = api.getOlympiad.response.parse(await response.json());
    expect(answer).toEqual({
      period: { cycle: 7, state: 'competition', endsAt: PERIOD_END },
      classes: [
        {
          classId: DUELIST,
          className: 'Duelist',
          nobles: [
            { name: 'Borin', clan: '', points: 120, matches: 22, wins: 14, losses: 8 },
            { name: 'Aria', clan: 'Lions', points: 120, matches: 20, wins: 15, losses: 4 },
            { name: 'Cael', clan: '', points: 40, matches: 9, wins: 3, losses: 6 },
          ],
        },
        {
          classId: ARCHMAGE,
          className: 'Archmage',
          nobles: [
            { name: 'Eryn', clan: '', points: 95, matches: 14, wins: 9, losses: 5 },
            { name: 'Dara', clan: 'Lions', points: 80, matches: 12, wins: 7, losses: 5 },
          ],
        },
        {
          classId: CARDINAL,
          className: 'Cardinal',
          nobles: [{ name: 'Fenn', clan: '', points: 18, matches: 0, wins: 0, losses: 0 }],
        },
      ],
      // The GM and the banned player are left out as the rankings leave them out; Olde was hero before.
      heroes: [
        { name: 'Aria', classId: DUELIST, className: 'Duelist', clan: 'Lions', times: 3 },
        { name: 'Dara', classId: ARCHMAGE, className: 'Archmage', clan: 'Lions', times: 1 },
      ],
    });
  });

  it('is described in /sdk/openapi.json', async () => {
    const document = (await (await fetch(`${site.url}${api.getOpenApi.path}`)).json()) as {
      paths: Record<string, { get?: { operationId?: string } }>;
    };
    expect(document.paths[api.getOlympiad.path]?.get?.operationId).toBe('getOlympiad');
  });

  it('keeps the first nobles of each class only', async () => {
    const filter = { bannedAccounts: ['olybanned'], limit: 2, characterKey: schema().flavor.characters.key };
    const classes = await readOlympiadStandings(game(), schema(), filter, 2);
    expect(classes.map((c) => [c.className, c.nobles.map((n) => n.name)])).toEqual([
      ['Duelist', ['Borin', 'Aria']],
      ['Archmage', ['Eryn', 'Dara']],
      ['Cardinal', ['Fenn']],
    ]);
  });

  it('tells the start of the next period while heroes are chosen, and nothing without a period it knows', async () => {
    const periods = flavoredWorld(flavor).flavor.olympiadPeriod;
    const setPeriod = (period: number | string, validationEnd = NOW + DAY) =>
      game().updateTable('olympiad_data').set({ period, validation_end: validationEnd }).where('id', '=', 0).execute();
    await setPeriod(periods.validation);
    expect(await readOlympiadPeriod(game(), schema())).toEqual({ cycle: 7, state: 'validation', endsAt: NOW + DAY });
    await setPeriod(periods.validation, 0);
    expect(await readOlympiadPeriod(game(), schema())).toEqual({ cycle: 7, state: 'validation', endsAt: null });
    await setPeriod(flavor === 'acis' ? 'ANOTHER' : 7);
    expect(await readOlympiadPeriod(game(), schema())).toBeNull();
    await game().deleteFrom('olympiad_data').execute();
    expect(await readOlympiadPeriod(game(), schema())).toBeNull();
    expect(await readOlympiadPeriod(game(), { ...schema(), hasOlympiadData: false })).toBeNull();
  });
});

describe.each(FLAVOR_KINDS)(
  'the Olympiad tables start-up finds on %s in %s',
  (flavor: FlavorName, kind: DatabaseKind) => {
    it('reads the standings without olympiad_data, and only the heroes without olympiad_nobles', async () => {
      const databases = await createTestDatabases(kind, { seed: false, flavor });
      try {
        await buildWorld(flavor, databases);
        const game = databases.connections.game.db;
        const filter = {
          bannedAccounts: ['olybanned'],
          limit: 25,
          characterKey: flavoredWorld(flavor).flavor.characters.key,
        };
        const found = () => checkGameSchema(databases.connections, { flavor });
        expect(await found()).toMatchObject({ hasOlympiad: true, hasOlympiadData: true });

        await sql.raw('DROP TABLE olympiad_data').execute(game);
        const withoutPeriod = await found();
        expect(withoutPeriod).toMatchObject({ hasOlympiad: true, hasOlympiadData: false });
        const answer = await readOlympiad(game, withoutPeriod, filter);
        expect(answer.period).toBeNull();
        expect(answer.classes.map((c) => c.className)).toEqual(['Duelist', 'Archmage', 'Cardinal']);

        await sql.raw('DROP TABLE olympiad_nobles').execute(game);
        const withoutNobles = await found();
        expect(withoutNobles).toMatchObject({ hasOlympiad: false, hasOlympiadData: false });
        const heroesOnly = await readOlympiad(game, withoutNobles, filter);
        expect(heroesOnly.classes).toEqual([]);
        expect(heroesOnly.heroes.map((hero) => hero.name)).toEqual(['Aria', 'Dara']);
      } finally {
        await databases.drop();
      }
    });
  },
);
