// A ranking's latency while players register: reads at a steady rate, alone
// and then with registrations running, each with its captcha checked and its password hashed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../../scripts/lib.mjs';
import { load } from './load.mjs';

const RANKING = '/sdk/getkillsstatistics';

const steadyReads = async (siteUrl, { readRate, duration, headers }) => {
  const result = await load(`${siteUrl}${RANKING}`, { headers, connections: 10, duration, overallRate: readRate });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
  };
};

export const rankingUnderRegistrations = async ({ siteUrl, rate, readRate, duration, headers }) => {
  const quiet = await steadyReads(siteUrl, { readRate, duration, headers });
  const poster = spawn(process.execPath, [join(root, 'bench/lib/registration-poster.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, URL: siteUrl, RATE: String(rate) },
  });
  await new Promise((resolve) => poster.once('message', resolve));
  const reported = new Promise((resolve) => poster.once('message', resolve));
  const busy = await steadyReads(siteUrl, { readRate, duration, headers });
  poster.send('stop');
  return { ranking: RANKING, readRate, quiet, busy, registrations: await reported };
};
