// Every public GET of the site side by side with a bare node:http server.
import { readFileSync } from 'node:fs';
import { clanHref } from '@gatekeeper/contract/lite';
import { join } from 'node:path';
import { root } from '../../scripts/lib.mjs';
import { sideBySide } from './load.mjs';

/** What a browser sends: it takes Brotli and gzip. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** The GET calls of the contract's table (packages/contract/src/calls.ts), by name. */
const contractGets = () => {
  const source = readFileSync(join(root, 'packages/contract/src/calls.ts'), 'utf8');
  return Object.fromEntries(
    [...source.matchAll(/(\w+): \{ method: 'GET', path: '([^']+)'/g)].map(([, name, path]) => [name, path]),
  );
};

/** The home page's entry script, as the build named it. */
const entryScript = () => {
  const manifest = JSON.parse(readFileSync(join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'));
  return `/${manifest['index.html'].file}`;
};

/** The World pages' reads (docs/product.md#world). */
const WORLD_READS = ['getBosses', 'getCastles', 'getOlympiad'];

/**
 * The page shell in two languages (every route answers a pre-rendered page from the same code), a
 * ranking's page with its rows, a hashed script, a locale file and an image of the build, and every
 * public /sdk read: metadata, status, streams, videos, the visitor's address, the online history
 * and list, the OpenAPI document, the name check, the World pages' reads and the eleven rankings;
 * a clan's page in two languages and the news feed.
 */
export const publicGets = (characterName, clanName) => {
  const calls = contractGets();
  const rankings = Object.entries(calls)
    .filter(([name]) => name.endsWith('Statistics'))
    .map(([, path]) => path);
  return [
    { label: 'page /', path: '/' },
    { label: 'page /ru/registratsiya', path: '/ru/registratsiya' },
    { label: 'page /statistics/kills', path: '/statistics/kills' },
    { label: "a clan's page", path: clanHref(clanName, 'en') },
    { label: "a clan's page (ru)", path: clanHref(clanName, 'ru') },
    { label: 'news feed /news.atom', path: '/news.atom' },
    { label: 'hashed script', path: entryScript() },
    { label: 'locale file', path: '/locales/ru.json' },
    { label: 'image', path: '/images/header/header-art.svg' },
    ...[
      'getMetadata',
      'getServerStatus',
      'getLiveStreams',
      'getYoutubeVideos',
      'getIpAddress',
      // Online over time, who is online and the OpenAPI document (docs/product.md#online).
      'getOnlineHistory',
      'getOnlinePlayers',
      'getOpenApi',
    ].map((name) => ({
      label: calls[name],
      path: calls[name],
    })),
    { label: calls.isCharacterExist, path: `${calls.isCharacterExist}?name=${characterName}` },
    ...WORLD_READS.map((name) => ({ label: calls[name], path: calls[name] })),
    ...rankings.map((path) => ({ label: path, path })),
  ];
};

export const frontDoor = async ({ siteUrl, sitePid, characterName, rounds, duration, connections, barePort }) => {
  const results = [];
  const [clan] = await fetch(`${siteUrl}/sdk/getclansstatistics`).then((response) => response.json());
  for (const get of publicGets(characterName, clan.name)) {
    const result = await sideBySide({
      siteUrl,
      sitePid,
      path: get.path,
      headers: BROWSER,
      rounds,
      duration,
      connections,
      barePort,
    });
    results.push({ label: get.label, ...result });
  }
  return results;
};
