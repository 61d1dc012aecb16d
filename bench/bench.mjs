// `npm run bench`: the performance budgets of docs/performance.md,
// measured and printed (never asserted in a test). The pieces are in bench/lib; this file runs them
// in order, prints the figures and keeps them in bench/results/latest.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { lighthouseFigures } from './lighthouse.mjs';
import { CLUSTER_PATHS, clusterFigures } from './lib/cluster.mjs';
import { pinLoadGenerator } from './lib/cores.mjs';
import { BROWSER, frontDoor } from './lib/front-door.mjs';
import { healthUnderClanPages } from './lib/clan-pages.mjs';
import { homeTransfer } from './lib/home-transfer.mjs';
import { rankingUnderHostilePosts } from './lib/hostile-posts.mjs';
import { sideBySide } from './lib/load.mjs';
import { rankingUnderRegistrations } from './lib/registrations.mjs';
import { signInFigures } from './lib/sign-ins.mjs';
import { firstVisitsOverBudget, printReport } from './lib/report.mjs';
import { startSite } from './lib/site.mjs';

ensureInstalled();
ensureBuilt();

const DURATION_S = Number(process.env.BENCH_DURATION ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REGISTRATIONS_PER_S = Number(process.env.BENCH_REGISTRATIONS ?? 20);
const READS_PER_S = Number(process.env.BENCH_READS ?? 500);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The pages players open first (docs/performance.md#first-visit): home, a form, a ranking, a World page, a clan, My account. */
const LIGHTHOUSE_PATHS = ['/', '/register', '/statistics/kills', '/world/bosses', '/clan/WolfLegion', '/account'];
/** The bench's sites listen from here up (BENCH_PORT, for two benches on one machine). */
const SITE_PORT = Number(process.env.BENCH_PORT ?? 18480);
const BARE_PORT = SITE_PORT + 1;
const RANKING = '/sdk/getscorestatistics';
/** The bench's captcha costs the server what the default does, and the poster one or two tries. */
const SETTINGS = { captcha: { altchaMaxCounter: 2 } };
const load = { rounds: ROUNDS, duration: DURATION_S, connections: CONNECTIONS, barePort: BARE_PORT };

/** What the access log costs: two small reads and the page, with each ACCESS_LOG mode. */
const LOGGED_PATHS = ['/sdk/getmetadata', RANKING, '/'];
const loggingCost = async () => {
  const figures = {};
  for (const [mode, env] of Object.entries({
    'ACCESS_LOG=changes (default)': {},
    'ACCESS_LOG=all': { ACCESS_LOG: 'all' },
    'LOG_LEVEL=warn': { LOG_LEVEL: 'warn' },
  })) {
    const site = await startSite({ port: SITE_PORT + 2, settings: SETTINGS, env, pinned: true });
    pinLoadGenerator(true);
    try {
      figures[mode] = {};
      for (const path of LOGGED_PATHS) {
        const before = site.loggedBytes();
        const result = await sideBySide({ siteUrl: site.url, sitePid: site.pid, path, headers: BROWSER, ...load });
        figures[mode][path] = { ...result, loggedBytesPerRequest: (site.loggedBytes() - before) / result.siteRequests };
      }
    } finally {
      pinLoadGenerator(false);
      await site.stop();
    }
  }
  return figures;
};

/** A measure taken on a site of each flavour: L2J (SHA-1 passwords) and aCis (BCrypt). */
const onEachFlavor = async (port, measure) => {
  const figures = {};
  for (const flavor of ['l2j', 'acis']) {
    const site = await startSite({ port, flavor, settings: SETTINGS });
    try {
      figures[flavor] = await measure(site.url);
    } finally {
      await site.stop();
    }
  }
  return figures;
};

/** The ranking's latency while 20 players a second register. */
const registrationsByFlavor = () =>
  onEachFlavor(SITE_PORT + 3, (siteUrl) =>
    rankingUnderRegistrations({
      siteUrl,
      rate: REGISTRATIONS_PER_S,
      readRate: READS_PER_S,
      duration: 10,
      headers: BROWSER,
    }),
  );

const SIGN_IN_SECONDS = 10;
/** Sign-ins per second, and a signed-in read beside a public one. */
const signInsByFlavor = () =>
  onEachFlavor(SITE_PORT + 4, (siteUrl) =>
    signInFigures({
      siteUrl,
      duration: SIGN_IN_SECONDS,
      concurrency: 4,
      headers: BROWSER,
      connections: CONNECTIONS,
      readDuration: DURATION_S * 2,
    }),
  );

/** The cold query of every ranking over a 100,000-character MariaDB world (bench/statistics). */
const coldQueries = () => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/statistics/cold-queries.ts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) return { skipped: `the world could not be built (exit ${child.status})` };
  return JSON.parse(child.stdout.trim().split('\n').at(-1));
};

