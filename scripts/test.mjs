// `npm test`: install what is missing, build, then every suite: the static checks (types, lint,
// formatting), contract, server and web under Vitest, end to end under Playwright in Chromium.
// Prints the names of the failed tests, then one closing line for CI:
// "N passed, N failed, N skipped", summed over all suites.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

// `npm test` runs every suite; `npm test -- checks unit` only the ones named (checks, unit, cluster, e2e).
const SUITES = ['checks', 'unit', 'cluster', 'e2e'];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !SUITES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}: choose from ${SUITES.join(', ')}`);
  process.exit(2);
}
const runs = (name) => asked.length === 0 || asked.includes(name);

/** How long each stage took, printed as it ends and again in a table at the end. */
const stageTimes = [];
const minutesAndSeconds = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
const timed = (name, work) => {
  const started = Date.now();
  const result = work();
  const done = () => {
    const took = Date.now() - started;
    stageTimes.push({ name, took });
    console.log(`[${name}: ${minutesAndSeconds(took)}]`);
  };
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
};

timed('install', ensureInstalled);
timed('build', ensureBuilt);

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedNames = [];
let runnerFailed = false;

/** Adds a finished runner's counts to the totals; `result` is its exit status. */
const count = (name, result, read) => {
  if (result.status !== 0) runnerFailed = true;
  try {
    const counts = read(result);
    // A runner that fails with no failed test (a server that could not start, a port in use)
    // fails the run all the same: count it, so the closing line cannot say 0 failed.
    if (result.status !== 0 && counts.failed === 0) {
      counts.failed = 1;
      counts.failedNames = [...counts.failedNames, `${name}: the runner exited with ${result.status} (see its output)`];
    }
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    failedNames.push(...counts.failedNames);
    console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  } catch {
    // No report at all: the runner failed before any test ran. Count it, so CI cannot miss it.
    totals.failed += 1;
    failedNames.push(`${name}: the runner failed (exit ${result.status}) before reporting`);
    console.log(`${name}: the runner failed (exit ${result.status}) before reporting`);
  }
};

/** A runner whose output is shown as it comes, without blocking: runners in the background go on meanwhile (their output is piped). */
const suiteLive = (name, command, args, read, env = process.env) =>
  timed(
    name,
    () =>
      new Promise((resolve) => {
        console.log(`\n=== ${name} ===`);
        const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
        child.on('close', (status) => {
          count(name, { status }, read);
          resolve();
        });
      }),
  );

/**
 * A runner in the background, its output kept and printed whole when it ends (several at once
 * must not interleave), then counted as `suite` does.
 */
const suiteInBackground = (name, command, args, read, env = process.env) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const took = Date.now() - started;
      console.log(`\n=== ${name} (${minutesAndSeconds(took)}) ===`);
      process.stdout.write(Buffer.concat(output));
      count(name, { status }, read);
      stageTimes.push({ name, took });
      resolve();
    });
  });

/** A check that is one npm script: it passes when the script exits 0. */
const checkInBackground = (name, args) =>
  suiteInBackground(name, 'npm', ['run', '--silent', ...args], (result) => ({
    passed: result.status === 0 ? 1 : 0,
    failed: result.status === 0 ? 0 : 1,
    skipped: 0,
    failedNames: result.status === 0 ? [] : [`${name} (npm run ${args.join(' ')})`],
  }));

// Types, lint and formatting only read the sources, each mostly on one thread: side by side.
// They run beside the second Node's run and the cluster suite (below), whose time is mostly spent
// waiting for minutes to pass (decision 043).
const staticChecks = () =>
  Promise.all([
    checkInBackground('types (tsc)', ['typecheck']),
    checkInBackground('lint (eslint)', ['lint']),
    checkInBackground('formatting (prettier)', ['format:check']),
  ]);

/** The counts and failed test names of a Vitest JSON report. */
const vitestCounts = (reportFile) => {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  // A file that failed to load, or whose hook (beforeAll, afterAll) failed, can fail with no
  // failed test in it: it counts as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  const names = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative(root, file.name)} > ${test.fullName}`),
  );
  names.push(...brokenFiles.map((file) => `${relative(root, file.name)} (the file failed: ${file.message ?? ''})`));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
    failedNames: names,
  };
};

