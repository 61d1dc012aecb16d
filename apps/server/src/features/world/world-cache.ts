import {
  type BossRespawnDetail,
  EMPTY_OLYMPIAD,
  OLYMPIAD_NOBLES_PER_CLASS,
  type OlympiadAnswer,
} from '@gatekeeper/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../../db/tables';
import { readBosses } from '../../game/bosses';
import { type CastleState, readCastles } from '../../game/castles';
import { readOlympiad } from '../../game/olympiad';
import { readRankingFilter } from '../../game/ranking-exclusions';
import type { GameSchema } from '../../game/schema-check';
import { refreshingValue } from '../../infra/refreshing-value';
import { type SharedRefresh, sharedName } from '../../infra/shared-refresh';
import { type EncodedAnswer, encodeAnswer } from '../../infra/encoded-answer';
import { bossRows } from './boss-answer';
import { castleRows } from './castle-answer';

/** Each World answer as the bytes it is sent as, serialized and compressed once per refresh. */
export interface WorldSnapshot {
  bosses: EncodedAnswer;
  olympiad: EncodedAnswer;
  castles: EncodedAnswer;
}

const EMPTY_SNAPSHOT: WorldSnapshot = Object.freeze({
  bosses: Object.freeze({ json: '[]' }),
  olympiad: Object.freeze({ json: JSON.stringify(EMPTY_OLYMPIAD) }),
  castles: Object.freeze({ json: '[]' }),
});

export interface WorldCache {
  /** The latest answers; empty lists before the first read and while the game database is down. */
  read(): WorldSnapshot;
  /** The same answers once the first read has finished; undefined before (a page then shows them loading). */
  known(): WorldSnapshot | undefined;
  refresh(): Promise<void>;
  /** Starts the background refresh; resolves after the first read or `waitMs`, whichever comes first. */
  start(waitMs: number): Promise<void>;
  stop(): void;
}

export interface WorldCacheOptions {
  game: Kysely<GameDatabase>;
  /** The login database: the Olympiad leaves out banned accounts as the rankings do. */
  login: Kysely<LoginDatabase>;
  /** The login database's flavour, when the realm's game is of another emulator (decision 049). */
  loginSchema?: Pick<GameSchema, 'flavor' | 'hasAccountData'>;
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
  bossRespawn: BossRespawnDetail;
  /** The Castles page: whether it shows each treasury, and how long a siege lasts (ms). */
  castles: { treasury: boolean; siegeLengthMs: number };
  refreshMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
  /** Reads the game database on one instance per refresh and shares the rows with the others. */
  shared?: SharedRefresh;
  /** Called after every read, once the new answers are served (pre-rendered pages, decision 040). */
  onRefresh?: () => void;
  /** The realm of a site's realm after the first (decision 049): its rows are shared under a name of their own. */
  realm?: string;
  /** Runs each read of the game database: a realm that is down is not asked (decision 049). */
  guard?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The World pages' data, read from the game database in the background every `refreshMs` and
 * answered from memory like the rankings (decision 005): no visitor waits for a query, and the
 * game database sees one small read per refresh across all instances. The boss rows are shared
 * as read; whether each is alive is decided on each instance against its own clock.
 */
export const worldCache = (options: WorldCacheOptions): WorldCache => {
  const now = options.now ?? Date.now;
  const sharedAs = sharedName('world', {
    flavor: options.schema.flavor.name,
    ...(options.realm ? { realm: options.realm } : {}),
  });
  const guarded = options.guard ?? ((work) => work());

  // The Olympiad (docs/product.md#olympiad): who the rankings leave out is left out here too.
  const readOlympiadRows = async (): Promise<OlympiadAnswer> => {
    const databases = { login: options.login, game: options.game, loginSchema: options.loginSchema };
    const filter = await readRankingFilter(databases, options.schema, OLYMPIAD_NOBLES_PER_CLASS, now());
    return readOlympiad(options.game, options.schema, filter);
  };

  const readRows = async (): Promise<string> =>
    JSON.stringify({
      bosses: options.schema.hasBosses ? await readBosses(options.game, options.schema) : [],
      olympiad: await readOlympiadRows(),
      castles: options.schema.hasCastles ? await readCastles(options.game, options.schema.flavor) : [],
    });

  const readAll = async (): Promise<WorldSnapshot> => {
    const readGuarded = () => guarded(readRows);
    const json = options.shared
      ? await options.shared.value(sharedAs, options.refreshMs, readGuarded)
      : await readGuarded();
    const {
      bosses,
      olympiad,
      castles = [],
    } = JSON.parse(json) as {
      bosses: Awaited<ReturnType<typeof readBosses>>;
      olympiad: OlympiadAnswer;
      castles?: CastleState[];
    };
    const at = now();
    return {
      bosses: await encodeAnswer(JSON.stringify(bossRows(bosses, options.bossRespawn, at))),
      olympiad: await encodeAnswer(JSON.stringify(olympiad)),
      castles: await encodeAnswer(JSON.stringify(castleRows(castles, { ...options.castles, now: at }))),
    };
  };

  let read = false;
  const value = refreshingValue({
    compute: readAll,
    fallback: EMPTY_SNAPSHOT,
    intervalMs: options.refreshMs,
    onError: (error) =>
      options.log.warn({ err: error }, 'world: the game database did not answer; the pages stay empty'),
    onSettled: () => {
      read = true;
      options.onRefresh?.();
    },
  });

  return {
    read: () => value.latest(),
    known: () => (read ? value.latest() : undefined),
    refresh: async () => {
      await value.refresh();
    },
    start: async (waitMs) => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        value.get(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    },
    stop: () => value.stop(),
  };
};
