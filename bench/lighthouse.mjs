// Lighthouse as a phone sees the site: its default mobile preset (Moto G Power screen, simulated
// slow 4G and 4x CPU slowdown), in the machine's own Chromium. Each page runs several times and the
// median run is reported, as Lighthouse's own docs advise for noisy machines.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The kinds a first visit's bytes are told by, as Lighthouse names a request's resource type. */
const KINDS = { Document: 'document', Script: 'script', Stylesheet: 'style', Font: 'font', Image: 'image' };

/**
 * What a first visit transferred (compressed, as it crossed the wire), in bytes by kind and in
 * all: every request Lighthouse saw until the page was loaded and idle, from its cold profile.
 */
const firstVisitBytes = (audits) => {
  const bytes = { document: 0, script: 0, style: 0, font: 0, image: 0, other: 0, total: 0 };
  for (const request of audits['network-requests']?.details?.items ?? []) {
    const size = request.transferSize ?? 0;
    bytes[KINDS[request.resourceType] ?? 'other'] += size;
    bytes.total += size;
  }
  return bytes;
};

/** One page, `runs` times: the median of each figure over the runs, and every run's score, TBT and LCP. */
const measure = async (port, url, runs) => {
  const reports = [];
  const failures = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      failures.push(`${runtimeError.code}: ${runtimeError.message}`);
      continue;
    }
    reports.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      // Lighthouse's own measure of the machine's speed: simulated throttling scales what it saw,
      // so the same page scores lower on a slower or busier machine.
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      bytes: firstVisitBytes(audits),
      failedAccessibility: Object.values(audits)
        .filter(
          (audit) =>
            audit.scoreDisplayMode === 'binary' &&
            audit.score === 0 &&
            categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
        )
        .map((audit) => audit.id),
    });
  }
  if (reports.length === 0) return { failed: failures };
  // Each figure's own median: one run's TBT can double on a busy two-core machine.
  const of = (key) => median(reports.map((report) => report[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    benchmarkIndex: of('benchmarkIndex'),
    // The run with the median total: its kinds add up to it.
    bytes: reports.find((report) => report.bytes.total === median(reports.map((r) => r.bytes.total))).bytes,
    failedAccessibility: [...new Set(reports.flatMap((report) => report.failedAccessibility))],
    runs: reports.map((r) => r.performance),
    tbtRuns: reports.map((r) => r.tbtMs),
    lcpRuns: reports.map((r) => r.lcpMs),
    failed: failures,
  };
};

/** Lighthouse figures of each path of a running site; undefined when no Chromium is there. */
export const lighthouseFigures = async (baseUrl, paths, runs = 3) => {
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS] });
  } catch (error) {
    return { skipped: `Chromium could not start (${error.message}); set CHROMIUM_PATH` };
  }
  try {
    const pages = {};
    for (const path of paths) pages[path] = await measure(chrome.port, `${baseUrl}${path}`, runs);
    return { pages };
  } finally {
    await chrome.kill();
  }
};
