// `npm run bench`: the performance budgets of DESIGN.md section 9, measured and printed (never
// asserted in a test). Read endpoints against a bare node:http server giving the same answer in
// the same run, and the gzipped JavaScript of the home route's first load.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { lighthouseFigures } from './lighthouse.mjs';

ensureInstalled();
ensureBuilt();

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SITE_PORT = 18480;
const BARE_PORT = 18481;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const startSite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-bench-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(SITE_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      LOGIN_SERVER_ADDRESS: '127.0.0.1:1',
      GAME_SERVER_ADDRESS: '127.0.0.1:1',
    },
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${SITE_PORT}/healthz`)).ok) break;
    } catch {
      await wait(100);
    }
  }
  return {
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * A bare node:http server answering one fixed answer: the ceiling for a read endpoint. It runs in
 * its own process, as the site does, so neither shares a thread with the load generator.
 */
const BARE_SERVER = `
  const { createServer } = require('node:http');
  const body = process.env.BODY;
  const headers = { ...JSON.parse(process.env.HEADERS), 'content-length': Buffer.byteLength(body) };
  createServer((_req, res) => { res.writeHead(200, headers); res.end(body); })
    .listen(Number(process.env.PORT), '127.0.0.1', () => process.send('ready'));
`;
/** Headers node:http writes itself, or that describe the body as it is sent. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-encoding',
]);
/**
 * The bare server answers what the site answered: the same body and the same headers (the
 * security headers are part of the answer), so the ratio measures the framework, not the bytes.
 */
const startBare = (body, siteHeaders) =>
  new Promise((resolve) => {
    const headers = Object.fromEntries([...siteHeaders].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
    const child = spawn(process.execPath, ['-e', BARE_SERVER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, BODY: body, HEADERS: JSON.stringify(headers), PORT: String(BARE_PORT) },
    });
    child.once('message', () => resolve({ close: () => child.kill('SIGTERM') }));
  });

const load = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

const readEndpoint = async (path) => {
  const siteUrl = `http://127.0.0.1:${SITE_PORT}${path}`;
  const response = await fetch(siteUrl);
  const body = await response.text();
  const bare = await startBare(body, response.headers);
  const bareUrl = `http://127.0.0.1:${BARE_PORT}${path}`;
  // Warm both up, then alternate the two in rounds: this machine's speed drifts between runs,
  // and each round compares the two under the same conditions. The median round counts.
  await load(bareUrl);
  await load(siteUrl);
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bareResult = await load(bareUrl);
    const siteResult = await load(siteUrl);
    rounds.push({
      bareRps: Math.round(bareResult.requests.average),
      siteRps: Math.round(siteResult.requests.average),
      siteP99Ms: siteResult.latency.p99,
      errors: siteResult.errors + siteResult.non2xx,
      ratio: siteResult.requests.average / bareResult.requests.average,
    });
  }
  bare.close();
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  return { path, ...median, rounds: rounds.map((r) => Number((r.ratio * 100).toFixed(0))) };
};

/** The JavaScript the browser loads for the home route before it is interactive. */
const homeFirstLoad = () => {
  const dist = join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/home/home-page.tsx');
  const sizes = [...files]
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
  const routeChunks = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('/features/'))
    .map(([key]) => key);
  return { files: sizes, totalGzipKb: sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024, routeChunks };
};

/** A ranking (top 100 of the demo world), answered from the statistics cache. */
const STATISTICS_PATH = '/sdk/getscorestatistics';
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

/** The same call as a browser asks for it: the site sends the list's pre-compressed Brotli bytes. */
const compressedStatistics = async () => {
  const url = `http://127.0.0.1:${SITE_PORT}${STATISTICS_PATH}`;
  const plainBytes = (await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
    .byteLength;
  await load(url, BROWSER_ENCODINGS);
  const result = await load(url, BROWSER_ENCODINGS);
  return {
    siteRps: Math.round(result.requests.average),
    siteP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    plainBytes,
    sentBytes: Math.round(result.throughput.average / result.requests.average),
  };
};

/**
 * A ranking's p99 while somebody posts huge field values in a loop (issue 14: one 60 KB email once
 * froze the event loop for 22 s here). Two loops post a register form whose email is the worst
 * case of a backtracking email pattern: 60 KB inside the body limit (it reaches validation), and
 * 1 MB (refused by the body limit).
 */
// The 12-byte email is the control: the same two loops of posts, with nothing huge in them.
const HOSTILE_EMAILS = { '12 B': 8, '60 KB': 60_000, '1 MB': 1_000_000 };
/** Two loops posting one body, in their own process so they do not slow the load generator. */
const HOSTILE_POSTER = `
  const dots = Number(process.env.DOTS);
  const email = 'a@' + '.'.repeat(dots) + '@';
  const body = JSON.stringify({ username: 'hostile01', newPassword: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa',
    email, confirmEmail: 'a@b.cd', captcha: 'x' });
  let running = true, posts = 0, slowestMs = 0;
  process.on('message', () => { running = false; });
  const poster = async () => {
    while (running) {
      const started = performance.now();
      await fetch(process.env.URL, { method: 'POST', body,
        headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' } })
        .then((response) => response.arrayBuffer(), () => undefined);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      posts += 1;
    }
  };
  Promise.all([poster(), poster()]).then(() => process.send({ posts, slowestMs }, () => process.exit(0)));
`;
const rankingUnderHostilePosts = async () => {
  const url = `http://127.0.0.1:${SITE_PORT}${STATISTICS_PATH}`;
  const quiet = await load(url);
  const underLoad = {};
  for (const [size, dots] of Object.entries(HOSTILE_EMAILS)) {
    const child = spawn(process.execPath, ['-e', HOSTILE_POSTER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, DOTS: String(dots), URL: `http://127.0.0.1:${SITE_PORT}/sdk/createaccount` },
    });
    const done = new Promise((resolve) => child.once('message', resolve));
    const result = await load(url);
    child.send('stop');
    const { posts, slowestMs } = await done;
    underLoad[size] = {
      siteRps: Math.round(result.requests.average),
      siteP99Ms: result.latency.p99,
      posts,
      slowestPostMs: Math.round(slowestMs),
    };
  }
  return { quiet: { siteRps: Math.round(quiet.requests.average), siteP99Ms: quiet.latency.p99 }, underLoad };
};

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

