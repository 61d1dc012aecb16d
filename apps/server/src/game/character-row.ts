import type { CharactersTable } from '../db/tables';

/**
 * A full L2J `characters` row: a new, offline, clanless level-1 character at the origin, with what
 * the caller names on top. For the demo world, the benchmark's world and the tests; the site itself
 * never creates characters.
 */
export const characterRow = (
  fields: Pick<CharactersTable, 'charId' | 'account_name' | 'char_name'> & Partial<CharactersTable>,
): CharactersTable => ({
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
