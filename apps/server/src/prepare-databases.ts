import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config';
import { seedDemoReferrals } from './features/referral/demo-referrals';
import { seedDemoOnlineHistory } from './features/online/demo-history';
import { seedDemoDonations } from './features/donations/demo-donations';
import { seedDemoVotes } from './features/votes/demo-votes';
import { seedDemoMail } from './features/mail/demo-mail';
import { seedDemoNews } from './features/news/demo-news';
import { seedDemoAudit } from './features/console/demo-audit';
import { seedDemoShop } from './features/shop/demo-shop';
import { type GameSchema, checkGameSchema } from './game/schema-check';
import { countOnlineByKind } from './game/online';
import { type Connections, openConnections } from './db/connections';
import { seedDemoWorld } from './game/demo-seed';
import { createGameTables } from './game/game-tables';
import { flavorNamed } from './game/flavors';
import { keepDemoEmails } from './features/accounts/account-emails';
import { migrateSiteTables } from './site-migrations';
import { type Settings, parseSettings } from './settings';

/**
 * The demo world's records for the console's sections (first run only): donations, their coins
 * and the votes' in the reward queue (records only, nothing reaches the game), a mass mail already
 * sent, the news, the demo game master's audit lines and the shop's catalogue, told from one story. `settings` gives the
 * currency, coins, vote sites and mail versions the records are written in.
 */
const seedDemoConsole = async (
  connections: Connections,
  schema: GameSchema,
  settings: Pick<Settings, 'donations' | 'rewards' | 'coins' | 'voteSites' | 'mail'>,
  now = Date.now(),
): Promise<void> => {
  await seedDemoDonations(
    connections,
    schema,
    { donations: settings.donations, rewards: settings.rewards, coinsPerEuro: settings.coins.perEuro },
    now,
  );
  await seedDemoVotes(connections, schema, { voteSites: settings.voteSites, rewards: settings.rewards }, now);
  const news = await seedDemoNews(connections.site.db, now);
  const mail = await seedDemoMail(connections, schema, settings.mail, now);
  await seedDemoAudit(connections.site.db, { news, mail });
  await seedDemoShop(connections.site.db, now);
};

const hasAccountsTable = async (connections: Connections): Promise<boolean> => {
  const result = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name = 'accounts'`.execute(connections.login.db);
  return result.rows.length > 0;
};

/**
 * Opens the three databases. An embedded SQLite database without game tables is a first run: it
 * gets the L2J tables and the demo world. A MariaDB/MySQL game database is never touched beyond
 * the site's own tables; its schema is checked instead.
 */
export const prepareDatabases = async (
  config: Pick<
    Config,
    | 'LOGIN_DATABASE_URL'
    | 'GAME_DATABASE_URL'
    | 'SITE_DATABASE_URL'
    | 'DATABASE_QUERY_TIMEOUT_MS'
    | 'DATABASE_ACQUIRE_TIMEOUT_MS'
    | 'GAME_FLAVOR'
    | 'GAME_PASSWORD_HASH'
  >,
  log: Pick<FastifyBaseLogger, 'info'>,
  /** The owner's settings, for the demo world's records (first run only); the defaults without. */
  settings: Pick<Settings, 'donations' | 'rewards' | 'coins' | 'voteSites' | 'mail'> = parseSettings({}),
): Promise<{ connections: Connections; schema: GameSchema; embedded: boolean }> => {
  const connections = openConnections({
    login: config.LOGIN_DATABASE_URL,
    game: config.GAME_DATABASE_URL,
    site: config.SITE_DATABASE_URL,
  });
  try {
    const embedded = connections.login.dialect === 'sqlite' && connections.login.db === connections.game.db;
    const firstRun = embedded && !(await hasAccountsTable(connections));
    if (firstRun) {
      const flavor = flavorNamed(config.GAME_FLAVOR ?? 'l2j');
      log.info(`first run: creating the embedded game database (${flavor.title} tables) and its demo world`);
      await createGameTables(connections.login.db, 'sqlite', ['login', 'game'], flavor.name);
      await seedDemoWorld(connections.login.db, connections.game.db, flavor);
    }
    const schema = await checkGameSchema(connections, {
      flavor: config.GAME_FLAVOR,
      passwordScheme: config.GAME_PASSWORD_HASH,
    });
    log.info(
      `game flavour ${schema.flavor.name} (${schema.flavor.title}, ${config.GAME_FLAVOR ? 'GAME_FLAVOR' : 'detected from the schema'}), passwords ${schema.passwordScheme}`,
    );
    const applied = await migrateSiteTables(connections.site.db);
    if (applied.length > 0) {
      log.info({ migrations: applied }, `site tables migrated: ${applied.length}, up to ${applied.at(-1)}`);
    }
    if (firstRun) await seedDemoReferrals(connections.site.db);
    // The history ends at the demo world's characters online, where the sampler takes over.
    if (firstRun) {
      await seedDemoOnlineHistory(connections.site.db, Date.now(), await countOnlineByKind(connections.game.db));
    }
    // Where the game keeps no email (aCis), the demo accounts' emails are the site's, as registration keeps them.
    if (firstRun) await keepDemoEmails(connections.site.db, schema.flavor);
    // The console's sections (donations, rewards, votes, mail, news, audit log), after the emails the mail reaches.
    if (firstRun) await seedDemoConsole(connections, schema, settings);
    // Migrations may take long on big tables; a visitor's call may not.
    connections.bound({
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    });
    return { connections, schema, embedded };
  } catch (error) {
    await connections.close();
    throw error;
  }
};