/**
 * Requests per second through Debian's nginx (round robin, the owner's guide's proxy rules) with
 * one and with two built instances (bench/cluster/cluster-site.ts), for the home page and a
 * ranking as a browser asks for them.
 */
const CLUSTER_PATHS = ['/', STATISTICS_PATH];
const clusterFigures = async () => {
  if (!['/usr/sbin/nginx', '/usr/bin/nginx'].some((path) => existsSync(path))) {
    return { skipped: 'nginx is not installed (Debian: apt-get install -y nginx)' };
  }
  const figures = {};
  for (const instances of [1, 2]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cluster/cluster-site.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, INSTANCES: String(instances) },
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const started = await new Promise((resolve) => {
      let printed = '';
      child.stdout.on('data', (chunk) => {
        printed += chunk.toString();
        const line = printed.split('\n').find((text) => text.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      child.once('exit', () => resolve(undefined));
    });
    if (!started) return { skipped: `the instances behind nginx did not start (${instances})` };
    figures[instances] = {};
    try {
      for (const path of CLUSTER_PATHS) {
        await load(`${started.url}${path}`, BROWSER_ENCODINGS);
        const result = await load(`${started.url}${path}`, BROWSER_ENCODINGS);
        figures[instances][path] = {
          rps: Math.round(result.requests.average),
          p99Ms: result.latency.p99,
          errors: result.errors + result.non2xx,
        };
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }
  return figures;
};

const LIGHTHOUSE_PATHS = ['/', '/register', '/statistics/kills'];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const site = await startSite();
const results = [];
const statistics = {};
try {
  for (const path of ['/sdk/getmetadata', '/sdk/getserverstatus']) results.push(await readEndpoint(path));
  statistics.cached = await readEndpoint(STATISTICS_PATH);
  statistics.compressed = await compressedStatistics();
  statistics.hostile = await rankingUnderHostilePosts();
  // Last, on a quiet site: a phone's view of the pages players open first.
  statistics.lighthouse = await lighthouseFigures(`http://127.0.0.1:${SITE_PORT}`, LIGHTHOUSE_PATHS, LIGHTHOUSE_RUNS);
} finally {
  site.stop();
}
// Alone on the machine, after the single site has stopped.
statistics.cluster = await clusterFigures();
const bundle = homeFirstLoad();

console.log(
  `\nRead endpoints (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, median round; target: at least 85% of bare node:http)`,
);
console.log('endpoint                  bare req/s   site req/s   ratio   site p99   errors   rounds');
for (const r of results) {
  console.log(
    `${r.path.padEnd(26)}${String(r.bareRps).padStart(10)}   ${String(r.siteRps).padStart(10)}   ${(r.ratio * 100).toFixed(0).padStart(4)}%   ${String(r.siteP99Ms).padStart(5)} ms   ${String(r.errors).padStart(6)}   ${r.rounds.join('% ')}%`,
  );
}
console.log(
  `\nHome route first load: ${bundle.totalGzipKb.toFixed(1)} KB of gzipped JavaScript (target: at most 100 KB)`,
);
for (const f of bundle.files) console.log(`  ${f.file.padEnd(44)} ${(f.gzip / 1024).toFixed(1).padStart(6)} KB`);
console.log(`Routes split into their own chunks: ${bundle.routeChunks.length}`);

const { cached, compressed } = statistics;
console.log('\nRankings from the statistics cache (target: at least 85% of bare node:http, under 10 ms p99)');
console.log(
  `${STATISTICS_PATH.padEnd(26)}${String(cached.bareRps).padStart(10)}   ${String(cached.siteRps).padStart(10)}   ${(cached.ratio * 100).toFixed(0).padStart(4)}%   ${String(cached.siteP99Ms).padStart(5)} ms   ${String(cached.errors).padStart(6)}   ${cached.rounds.join('% ')}%`,
);
console.log(
  `  asked as a browser asks (${BROWSER_ENCODINGS['accept-encoding']}): ${compressed.siteRps} req/s, p99 ${compressed.siteP99Ms} ms, ${compressed.sentBytes} bytes sent per answer instead of ${compressed.plainBytes} (pre-compressed Brotli)`,
);

const { hostile } = statistics;
console.log(
  '\nA ranking while another process posts register forms in two loops (target: p99 with a huge email as with the 12-byte control)',
);
console.log(
  `  quiet:${' '.repeat(22)}${String(hostile.quiet.siteRps).padStart(8)} req/s   p99 ${hostile.quiet.siteP99Ms} ms`,
);
for (const [size, r] of Object.entries(hostile.underLoad)) {
  console.log(
    `  with ${size.padEnd(6)} emails posted: ${String(r.siteRps).padStart(8)} req/s   p99 ${r.siteP99Ms} ms   (${r.posts} posts, slowest answered in ${r.slowestPostMs} ms)`,
  );
}

const { cluster } = statistics;
console.log(
  `\nThrough nginx, round robin, with one and with two instances (${CONNECTIONS} connections, ${DURATION_S} s; nginx, the instances and the load generator share this machine's cores)`,
);
if (cluster.skipped) {
  console.log(`  skipped: ${cluster.skipped}`);
} else {
  console.log('  path                        one instance                          two instances');
  for (const path of CLUSTER_PATHS) {
    const [one, two] = [cluster[1][path], cluster[2][path]];
    const cell = (r) => `${r.rps} req/s, p99 ${r.p99Ms} ms${r.errors ? `, ${r.errors} errors` : ''}`;
    console.log(`  ${path.padEnd(28)}${cell(one).padEnd(38)}${cell(two)}`);
  }
}

const { lighthouse: phone } = statistics;
console.log(
  `\nLighthouse, mobile preset with simulated throttling, median of ${LIGHTHOUSE_RUNS} runs for each figure (targets of issue 19: performance at least 98, accessibility 100, LCP at most 1.5 s, TBT at most 50 ms, CLS at most 0.02)`,
);
if (phone.skipped) {
  console.log(`  skipped: ${phone.skipped}`);
} else {
  console.log(
    '  page                 performance   accessibility      LCP      FCP      TBT     CLS   runs: score / TBT ms / LCP ms',
  );
  for (const [path, r] of Object.entries(phone.pages)) {
    if (r.performance === undefined) {
      console.log(`  ${path.padEnd(20)}every run failed: ${r.failed.join('; ')}`);
      continue;
    }
    if (r.failed.length > 0) console.log(`  ${path}: ${r.failed.length} run(s) failed: ${r.failed.join('; ')}`);
    console.log(
      `  ${path.padEnd(20)}${String(r.performance).padStart(12)}${String(r.accessibility).padStart(16)}${`${(r.lcpMs / 1000).toFixed(1)} s`.padStart(9)}${`${(r.fcpMs / 1000).toFixed(1)} s`.padStart(9)}${`${r.tbtMs} ms`.padStart(9)}${String(r.cls).padStart(8)}   ${r.runs.join(' ')} / ${r.tbtRuns.join(' ')} / ${r.lcpRuns.join(' ')}`,
    );
    if (r.failedAccessibility.length > 0)
      console.log(`    accessibility audits failed: ${r.failedAccessibility.join(', ')}`);
  }
}

console.log('\nRankings: cold query of each list over a generated 100,000-character world on MariaDB');
statistics.coldQueries = coldQueries();
const cold = statistics.coldQueries;
if (cold.skipped) {
  console.log(`  skipped: ${cold.skipped} (set BENCH_MARIADB_URL=mysql://user:password@host:3306/)`);
} else {
  console.log(
    `  ${cold.world.characters} characters, ${cold.world.accounts} accounts (${cold.world.bannedAccounts} banned), ${cold.world.clans} clans; built in ${cold.generateSeconds} s; ${cold.runs} runs per list (target: under 50 ms)`,
  );
  console.log(`  ${'list'.padEnd(28)}  without indexes p50 / p99      with the owner's indexes p50 / p99`);
  for (const [list, without] of Object.entries(cold.withoutIndexes)) {
    const withIndexes = cold.withIndexes[list];
    console.log(
      `  ${list.padEnd(28)}  ${`${without.p50} / ${without.p99} ms`.padStart(24)}      ${`${withIndexes.p50} / ${withIndexes.p99} ms`.padStart(24)}`,
    );
  }
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/latest.json'),
  JSON.stringify({ date: new Date().toISOString(), results, bundle, statistics }, null, 2),
);