// Two built instances behind Debian's nginx on MariaDB and Redis (apps/server/cluster): without
// nginx or TEST_MARIADB_URL the suite says why and counts its tests as skipped. Most of its time
// is spent waiting for minutes and refreshes to pass, so it runs beside the second Node's run
// (decision 043); beside the first (MariaDB, three files at once) its online sampler once missed
// a minute.
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const clusterReport = join(results, 'vitest-cluster.json');
const startCluster = () =>
  suiteInBackground(
    'two instances behind nginx (Vitest, cluster)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'apps/server/cluster/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${clusterReport}`,
    ],
    () => {
      const counts = vitestCounts(clusterReport);
      return { ...counts, failedNames: counts.failedNames.map((test) => `cluster: ${test}`) };
    },
  );

const vitestReport = join(results, 'vitest.json');
/**
 * The machine's Node run, its output as it comes. When a second Node runs the suites on SQLite
 * (EXTRA_NODE, below) and MariaDB is here, the suites that run on every database kind run on
 * MariaDB alone in this one: each kind once, on a Node of its own (decision 043, fourth part).
 */
const firstNodeSuite = () =>
  suiteLive(
    process.env.EXTRA_NODE && process.env.TEST_MARIADB_URL
      ? 'contract, server and web (Vitest; suites of every kind on MariaDB)'
      : 'contract, server and web (Vitest)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`],
    () => vitestCounts(vitestReport),
    process.env.EXTRA_NODE && process.env.TEST_MARIADB_URL
      ? { ...process.env, TEST_DATABASE_KINDS: 'mariadb' }
      : process.env,
  );

/** The second Node's run (EXTRA_NODE), when CI gives one. */
const secondNodeSuite = async () => {
  // CI also runs the contract and server suites on a second Node (EXTRA_NODE: the path of its
  // binary, e.g. Node 24 while the machine has 20), on the embedded database: what differs between
  // Node versions is the runtime and the embedded driver (db/embedded-sqlite.ts), not MariaDB's.
  const extraNode = process.env.EXTRA_NODE;
  if (!extraNode) return;
  const version = spawnSync(extraNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const report = join(results, 'vitest-extra-node.json');
  const { TEST_MARIADB_URL: _mariadb, ...env } = process.env;
  await suiteInBackground(
    `contract and server on Node ${version} (Vitest, SQLite)`,
    extraNode,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project=contract',
      '--project=server',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    () => {
      const counts = vitestCounts(report);
      return { ...counts, failedNames: counts.failedNames.map((test) => `Node ${version}: ${test}`) };
    },
    { ...env, PATH: `${dirname(extraNode)}:${env.PATH ?? ''}` },
  );
};

if (runs('unit')) await firstNodeSuite();
const sideBySide = [];
if (!runs('cluster')) {
  // not asked for
} else if (nginxBinary) {
  sideBySide.push(startCluster());
} else {
  console.log(
    '\n=== two instances behind nginx: skipped, nginx is not installed (Debian: apt-get install -y nginx) ===',
  );
}
if (runs('unit')) sideBySide.push(secondNodeSuite());
if (runs('checks')) sideBySide.push(staticChecks());
if (sideBySide.length > 0) {
  await timed('static checks, second Node and cluster, side by side', () => Promise.all(sideBySide));
}

/** Every test of a Playwright JSON report, with the titles of the describe blocks around it. */
const playwrightTests = (suites, path = []) =>
  suites.flatMap((child) => [
    ...(child.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({ name: [...path, child.title, spec.title].filter(Boolean).join(' > '), test })),
    ),
    ...playwrightTests(child.suites ?? [], [...path, child.title]),
  ]);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!runs('e2e')) {
  // not asked for
} else if (existsSync(chromium)) {
  const playwrightReport = join(results, 'playwright.json');
  await suiteLive('end to end (Playwright, Chromium)', 'npx', ['playwright', 'test'], () => {
    const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
      failedNames: playwrightTests(report.suites)
        .filter(({ test }) => test.status === 'unexpected')
        .map(({ name, test }) => `e2e [${test.projectName}]: ${name}`),
    };
  });
} else {
  console.log(`\n=== end to end: skipped, no Chromium at ${chromium} (Debian: apt-get install -y chromium) ===`);
}

// The names also go to a file, so .ci/run can repeat them just before its own closing line.
writeFileSync(join(results, 'failed-tests.txt'), failedNames.map((name) => `  - ${name}\n`).join(''));
if (failedNames.length > 0) {
  console.log('\nFailed:');
  for (const name of failedNames) console.log(`  - ${name}`);
}
console.log('\nStage times:');
for (const { name, took } of stageTimes) console.log(`  ${minutesAndSeconds(took).padStart(6)}  ${name}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || runnerFailed ? 1 : 0);
