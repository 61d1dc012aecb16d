import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginDatabase } from '../../db/tables';
import { readRankingFilter } from '../../game/ranking-exclusions';
import type { GameSchema } from '../../game/schema-check';
import { refreshingValue } from '../../infra/refreshing-value';
import { type SharedRefresh, sharedName } from '../../infra/shared-refresh';
import { type EncodedAnswer, encodeAnswer } from '../../infra/encoded-answer';
import { type ListSources, STATISTICS_LISTS, type StatisticsList, readList } from './lists';

/** Every list as the bytes it is sent as, serialized and compressed once per refresh. */
export type StatisticsSnapshot = Readonly<Record<StatisticsList, EncodedAnswer>>;

const EMPTY_LIST: EncodedAnswer = Object.freeze({ json: '[]' });
export const EMPTY_SNAPSHOT: StatisticsSnapshot = Object.freeze(
  Object.fromEntries(STATISTICS_LISTS.map((list) => [list, EMPTY_LIST])) as Record<StatisticsList, EncodedAnswer>,
);

export interface StatisticsCache {
  /** The list's answer from memory: '[]' before the first read finishes and while the database is down. */
  read(list: StatisticsList): EncodedAnswer;
  /** The same answer once the first read has finished; undefined before (a page then shows it loading). */
  known(list: StatisticsList): EncodedAnswer | undefined;
  /** Reads every list again now; resolves once the new lists are served. */
  refresh(): Promise<void>;
  /** Starts the background refresh; resolves after the first read or `waitMs`, whichever comes first. */
  start(waitMs: number): Promise<void>;
  stop(): void;
}

export interface StatisticsCacheOptions {
  sources: ListSources & {
    login: Kysely<LoginDatabase>;
    schema: Pick<GameSchema, 'flavor' | 'hasAccountData' | 'hasPunishments'>;
    /** The login database's flavour, when the realm's game is of another emulator (decision 049). */
    loginSchema?: Pick<GameSchema, 'flavor' | 'hasAccountData'>;
  };
  limit: number;
  refreshMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
  /** Reads the game database on one instance per refresh and shares the lists with the others. */
  shared?: SharedRefresh;
  /** Called after every read of the lists, once the new lists are served (pre-rendered pages, decision 040). */
  onRefresh?: () => void;
  /** The realm of a site's realm after the first (decision 049): its lists are shared under a name of their own. */
  realm?: string;
  /** Runs each read of the game database: a realm that is down is not asked (decision 049). */
  guard?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The rankings, read from the game database in the background every `refreshMs` and answered
 * from memory, so no visitor waits for a query. A list whose query fails answers '[]' until a
 * later refresh succeeds (docs/product.md#rankings); when the banned accounts cannot be read, every list
 * does, rather than show banned characters.
 */
export const statisticsCache = (options: StatisticsCacheOptions): StatisticsCache => {
  const { sources, log } = options;
  const now = options.now ?? Date.now;

  /** Every list as its JSON; a list whose query failed is '[]'. */
  const readLists = async (): Promise<Record<StatisticsList, string>> => {
    const filter = await readRankingFilter(sources, sources.schema, options.limit, now());
    const lists: Partial<Record<StatisticsList, string>> = {};
    const failed: { list: StatisticsList; error: unknown }[] = [];
    // One after another: the game server shares this database, and the lists are not urgent.
    for (const list of STATISTICS_LISTS) {
      try {
        lists[list] = JSON.stringify(await readList(list, sources, filter));
      } catch (error) {
        failed.push({ list, error });
        lists[list] = EMPTY_LIST.json;
      }
    }
    if (failed.length > 0) {
      log.warn(
        { err: failed[0]?.error, lists: failed.map((f) => f.list) },
        'rankings: some lists could not be read; they stay empty until the next refresh',
      );
    }
    return lists as Record<StatisticsList, string>;
  };

  let forced = false;
  const sharedAs = sharedName('rankings', {
    limit: options.limit,
    flavor: sources.schema.flavor.name,
    ...(options.realm ? { realm: options.realm } : {}),
  });
  const guarded = options.guard ?? ((work) => work());
  const readAll = async (): Promise<StatisticsSnapshot> => {
    const lists = options.shared
      ? (JSON.parse(
          await options.shared.value(
            sharedAs,
            options.refreshMs,
            async () => JSON.stringify(await guarded(readLists)),
            {
              force: forced,
            },
          ),
        ) as Partial<Record<StatisticsList, string>>)
      : await guarded(readLists);
    const snapshot: Partial<Record<StatisticsList, EncodedAnswer>> = {};
    for (const list of STATISTICS_LISTS) snapshot[list] = await encodeAnswer(lists[list] ?? EMPTY_LIST.json);
    return snapshot as StatisticsSnapshot;
  };

  let read = false;
  const value = refreshingValue({
    compute: readAll,
    fallback: EMPTY_SNAPSHOT,
    intervalMs: options.refreshMs,
    onError: (error) => log.warn({ err: error }, 'rankings: the databases did not answer; the lists stay empty'),
    onSettled: () => {
      read = true;
      options.onRefresh?.();
    },
  });

  return {
    read: (list) => value.latest()[list],
    known: (list) => (read ? value.latest()[list] : undefined),
    refresh: async () => {
      forced = true;
      try {
        await value.refresh();
      } finally {
        forced = false;
      }
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
