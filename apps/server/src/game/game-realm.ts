import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import type { GameSchema } from './schema-check';

/**
 * One realm's game database as a feature reads it (decision 049): app.ts makes one per realm from
 * the realm registry and hands the list to the features whose reads are per realm.
 */
export interface GameRealm {
  slug: string;
  /** The first realm: today's game database, whose addresses and shared names stay as they were. */
  first: boolean;
  game: Kysely<GameDatabase>;
  /** Its flavour and tables; undefined until its database first answered. */
  schema(): GameSchema | undefined;
  /** Whether its database answers now. */
  isUp(): boolean;
  /** A read of its database: 503 (ServiceUnavailableError) at once while it is down, without touching it. */
  read<T>(work: (game: Kysely<GameDatabase>, schema: GameSchema) => Promise<T>): Promise<T>;
}

/** The one realm of a site of one game database, always up (a feature's tests, the benches). */
export const onlyRealm = (game: Kysely<GameDatabase>, schema: GameSchema, slug = 'main'): GameRealm => ({
  slug,
  first: true,
  game,
  schema: () => schema,
  isUp: () => true,
  read: (work) => work(game, schema),
});
