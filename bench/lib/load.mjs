// Load generation for `npm run bench`: autocannon against the site and against a bare node:http
// server that answers the site's own bytes and headers from its own process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { onServerCore } from './cores.mjs';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** autocannon for `duration` seconds; with `overallRate`, at that many requests per second. */
export const load = (url, { headers = {}, connections, duration, overallRate }) =>
  new Promise((resolve, reject) => {
    autocannon(
      { url, headers, connections, duration, pipelining: 1, ...(overallRate ? { overallRate } : {}) },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

/** One answer exactly as the site sent it: status, headers and the bytes on the wire (not decoded). */
export const rawAnswer = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });

/**
 * A bare node:http server answering one fixed answer: the ceiling for a read. It runs in its own
 * process, as the site does, so neither shares a thread with the load generator.
 */
const BARE_SERVER = `
  const { createServer } = require('node:http');
  process.once('message', ({ status, headers, body, port }) => {
    const bytes = Buffer.from(body, 'base64');
    createServer((_req, res) => { res.writeHead(status, headers); res.end(bytes); })
      .listen(port, '127.0.0.1', () => process.send('ready'));
  });
`;
/** Headers node:http writes itself. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The bare server answers what the site answered: the same status, headers (the security headers
 * and a page's cookie are part of the answer) and bytes, so the ratio measures the framework.
 */
export const startBare = (answer, port) =>
  new Promise((resolve) => {
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
    const child = spawn(...onServerCore(process.execPath, ['-e', BARE_SERVER]), {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', () =>
      resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, close: () => child.kill('SIGTERM') }),
    );
    child.send({ status: answer.status, headers, body: answer.body.toString('base64'), port });
  });

/** CPU time a process has used (user and system), in microseconds; undefined off Linux or without a pid. */
const cpuMicros = (pid) => {
  try {
    // /proc/PID/stat: fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the command's ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
};

/** One load run of a server, with the CPU time its process used per request answered. */
const measuredLoad = async (url, pid, options) => {
  const before = cpuMicros(pid);
  const result = await load(url, options);
  const after = cpuMicros(pid);
  const cpuPerRequestUs =
    before === undefined || after === undefined || result.requests.total === 0
      ? undefined
      : (after - before) / result.requests.total;
  return { result, cpuPerRequestUs };
};

/**
 * One call of the site side by side with the bare server: both warmed up, then alternated in
 * rounds (this machine's speed drifts between runs, and each round compares the two under the same
 * conditions); the median round counts.
 */
export const sideBySide = async ({ siteUrl, sitePid, path, headers, rounds, duration, connections, barePort }) => {
  const answer = await rawAnswer(`${siteUrl}${path}`, headers);
  const bare = await startBare(answer, barePort);
  const options = { headers, connections, duration };
  try {
    await load(`${bare.url}${path}`, { ...options, duration: 1 });
    const warm = await load(`${siteUrl}${path}`, { ...options, duration: 1 });
    let siteRequests = warm.requests.total;
    const measured = [];
    for (let i = 0; i < rounds; i++) {
      const { result: bareResult, cpuPerRequestUs: bareCpuUs } = await measuredLoad(
        `${bare.url}${path}`,
        bare.pid,
        options,
      );
      const { result: siteResult, cpuPerRequestUs: siteCpuUs } = await measuredLoad(
        `${siteUrl}${path}`,
        sitePid,
        options,
      );
      siteRequests += siteResult.requests.total;
      measured.push({
        bareRps: Math.round(bareResult.requests.average),
        siteRps: Math.round(siteResult.requests.average),
        siteP99Ms: siteResult.latency.p99,
        errors: siteResult.errors + siteResult.timeouts + siteResult.non2xx,
        ratio: siteResult.requests.average / bareResult.requests.average,
        siteCpuUs,
        bareCpuUs,
      });
    }
    const middle = [...measured].sort((a, b) => a.ratio - b.ratio)[Math.floor(measured.length / 2)];
    const cpu = (key) =>
      measured.every((round) => round[key] !== undefined) ? median(measured.map((round) => round[key])) : undefined;
    return {
      path,
      status: answer.status,
      bytes: answer.body.length,
      encoding: answer.headers['content-encoding'] ?? 'identity',
      ...middle,
      rounds: measured.map((round) => Math.round(round.ratio * 100)),
      /** CPU time per request of each process, median over the rounds: what each answer costs the core. */
      siteCpuUs: cpu('siteCpuUs'),
      bareCpuUs: cpu('bareCpuUs'),
      /** Every request the site answered here, warm-up included. */
      siteRequests,
    };
  } finally {
    bare.close();
  }
};
