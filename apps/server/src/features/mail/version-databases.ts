import type { MailVersion } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import { databaseUrlFromEnv } from '../../config';
import { type Connections, openConnections } from '../../db/connections';
import type { GameDatabase, LoginDatabase } from '../../db/tables';
import { type GameSchema, checkGameSchema } from '../../game/schema-check';
import type { MailSettings } from './settings-schema';

export interface VersionDatabases {
  login: Kysely<LoginDatabase>;
  game: Kysely<GameDatabase>;
  /** The game flavour of these databases: the site's own, else told from their schema at the first mail. */
  schema(): Promise<GameSchema>;
  /**
   * The site's own login database, whose accounts the site registers: only their emails are in
   * site_account_emails (the addresses of a flavour that keeps none).
   */
  ownLogin: boolean;
}

export interface VersionDatabaseMap {
  /** The databases of a version, undefined when the settings do not map it. */
  of(version: MailVersion): VersionDatabases | undefined;
  close(): Promise<void>;
}

/** Tells the schema once; a failure (database down, no known flavour) is told again at the next call. */
const schemaOnce = (connections: Connections): (() => Promise<GameSchema>) => {
  let told: Promise<GameSchema> | undefined;
  return () => {
    told ??= checkGameSchema(connections).catch((error: unknown) => {
      told = undefined;
      throw error;
    });
    return told;
  };
};

/**
 * Opens the login and game databases of every version in settings mail.versions. The settings
 * name environment variables (the URLs hold passwords); LOGIN_DATABASE_URL and GAME_DATABASE_URL
 * reuse the site's own connections and schema. A variable that is unset or not a database URL
 * stops start-up; another version's flavour is told from its schema when it is first mailed, so
 * that a version's database being down does not keep the site from starting.
 */
export const openVersionDatabases = (
  settings: MailSettings['versions'],
  site: { connections: Connections; schema: GameSchema; loginUrl: string; gameUrl: string },
): VersionDatabaseMap => {
  const own: Record<string, string> = { LOGIN_DATABASE_URL: site.loginUrl, GAME_DATABASE_URL: site.gameUrl };
  const urlOf = (version: string, role: string, variable: string) =>
    own[variable] ?? databaseUrlFromEnv(variable, `settings: mail.versions.${version}.${role}`);
  const opened: Connections[] = [];
  const byVersion = new Map<MailVersion, VersionDatabases>();
  for (const [version, databases] of Object.entries(settings) as [
    MailVersion,
    NonNullable<MailSettings['versions'][MailVersion]>,
  ][]) {
    const loginUrl = urlOf(version, 'loginDatabase', databases.loginDatabase);
    const gameUrl = urlOf(version, 'gameDatabase', databases.gameDatabase);
    if (loginUrl === site.loginUrl && gameUrl === site.gameUrl) {
      byVersion.set(version, {
        login: site.connections.login.db,
        game: site.connections.game.db,
        schema: () => Promise.resolve(site.schema),
        ownLogin: true,
      });
      continue;
    }
    const connections = openConnections({ login: loginUrl, game: gameUrl, site: gameUrl });
    opened.push(connections);
    byVersion.set(version, {
      login: connections.login.db,
      game: connections.game.db,
      schema: schemaOnce(connections),
      ownLogin: loginUrl === site.loginUrl,
    });
  }
  return {
    of: (version) => byVersion.get(version),
    close: async () => {
      await Promise.all(opened.map((connections) => connections.close()));
    },
  };
};