const figures = {};
/**
 * `BENCH_ONLY=lighthouse`: the Lighthouse runs and the first-visit bytes alone, on a quiet site
 * (a few minutes instead of twenty), with the same figures, budget and exit status; kept in
 * bench/results/lighthouse.json so that a full run's latest.json stays whole.
 */
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
if (process.env.BENCH_ONLY !== undefined && !ONLY_LIGHTHOUSE) {
  console.error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only BENCH_ONLY=lighthouse is known`);
  process.exit(2);
}
if (ONLY_LIGHTHOUSE) {
  const site = await startSite({ port: SITE_PORT, settings: SETTINGS });
  try {
    figures.lighthouse = await lighthouseFigures(site.url, LIGHTHOUSE_PATHS, LIGHTHOUSE_RUNS);
  } finally {
    await site.stop();
  }
  printReport(figures, { lighthouseRuns: LIGHTHOUSE_RUNS });
  const overBudget = firstVisitsOverBudget(figures.lighthouse?.pages);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, 'bench/results/lighthouse.json'),
    JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2),
  );
  if (overBudget.length > 0) console.error(`\nFirst visit over its budget: ${overBudget.join(', ')}`);
  process.exit(overBudget.length > 0 ? 1 : 0);
}
// The side-by-side figures with the servers on one core and the load generator on the other (cores.mjs).
const site = await startSite({ port: SITE_PORT, settings: SETTINGS, pinned: true });
try {
  pinLoadGenerator(true);
  figures.frontDoor = await frontDoor({ siteUrl: site.url, sitePid: site.pid, characterName: 'DemoKnight', ...load });
  pinLoadGenerator(false);
  figures.hostile = await rankingUnderHostilePosts({
    siteUrl: site.url,
    ranking: RANKING,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  figures.clanPages = await healthUnderClanPages({ siteUrl: site.url, duration: DURATION_S });
  figures.homeTransfer = await homeTransfer(site.url);
  // Last, on a quiet site: a phone's view of the pages players open first.
  figures.lighthouse = await lighthouseFigures(site.url, LIGHTHOUSE_PATHS, LIGHTHOUSE_RUNS);
  figures.rssMb = site.rssMb();
} finally {
  await site.stop();
}
// Each on its own site, alone on the machine.
figures.logging = await loggingCost();
figures.registrations = await registrationsByFlavor();
figures.signIns = await signInsByFlavor();
figures.cluster = await clusterFigures({ connections: CONNECTIONS, duration: DURATION_S, headers: BROWSER });
figures.coldQueries = coldQueries();

printReport(figures, {
  rounds: ROUNDS,
  duration: DURATION_S,
  connections: CONNECTIONS,
  registrationsPerS: REGISTRATIONS_PER_S,
  signInSeconds: SIGN_IN_SECONDS,
  readsPerS: READS_PER_S,
  lighthouseRuns: LIGHTHOUSE_RUNS,
  clusterPaths: CLUSTER_PATHS,
  loggedPaths: LOGGED_PATHS,
});

// A page whose first visit is over its budget fails the bench, after the figures are kept.
const overBudget = firstVisitsOverBudget(figures.lighthouse?.pages);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/latest.json'),
  JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2),
);
if (overBudget.length > 0) {
  console.error(`\nFirst visit over its budget: ${overBudget.join(', ')}`);
  process.exitCode = 1;
}
