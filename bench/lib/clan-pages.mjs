// Part of `npm run bench`: /healthz while anonymous visitors ask for many clan pages.
import { clanHref, LANGUAGES } from '@gatekeeper/contract/lite';
import { load } from './load.mjs';

const CLANS = 30;
const CLIENTS = 4;

/**
 * /healthz's p99 while 4 clients ask for 30 distinct clan pages in each of the six languages, each
 * page the first time (rendered, compressed with gzip 9 and Brotli 11) and then again (from
 * memory). A page's render and compression must not hold up other requests
 * (docs/owner/security.md#what-each-guard-promises): the target is a p99 under 50 ms.
 */
export const healthUnderClanPages = async ({ siteUrl, duration }) => {
  const clans = await fetch(`${siteUrl}/sdk/getclansstatistics`).then((response) => response.json());
  const names = clans.slice(0, CLANS).map((clan) => clan.name);
  if (names.length === 0) return { skipped: 'the demo world has no clans' };
  const paths = names.flatMap((name) => LANGUAGES.map((language) => clanHref(name, language)));
  const quiet = await load(`${siteUrl}/healthz`, { connections: 1, duration });
  let running = true;
  let asked = 0;
  let slowestMs = 0;
  const client = async (offset) => {
    for (let index = offset; running; index += CLIENTS) {
      const started = performance.now();
      await fetch(`${siteUrl}${paths[index % paths.length]}`, { headers: { 'accept-encoding': 'br, gzip' } }).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      slowestMs = Math.max(slowestMs, performance.now() - started);
      asked += 1;
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, offset) => client(offset));
  const busy = await load(`${siteUrl}/healthz`, { connections: 1, duration: Math.max(duration, 4) });
  running = false;
  await Promise.all(clients);
  return {
    pages: paths.length,
    clients: CLIENTS,
    quietP99Ms: quiet.latency.p99,
    busyP99Ms: busy.latency.p99,
    busyMaxMs: busy.latency.max,
    pagesAsked: asked,
    slowestPageMs: Math.round(slowestMs),
  };
};
