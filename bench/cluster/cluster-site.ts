// The site as an owner runs several instances of it, for `npm run bench`: INSTANCES built
// instances on one embedded demo database behind Debian's nginx with the documented proxy rules.
// Prints one JSON line {"url": ...} once nginx answers, and stops everything at SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from '../../apps/server/cluster/support/nginx';
import { type SiteProcess, startSiteProcess } from '../../apps/server/test/support/site-process';

const instances = Number(process.env.INSTANCES ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'gatekeeper-bench-cluster-'));
const database = `sqlite:${join(dir, 'bench.sqlite')}`;
const env = {
  LOGIN_DATABASE_URL: database,
  LOGIN_SERVER_ADDRESS: '127.0.0.1:1',
  GAME_SERVER_ADDRESS: '127.0.0.1:1',
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
};

const sites: SiteProcess[] = [];
// One after another: the first creates and seeds the database, the others find it ready.
for (let i = 0; i < instances; i++) sites.push(await startSiteProcess({ env, built: true }));
// autocannon ignores `Connection: close`: on a connection nginx closes after keepalive_requests
// (1,000 by default) it sends one more request and counts the reset as an error of the site (the
// one error in 59,000 once seen here). Browsers do not; the cluster suite's sustained load, with a
// client that honours the close, holds the site to no error at nginx's default.
const nginx = await startNginx(
  sites.map((site) => site.port),
  { keepaliveRequests: 1_000_000 },
);
console.log(JSON.stringify({ url: nginx.url, instances: sites.map((site) => site.url) }));

const stop = async () => {
  await nginx.close();
  await Promise.all(sites.map((site) => site.dispose()));
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
