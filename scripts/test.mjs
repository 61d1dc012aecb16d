// `npm test`: install what is missing, build, then every suite: contract, server and web under
// Vitest, end to end under Playwright in Chromium. Prints one closing line for CI:
// "N passed, N failed, N skipped", summed over all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let runnerFailed = false;

const suite = (name, command, args, read) => {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) runnerFailed = true;
  try {
    const counts = read();
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  } catch {
    // No report at all: the runner failed before any test ran. Count it, so CI cannot miss it.
    totals.failed += 1;
    console.log(`${name}: the runner failed (exit ${result.status}) before reporting`);
  }
};

const vitestReport = join(results, 'vitest.json');
suite(
  'contract, server and web (Vitest)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`],
  () => {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    // A file that failed to load, or whose hook (beforeAll, afterAll) failed, can fail with no
    // failed test in it: it counts as one failure.
    const brokenFiles = report.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    );
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles.length,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  },
);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const playwrightReport = join(results, 'playwright.json');
  suite('end to end (Playwright, Chromium)', 'npx', ['playwright', 'test'], () => {
    const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    };
  });
} else {
  console.log(`\n=== end to end: skipped, no Chromium at ${chromium} (Debian: apt-get install -y chromium) ===`);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || runnerFailed ? 1 : 0);
