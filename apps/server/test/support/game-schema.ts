import { FLAVORS, type FlavorName } from '../../src/game/flavors';
import type { GameSchema } from '../../src/game/schema-check';

/** What start-up finds on the test databases of a flavour (every optional table of game-tables.ts). */
export const testGameSchema = (flavor: FlavorName = 'l2j'): GameSchema => ({
  flavor: FLAVORS[flavor],
  passwordScheme: FLAVORS[flavor].passwordScheme,
  hasAccountData: flavor === 'l2j',
  hasEventStats: true,
  hasPremiumItems: flavor === 'l2j',
  hasCustomMail: flavor === 'l2j',
  // A pack's table (test/support/emulator-tables.ts PACK_SQL), made only by the suites that ask for it.
  hasItemsDelayed: false,
  hasPunishments: flavor === 'l2j',
  hasBosses: true,
  hasRaidRespawnDelays: true,
  hasOlympiad: true,
  hasOlympiadData: true,
  hasCastles: true,
  hasCrests: flavor === 'l2j',
});

/** The l2j flavour's schema, which most suites run on. */
export const L2J_SCHEMA = testGameSchema('l2j');
