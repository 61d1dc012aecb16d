import type { Config } from '../../config';
import { realmDatabaseVariable } from '../../config';
import { openGameDatabase } from '../../db/connections';
import { createGameTables } from '../../game/game-tables';
import { hasEmbeddedGameTables, renameDemoCharacters, seedDemoWorld } from '../../game/demo-seed';
import type { GameFlavor } from '../../game/flavors';
import type { Settings } from '../../settings';
import type { RealmDeclaration } from './realm-declarations';
import type { RealmEntry } from './settings-schema';

/** The embedded demo's database, as `npm start` makes it when nothing names another. */
const DEMO_DATABASE = 'sqlite:data/gatekeeper.sqlite';

/**
 * The demo's second realm (decision 049): a high-rate server of another chronicle, on a demo
 * database of its own beside the first one, sharing its login database. A newcomer sees the
 * realm switcher without setting anything.
 */
export const DEMO_SECOND_REALM: RealmEntry = {
  id: 2,
  slug: 'x50',
  name: 'Sieghardt x50',
  chronicle: 'High Five',
  rates: { exp: 50, sp: 50, adena: 20, drop: 10 },
  openingDate: null,
  statusAddress: { host: '127.0.0.1', port: 7778 },
};

/**
 * The settings and environment of `npm start`'s demo: when the site runs on the embedded demo
 * database at its default address, with no realm declared, it is two realms (the demo world and
 * DEMO_SECOND_REALM on `data/gatekeeper-x50.sqlite`). Any other site is left as it is.
 */
export const withDemoRealms = <S extends Pick<Settings, 'server' | 'realms'>>(
  env: NodeJS.ProcessEnv,
  settings: S,
  config: Config,
): { settings: S; config: Config } => {
  const demo =
    env.LOGIN_DATABASE_URL === undefined &&
    env.GAME_DATABASE_URL === undefined &&
    config.LOGIN_DATABASE_URL === DEMO_DATABASE &&
    settings.realms.length === 0 &&
    Object.keys(config.realmDatabaseUrls).length === 0;
  if (!demo) return { settings, config };
  const { rates } = settings.server;
  const first: RealmEntry = { id: 1, slug: 'main', name: `Bartz x${rates.exp}` };
  return {
    settings: { ...settings, realms: [first, DEMO_SECOND_REALM] },
    config: {
      ...config,
      realmDatabaseUrls: {
        [realmDatabaseVariable(DEMO_SECOND_REALM.slug)]: `sqlite:data/gatekeeper-${DEMO_SECOND_REALM.slug}.sqlite`,
      },
    },
  };
};

/** The demo characters as another realm names them: the same accounts, other heroes. */
const RENAMED: Readonly<Record<string, string>> = {
  DemoKnight: 'SiegeKnight',
  DemoArcher: 'SiegeArcher',
  DemoTrader: 'SiegeTrader',
  GameMaster: 'SiegeMaster',
  BannedOne: 'SiegeBanned',
};

/**
 * On an embedded site (the demo, the end-to-end instances), a realm after the first whose
 * database is an SQLite file without the game's tables gets them and a demo world of its own
 * (other characters, other numbers, the demo accounts' characters renamed), in the first realm's
 * flavour. A MariaDB/MySQL realm database is never touched.
 */
export const seedEmbeddedRealms = async (
  declarations: readonly RealmDeclaration[],
  flavor: GameFlavor,
  log: { info(message: string): void },
): Promise<void> => {
  for (const realm of declarations) {
    if (realm.first || !realm.databaseUrl.startsWith('sqlite:')) continue;
    const opened = openGameDatabase(realm.databaseUrl, { queryTimeoutMs: 60_000, acquireTimeoutMs: 60_000 });
    try {
      const db = opened.connection.db;
      if (await hasEmbeddedGameTables(db)) continue;
      log.info(`realm ${realm.slug}: creating its embedded game database (${flavor.title} tables) and its demo world`);
      // Its own accounts table stays unread: the site's accounts are the login database's.
      await createGameTables(db as never, 'sqlite', ['login', 'game'], flavor.name);
      await seedDemoWorld(db as never, db, flavor, Date.now, 20260000 + realm.id);
      await renameDemoCharacters(db, RENAMED);
    } finally {
      await opened.close();
    }
  }
};
