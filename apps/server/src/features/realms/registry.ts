import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Connection, type Connections, type DatabaseLimits, openGameDatabase } from '../../db/connections';
import type { GameDatabase } from '../../db/tables';
import type { GameRealm } from '../../game/game-realm';
import { type GameSchema, SchemaError, checkGameSchema } from '../../game/schema-check';
import { ServiceUnavailableError, isServiceUnavailable } from '../../infra/unavailable';
import type { RealmDeclaration } from './realm-declarations';
import { type RealmHealth, realmHealth } from './realm-health';

/** One game server with its own game database, flavour and health (decision 049). */
export interface Realm {
  declaration: RealmDeclaration;
  game: Connection<GameDatabase>;
  health: RealmHealth;
  /** Its flavour and optional tables; undefined until its database first answered. */
  schema(): GameSchema | undefined;
}

export interface RealmRegistry {
  /** Every realm in the settings' order; the first is today's game database. */
  readonly realms: readonly Realm[];
  readonly first: Realm;
  bySlug(slug: string): Realm | undefined;
  /**
   * Runs a realm's read: a down realm answers 503 (ServiceUnavailableError) without touching its
   * database, and a read that finds the database gone marks the realm down at once.
   */
  read<T>(realm: Realm, work: (game: Connection<GameDatabase>, schema: GameSchema) => Promise<T>): Promise<T>;
  start(): void;
  close(): Promise<void>;
}

export interface RegistryOptions {
  declarations: readonly RealmDeclaration[];
  /** The login, game and site connections start-up opened: the first realm's game is `connections.game`. */
  connections: Pick<Connections, 'login' | 'game'>;
  /** The first realm's schema, as start-up checked it. */
  firstSchema: GameSchema;
  limits: DatabaseLimits;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tests probe more often. */
  probeIntervalMs?: number;
  /** Hears each realm that went down or came back (the status lights are read again at once). */
  onHealthChange?: (realm: RealmDeclaration, up: boolean) => void;
}

const describe = (realm: RealmDeclaration) => `realm ${realm.slug} (id ${realm.id})`;

/**
 * Opens every realm after the first on its own pool, reads each one's flavour from its schema,
 * and keeps a health probe per realm. A realm after the first whose database does not answer
 * starts down; its schema is read when it first answers. A database of no flavour stops start-up
 * (SchemaError), as the first one's does.
 */
export const openRealmRegistry = async (options: RegistryOptions): Promise<RealmRegistry> => {
  const { connections, log } = options;
  const closers: (() => Promise<void>)[] = [];
  const realms: Realm[] = [];
  try {
    for (const declaration of options.declarations) {
      const opened = declaration.first
        ? { connection: connections.game, close: async () => undefined }
        : openGameDatabase(declaration.databaseUrl, options.limits);
      closers.push(opened.close);
      const game = opened.connection;
      let schema: GameSchema | undefined = declaration.first ? options.firstSchema : undefined;
      let schemaRead: Promise<void> | undefined;
      const readSchema = async () => {
        schema = await checkGameSchema(
          { login: connections.login, game },
          {
            passwordScheme: options.firstSchema.passwordScheme,
            gameOnly: true,
          },
        );
        log.info(
          `${describe(declaration)}: game flavour ${schema.flavor.name} (${schema.flavor.title}), ${game.label}`,
        );
      };
      if (!schema) {
        try {
          await readSchema();
        } catch (error) {
          if (error instanceof SchemaError) throw new SchemaError(`${describe(declaration)}: ${error.message}`);
          log.warn(
            { err: error },
            `${describe(declaration)}: its game database does not answer; the realm starts down`,
          );
        }
      }
      const health = realmHealth({
        initiallyUp: schema !== undefined,
        intervalMs: options.probeIntervalMs,
        probe: async () => {
          await sql`select 1`.execute(game.db);
          if (schema) return;
          // A realm whose schema is not known yet is up once it has been read, which may take longer
          // than a probe may (the whole information_schema); tables of no flavour keep it down.
          schemaRead ??= readSchema()
            .catch((error: unknown) => {
              log.error({ err: error }, `${describe(declaration)}: its schema could not be read`);
            })
            .finally(() => {
              schemaRead = undefined;
            });
          await schemaRead;
          if (!schema) throw new Error(`${describe(declaration)}: its schema is not read yet`);
        },
        onChange: (up, error) => {
          if (up) log.info(`${describe(declaration)}: its game database answers again`);
          else
            log.error({ err: error }, `${describe(declaration)}: its game database does not answer; the realm is down`);
          options.onHealthChange?.(declaration, up);
        },
      });
      realms.push({ declaration, game, health, schema: () => schema });
    }
  } catch (error) {
    await Promise.all(closers.map((close) => close()));
    throw error;
  }
  const [first] = realms;
  if (!first) throw new Error('no realm declared');
  const bySlug = new Map(realms.map((realm) => [realm.declaration.slug, realm]));
  return {
    realms,
    first,
    bySlug: (slug) => bySlug.get(slug),
    async read(realm, work) {
      const schema = realm.schema();
      if (!realm.health.isUp() || !schema) {
        throw new ServiceUnavailableError(`${describe(realm.declaration)} is down`);
      }
      try {
        return await work(realm.game, schema);
      } catch (error) {
        if (isServiceUnavailable(error)) realm.health.markDown();
        throw error;
      }
    },
    start() {
      for (const realm of realms) realm.health.start();
    },
    async close() {
      for (const realm of realms) realm.health.stop();
      // The pool of a realm whose database never answered may end with its last connection
      // attempt's error (ECONNREFUSED): it is closed all the same, and the others still close.
      const closed = await Promise.allSettled(closers.map((close) => close()));
      for (const result of closed) {
        if (result.status === 'rejected')
          log.warn({ err: result.reason }, 'a realm game database closed with an error');
      }
    },
  };
};

/** Each realm as the features whose reads are per realm see it (game/game-realm.ts). */
export const gameRealmsOf = (registry: RealmRegistry): GameRealm[] =>
  registry.realms.map((realm) => ({
    slug: realm.declaration.slug,
    first: realm.declaration.first,
    game: realm.game.db,
    schema: () => realm.schema(),
    // The first realm's reads answer from memory while its database is down, as the site of one
    // game database always did (its lists empty once a refresh fails); another realm's answer 503.
    isUp: () => realm.declaration.first || realm.health.isUp(),
    read: (work) => registry.read(realm, (game, schema) => work(game.db, schema)),
  }));
