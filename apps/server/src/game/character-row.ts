import type { Insertable } from 'kysely';
import type { CharactersTable } from '../db/tables';
import type { GameFlavor } from './flavors';

/** A characters row as the site's code names it: the object id is charId whatever the flavour. */
export type CharacterRow = Omit<CharactersTable, 'obj_Id' | 'punish_level' | 'punish_timer'> & {
  punish_level?: number;
};

/**
 * A full `characters` row: a new, offline, clanless level-1 character at the origin, with what
 * the caller names on top. For the demo world, the benchmark's world and the tests; the site itself
 * never creates characters.
 */
export const characterRow = (
  fields: Pick<CharacterRow, 'charId' | 'account_name' | 'char_name'> & Partial<CharacterRow>,
): CharacterRow => ({
  level: 1,
  x: 0,
  y: 0,
  z: 0,
  pvpkills: 0,
  pkkills: 0,
  clanid: 0,
  race: 0,
  classid: 0,
  base_class: 0,
  sex: 0,
  title: '',
  accesslevel: 0,
  online: 0,
  onlinetime: 0,
  lastAccess: 0,
  deletetime: 0,
  nobless: 0,
  karma: 0,
  ...fields,
});

/** The row with the flavour's key column (obj_Id on aCis); punish_level only where the flavour has it. */
export const inFlavor = (flavor: GameFlavor, row: CharacterRow): Insertable<CharactersTable> => {
  const { charId, punish_level, ...rest } = row;
  // The table type names the key as l2j does; aCis's obj_Id row is written as it is.
  return {
    ...rest,
    ...keyed(flavor.characters.key, charId),
    // Always set where the flavour has it: SQLite fills a column a row of a batch leaves out with NULL.
    ...(flavor.characters.punishLevel ? { punish_level: punish_level ?? 0 } : {}),
  } as Insertable<CharactersTable>;
};

/** `{ [key]: value }` typed as the one column of a union it is (TypeScript widens a computed key to string). */
export const keyed = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as Partial<Record<K, V>>;
