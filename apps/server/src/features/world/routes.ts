import type { FastifyInstance } from 'fastify';
import type { Connections } from '../../db/connections';
import type { GameSchema } from '../../game/schema-check';
import { chooseEncoding } from '../../infra/prepared-answer';
import { chosenRealm, realmReadRoute } from '../../infra/realm-read';
import type { GameRealm } from '../../game/game-realm';
import { headerOf } from '../../infra/raw-header';
import type { SharedRefresh } from '../../infra/shared-refresh';
import type { PageAnswers } from '../../infra/page-answers';
import { preparedEncodings } from '../../infra/encoded-answer';
import type { WorldSettings } from './settings-schema';
import { type WorldCache, worldCache } from './world-cache';

/** How long start-up waits for the first read of the world before serving empty pages. */
export const FIRST_READ_WAIT_MS = 3_000;

export interface WorldRoutesOptions {
  connections: Connections;
  schema: Pick<
    GameSchema,
    | 'flavor'
    | 'hasBosses'
    | 'hasRaidRespawnDelays'
    | 'hasCastles'
    | 'hasAccountData'
    | 'hasPunishments'
    | 'hasOlympiad'
    | 'hasOlympiadData'
  >;
  settings: WorldSettings;
  /** How long a castle siege lasts (online.siegeLengthMinutes, the game's SiegeLength). */
  siegeLengthMinutes: number;
  shared?: SharedRefresh;
  now?: () => number;
  /** Handed the cache once made (the pre-rendered pages read the same rows). */
  onCache?: (cache: WorldCache) => void;
  /** The pre-rendered pages' answers: the World pages carry their rows (decision 040). */
  pageAnswers?: PageAnswers;
  /**
   * Every realm (decision 049), the first being `connections.game` with `schema`; left out, the
   * one realm of those. Each realm has its own rows, refresh and shared name.
   */
  realms?: readonly GameRealm[];
}

/** The World pages' calls (docs/product.md#world): each answered from memory, pre-compressed where accepted. */
export const worldRoutes = async (app: FastifyInstance, options: WorldRoutesOptions): Promise<void> => {
  const { connections, schema } = options;
  const realms: readonly Pick<GameRealm, 'slug' | 'first' | 'game' | 'schema' | 'isUp' | 'read'>[] = options.realms ?? [
    {
      slug: 'main',
      first: true,
      game: connections.game.db,
      schema: () => schema as GameSchema,
      isUp: () => true,
      read: (work) => work(connections.game.db, schema as GameSchema),
    },
  ];
  const caches = new Map<string, WorldCache>();
  /** A realm's rows; made once its flavour is known (a realm that started down: when it first answered). */
  const cacheOf = (realm: (typeof realms)[number]): WorldCache | undefined => {
    let cache = caches.get(realm.slug);
    const realmSchema = realm.schema();
    if (cache || !realmSchema) return cache;
    cache = worldCache({
      game: realm.game,
      login: connections.login.db,
      loginSchema: schema,
      schema: realmSchema,
      bossRespawn: options.settings.bossRespawn,
      castles: { treasury: options.settings.castleTreasury, siegeLengthMs: options.siegeLengthMinutes * 60_000 },
      refreshMs: options.settings.refreshSeconds * 1000,
      log: app.log,
      now: options.now,
      shared: options.shared,
      realm: realm.first ? undefined : realm.slug,
      guard: (work) => realm.read(() => work()),
      onRefresh: () => options.pageAnswers?.changed(),
    });
    if (realm.first) options.onCache?.(cache);
    caches.set(realm.slug, cache);
    return cache;
  };
  app.addHook('onClose', async () => {
    for (const cache of caches.values()) cache.stop();
  });
  await Promise.all(realms.map((realm) => cacheOf(realm)?.start(FIRST_READ_WAIT_MS)));
  const bySlug = new Map(realms.map((realm) => [realm.slug, realm]));
  const choice = {
    slugs: realms.map((realm) => realm.slug),
    isUp: (slug: string) => bySlug.get(slug)?.isUp() ?? false,
  };
  const cacheBySlug = (slug: string) => {
    const realm = bySlug.get(slug);
    return realm ? cacheOf(realm) : undefined;
  };

  for (const [call, part] of [
    ['getBosses', 'bosses'],
    ['getOlympiad', 'olympiad'],
    ['getCastles', 'castles'],
  ] as const) {
    realmReadRoute(app, call, choice, (realm, request) => {
      const cache = cacheBySlug(realm);
      return cache && chooseEncoding(preparedEncodings(cache.read()[part]), headerOf(request, 'accept-encoding'));
    });
    options.pageAnswers?.provide(call, (query) => {
      const realm = chosenRealm(choice, query?.realm);
      return realm && choice.isUp(realm) ? cacheBySlug(realm)?.known()?.[part].json : undefined;
    });
  }
};
