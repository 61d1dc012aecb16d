// Part of `npm run bench`: the site behind nginx with one and with two instances (decision 024).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { root } from '../../scripts/lib.mjs';
import { load } from './load.mjs';

/**
 * Requests per second through Debian's nginx (round robin, the owner's guide's proxy rules) with
 * one and with two built instances (bench/cluster/cluster-site.ts), for the home page and a
 * ranking as a browser asks for them.
 */
export const CLUSTER_PATHS = ['/', '/sdk/getscorestatistics'];
export const clusterFigures = async ({ connections, duration, headers }) => {
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
        await load(`${started.url}${path}`, { headers, connections, duration: 1 });
        const result = await load(`${started.url}${path}`, { headers, connections, duration });
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
