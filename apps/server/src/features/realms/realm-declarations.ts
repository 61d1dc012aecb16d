import type { Config } from '../../config';
import { ConfigError, realmDatabaseVariable } from '../../config';
import type { Settings } from '../../settings';
import { type RealmFacts, realmsOf } from './realm-facts';

export interface Address {
  host: string;
  port: number;
}

/** One game server as the settings and the environment declare it (decision 049). */
export interface RealmDeclaration extends Omit<RealmFacts, 'statusAddress'> {
  statusAddress: Address;
  databaseUrl: string;
  /** The first realm: GAME_DATABASE_URL, today's addresses. */
  first: boolean;
}

type DeclarationConfig = Pick<Config, 'GAME_DATABASE_URL' | 'GAME_SERVER_ADDRESS' | 'realmDatabaseUrls'>;

/**
 * The realms of the settings with their databases from the environment: the first reads
 * GAME_DATABASE_URL, every other its REALM_<SLUG>_DATABASE_URL. A missing variable, or one no
 * realm reads, stops start-up (a ConfigError naming it).
 */
export const declareRealms = (
  settings: Pick<Settings, 'server' | 'realms'>,
  config: DeclarationConfig,
): RealmDeclaration[] => {
  const realms = realmsOf(settings);
  const variables = new Set(realms.slice(1).map((realm) => realmDatabaseVariable(realm.slug)));
  const stray = Object.keys(config.realmDatabaseUrls).filter((variable) => !variables.has(variable));
  if (stray.length > 0) {
    throw new ConfigError(
      `environment: ${stray.join(', ')} ${stray.length === 1 ? 'names' : 'name'} no realm after the first in the settings' realms (the first one's database is GAME_DATABASE_URL); check the slug`,
    );
  }
  return realms.map((realm, index) => {
    const first = index === 0;
    const variable = realmDatabaseVariable(realm.slug);
    const databaseUrl = first ? config.GAME_DATABASE_URL : config.realmDatabaseUrls[variable];
    if (databaseUrl === undefined) {
      throw new ConfigError(
        `settings: realms.${index} (${realm.slug}): environment variable ${variable} must hold its game database's URL`,
      );
    }
    // The settings refuse a realm after the first without its address.
    return { ...realm, statusAddress: realm.statusAddress ?? config.GAME_SERVER_ADDRESS, databaseUrl, first };
  });
};
