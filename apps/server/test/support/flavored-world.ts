import type { Insertable, Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../../src/db/tables';
import { type CharacterRow, inFlavor, keyed } from '../../src/game/character-row';
import { FLAVORS, FLAVOR_NAMES, type FlavorName, type GameFlavor } from '../../src/game/flavors';
import type { GameSchema } from '../../src/game/schema-check';
import { DATABASE_KINDS, type DatabaseKind } from '../databases';
import { testGameSchema } from './game-schema';

/**
 * The suites that run on every game flavour: `describe.each(FLAVOR_KINDS)` gives each flavour on
 * each database kind of this machine, and `flavoredWorld(flavor)` writes and reads the game's rows
 * in that flavour's own columns (tables of test/support/emulator-tables.ts), so that one test body
 * serves both.
 */
export const FLAVOR_KINDS: [FlavorName, DatabaseKind][] = FLAVOR_NAMES.flatMap((flavor) =>
  DATABASE_KINDS.map((kind) => [flavor, kind] as [FlavorName, DatabaseKind]),
);

export interface FlavoredWorld {
  name: FlavorName;
  flavor: GameFlavor;
  /** What start-up finds on the test databases of this flavour. */
  schema: GameSchema;
  /** The suite runs every case (l2j) or only those a flavour changes (aCis: names, keys, bans, delivery). */
  everything: boolean;
  /** Accounts in the flavour's columns, with no password (aCis's column is NOT NULL: empty). */
  insertAccounts(db: Kysely<LoginDatabase>, accounts: { login: string; accessLevel: number }[]): Promise<void>;
  insertCharacters(db: Kysely<GameDatabase>, rows: CharacterRow[]): Promise<void>;
  /** Heroes rows: heroes.charId with claimed on L2J, heroes.char_id with active on aCis. */
  insertHeroes(db: Kysely<GameDatabase>, heroes: { charId: number; classId: number; count: number }[]): Promise<void>;
  /** The ids of characters whose names are given, by name. */
  characterIds(db: Kysely<GameDatabase>, names: string[]): Promise<Map<string, number>>;
}

export const flavoredWorld = (name: FlavorName): FlavoredWorld => {
  const flavor = FLAVORS[name];
  const { accounts } = flavor;
  return {
    name,
    flavor,
    schema: testGameSchema(name),
    everything: name === 'l2j',
    async insertAccounts(db, rows) {
      await db
        .insertInto('accounts')
        .values(
          rows.map((row) => ({
            ...accounts.extraOnInsert,
            login: row.login,
            password: '',
            ...(accounts.email === null ? {} : { [accounts.email]: null }),
            [accounts.accessLevel]: row.accessLevel,
            [accounts.lastActive]: 0,
          })),
        )
        .execute();
    },
    async insertCharacters(db, rows) {
      await db
        .insertInto('characters')
        .values(rows.map((row) => inFlavor(flavor, row)))
        .execute();
    },
    async insertHeroes(db, heroes) {
      await db
        .insertInto('heroes')
        .values(
          heroes.map(
            (hero) =>
              ({
                ...keyed(flavor.heroes.characterKey, hero.charId),
                class_id: hero.classId,
                count: hero.count,
                played: 1,
                ...(name === 'acis' ? { active: 1 } : { claimed: 'true' }),
                message: '',
              }) as Insertable<GameDatabase['heroes']>,
          ),
        )
        .execute();
    },
    async characterIds(db, names) {
      if (names.length === 0) return new Map();
      const rows = await db
        .selectFrom('characters')
        .select(['char_name', `${flavor.characters.key} as charId`])
        .where('char_name', 'in', names)
        .execute();
      return new Map(rows.map((row) => [row.char_name, Number(row.charId)]));
    },
  };
};
