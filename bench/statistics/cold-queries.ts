// Part of `npm run bench` (run by bench.mjs with tsx): builds a 100,000-character world in a fresh
// MariaDB database, times the query of every ranking without and with the indexes docs/owner/rankings.md
// recommends, and one full refresh of the World pages' cache, and drops the database. Prints one JSON
// line on standard output.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { type Connection, createConnection } from 'mysql2/promise';
import { openConnections } from '../../apps/server/src/db/connections';
import { createGameTables } from '../../apps/server/src/game/game-tables';
import { readRankingFilter } from '../../apps/server/src/game/ranking-exclusions';
import { checkGameSchema } from '../../apps/server/src/game/schema-check';
import { RANKING_INDEXES } from '../../apps/server/src/game/ranking-indexes';
import { type ListSources, STATISTICS_LISTS, readList } from '../../apps/server/src/features/statistics/lists';
import { noReferralStatistics, noVotersStatistics } from '../../apps/server/src/features/statistics/ranking-sources';
import { worldCache } from '../../apps/server/src/features/world/world-cache';
import { worldSettings } from '../../apps/server/src/features/world/settings-schema';
import { WORLD_SIZE, generateWorld } from './world';

const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 15);
const LIMIT = 100;

const serverUrl = new URL(
  (process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/').replace(/^mariadb:/, 'mysql:'),
);
serverUrl.pathname = '/';
const database = `gk_bench_${randomBytes(4).toString('hex')}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const time = async (task: () => Promise<unknown>) => {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await task();
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  return { p50: round(percentile(runs, 50)), p99: round(percentile(runs, 99)), max: round(runs.at(-1) ?? NaN) };
};

let admin: Connection;
try {
  admin = await createConnection({ uri: serverUrl.toString(), connectTimeout: 2_000 });
} catch (error) {
  console.log(JSON.stringify({ skipped: `MariaDB not reachable at ${serverUrl.host} (${(error as Error).message})` }));
  process.exit(0);
}

await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci`);
const url = new URL(serverUrl);
url.pathname = `/${database}`;
const connections = openConnections({ login: url.toString(), game: url.toString(), site: url.toString() });
try {
  const generateStart = performance.now();
  await createGameTables(connections.login.db, 'mysql');
  await generateWorld(connections.login.db, connections.game.db);
  await sql`ANALYZE TABLE characters, event_stats, clan_data, heroes, accounts`.execute(connections.game.db);
  const generateSeconds = (performance.now() - generateStart) / 1000;

  const schema = await checkGameSchema(connections);
  const sources = {
    game: connections.game.db,
    schema,
    hasEventStats: true,
    referrals: noReferralStatistics,
    voters: noVotersStatistics,
  };
  const databases = { login: connections.login.db, game: connections.game.db };
  const filter = await readRankingFilter(databases, schema, LIMIT);

  const timeEveryList = async () => {
    const timings: Record<string, { p50: number; p99: number; max: number }> = {};
    timings.bannedAccounts = await time(() => readRankingFilter(databases, schema, LIMIT));
    for (const list of STATISTICS_LISTS) timings[list] = await time(() => readList(list, sources, filter));
    // Without event_stats, score and kills fall back to the core kill columns.
    const fallback: ListSources = { ...sources, hasEventStats: false };
    timings['score (fallback: pvpkills)'] = await time(() => readList('score', fallback, filter));
    timings['kills (fallback: pvp + pk)'] = await time(() => readList('kills', fallback, filter));
    // What one refresh of the site asks the database: the banned accounts, then every list in turn
    // (statistics-cache.ts), as database time since nothing else runs here.
    timings['one full refresh'] = await time(async () => {
      const refreshFilter = await readRankingFilter(databases, schema, LIMIT);
      for (const list of STATISTICS_LISTS) await readList(list, sources, refreshFilter);
    });
    return timings;
  };

  const withoutIndexes = await timeEveryList();
  for (const statement of RANKING_INDEXES) await sql.raw(statement).execute(connections.game.db);
  const withIndexes = await timeEveryList();

  // One full refresh of the World pages (features/world/world-cache.ts), as the site runs it with
  // the default settings: every World read, then the answers made and compressed. The cache's
  // database reads are what it hands a shared refresh to compute, so a stand-in of that times
  // them alone. A read that fails is reported, not timed as a quick empty answer.
  const failures: unknown[] = [];
  const databaseMs: number[] = [];
  const defaults = worldSettings.parse({});
  const world = worldCache({
    game: connections.game.db,
    login: connections.login.db,
    schema,
    bossRespawn: defaults.bossRespawn,
    castles: { treasury: defaults.castleTreasury, siegeLengthMs: 120 * 60_000 },
    refreshMs: 86_400_000,
    log: { warn: (error: unknown) => void failures.push(error) },
    shared: {
      value: async (_name, _intervalMs, compute) => {
        const start = performance.now();
        const rows = await compute();
        databaseMs.push(performance.now() - start);
        return rows;
      },
      takeTurn: async () => true,
    },
  });
  const worldRefresh = await time(() => world.refresh());
  world.stop();
  if (failures.length > 0) throw new Error(`the World refresh failed: ${String(failures[0])}`);
  const worldRows = JSON.parse(world.read().bosses.json) as unknown[];
  databaseMs.sort((a, b) => a - b);

  console.log(
    JSON.stringify({
      database,
      world: { ...WORLD_SIZE, bannedAccounts: filter.bannedAccounts.length },
      generateSeconds: Number(generateSeconds.toFixed(1)),
      runs: RUNS,
      indexes: RANKING_INDEXES,
      withoutIndexes,
      withIndexes,
      worldRefresh: {
        ...worldRefresh,
        databaseP50: Number(percentile(databaseMs, 50).toFixed(1)),
        databaseP99: Number(percentile(databaseMs, 99).toFixed(1)),
        bosses: worldRows.length,
      },
    }),
  );
} finally {
  await connections.close();
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.end();
}
