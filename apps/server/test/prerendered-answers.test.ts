import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Metadata, clanHref } from '@gatekeeper/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../src/db/tables';
import { worldCache } from '../src/features/world/world-cache';
import { pageAnswers } from '../src/infra/page-answers';
import { prerenderedPages } from '../src/infra/prerendered-pages';
import { useSite } from './support/use-site';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Gatekeeper</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A stand-in for the page's server-side build (decision 040): the Kills ranking and the Bosses
 * page show one read each, the register page none. It renders the rows of the answers it is
 * given, or "loading" without them, counts its renders, and waits for `globalThis.renderGate`
 * when a test sets one (a render still running while the data changes).
 */
const RENDERER = `
globalThis.answerRenders = globalThis.answerRenders ?? [];
const READS = {
  statisticsKills: [{ call: 'getKillsStatistics' }],
  worldBosses: [{ call: 'getBosses' }],
};
export const pageReads = (route) => READS[route] ?? [];
export const renderPage = async (path, language, data) => {
  globalThis.answerRenders.push(path);
  if (globalThis.renderGate) await globalThis.renderGate;
  const rows = data.answers?.getKillsStatistics ?? data.answers?.getBosses;
  const body = rows === undefined ? '<p>loading</p>' : '<ol>' + rows.map((row) => '<li>' + row.name + '</li>').join('') + '</ol>';
  return '<main><h2 class="page-title">' + path + '</h2>' + body + '</main>';
};`;

const globals = globalThis as { answerRenders?: string[]; renderGate?: Promise<void> };
const renders = (path: string) => (globals.answerRenders ?? []).filter((rendered) => rendered === path).length;

const pageDataOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="gatekeeper-page-data">([^]*?)<\/script>/.exec(html)?.[1] ?? '{}',
  ) as {
    answers?: Record<string, unknown>;
  };

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'gatekeeper-answers-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(root, 'dist', 'index.html'), TEMPLATE);
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pre-rendered pages with the answers of their reads', () => {
  /** The pages over a kills ranking whose JSON the test sets; undefined until its first read. */
  const setUp = () => {
    const answers = pageAnswers();
    const kills: { json: string | undefined } = { json: undefined };
    answers.provide('getKillsStatistics', () => kills.json);
    const pages = prerenderedPages({
      ssrDir: join(root, 'dist-ssr'),
      template: TEMPLATE,
      metadata: {} as Metadata,
      publicUrl: 'https://l2.example.test',
      answers,
      onError: (error) => {
        throw error;
      },
    });
    return { answers, kills, pages };
  };
  const html = (page: { plain: Buffer } | undefined) => page?.plain.toString('utf8') ?? '';

  it('renders a page made before the first read again once the rows are read, with a new ETag', async () => {
    const { answers, kills, pages } = setUp();
    const before = renders('/ru/statistika/ubiystva');
    const loading = await pages.page('statisticsKills', 'ru');
    expect(html(loading)).toContain('<p>loading</p>');
    expect(pageDataOf(html(loading)).answers).toBeUndefined();

    // Read at last: the empty page is not kept.
    kills.json = '[{"name":"Aria","clan":"","value":12}]';
    answers.changed();
    expect(pages.readyPage('statisticsKills', 'ru')).toBeUndefined();
    const filled = await pages.page('statisticsKills', 'ru');
    expect(html(filled)).toContain('<ol><li>Aria</li></ol>');
    expect(pageDataOf(html(filled)).answers).toEqual({ getKillsStatistics: [{ name: 'Aria', clan: '', value: 12 }] });
    expect(filled?.etag).not.toBe(loading?.etag);
    expect(renders('/ru/statistika/ubiystva') - before).toBe(2);
  });

  it('keeps a page while its answers keep the same bytes, and leaves pages without reads alone', async () => {
    const { answers, kills, pages } = setUp();
    kills.json = '[{"name":"Aria","clan":"","value":12}]';
    const first = await pages.page('statisticsKills', 'en');
    const register = await pages.page('register', 'en');
    const before = renders('/statistics/kills');
    const registerBefore = renders('/register');

    // A refresh that read the same rows (a new string, the same bytes).
    kills.json = JSON.stringify([{ name: 'Aria', clan: '', value: 12 }]);
    answers.changed();
    expect(await pages.page('statisticsKills', 'en')).toBe(first);

    kills.json = '[{"name":"Boris","clan":"","value":13},{"name":"Aria","clan":"","value":12}]';
    answers.changed();
    const second = await pages.page('statisticsKills', 'en');
    expect(html(second)).toContain('<ol><li>Boris</li><li>Aria</li></ol>');
    expect(renders('/statistics/kills') - before).toBe(1);
    expect(await pages.page('register', 'en')).toBe(register);
    expect(renders('/register')).toBe(registerBefore);
  });

  it('does not keep a page whose render was still running when its answers changed', async () => {
    const { answers, kills, pages } = setUp();
    kills.json = '[{"name":"Aria","clan":"","value":12}]';
    let open = () => {};
    globals.renderGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const before = renders('/lt/statistika/nuzudymai');
    const stale = pages.page('statisticsKills', 'lt');
    // The render has started with Aria's rows once it reached the gate (a busy machine may take
    // longer than any fixed wait to load the renderer).
    await vi.waitFor(() => expect(renders('/lt/statistika/nuzudymai')).toBe(before + 1), { timeout: 10_000 });
    kills.json = '[{"name":"Boris","clan":"","value":13}]';
    answers.changed();
    globals.renderGate = undefined;
    open();
    expect(html(await stale)).toContain('Aria');
    expect(pages.readyPage('statisticsKills', 'lt')).toBeUndefined();
    expect(html(await pages.page('statisticsKills', 'lt'))).toContain('<ol><li>Boris</li></ol>');
  });
});

describe("a clan's page", () => {
  it('is rendered again when its clan reads differently, not when the refresh reads the same', async () => {
    const clan = {
      name: 'Wolfpack',
      leader: 'Aria',
      level: 5,
      reputation: 100,
      alliance: null,
      castleId: null,
      crestId: null,
      online: 1,
      members: [{ name: 'Aria', classId: 0, level: 40, online: true }],
    };
    // The clan list makes a new object at every refresh, with the same data most of the time.
    let current = clan;
    const pages = prerenderedPages({
      ssrDir: join(root, 'dist-ssr'),
      template: TEMPLATE,
      metadata: {} as Metadata,
      publicUrl: 'https://l2.example.test',
      clans: { find: async () => ({ view: structuredClone(current) }), ready: () => ({ view: current }) },
      onError: (error) => {
        throw error;
      },
    });
    const path = clanHref('Wolfpack', 'es');
    const before = renders(path);
    const first = await pages.clanPage('wolfpack', 'es');
    expect(await pages.clanPage('WOLFPACK', 'es')).toBe(first);
    expect(renders(path) - before).toBe(1);
    // The front door's answer is the page rendered from the data as it is now, in that language only.
    expect(pages.readyClanPage('Wolfpack', 'es')).toBe(first);
    expect(pages.readyClanPage('Wolfpack', 'ru')).toBeUndefined();

    current = { ...clan, members: [...clan.members, { name: 'Boris', classId: 1, level: 20, online: false }] };
    // Its members changed: the kept page is no answer until it is rendered again.
    expect(pages.readyClanPage('Wolfpack', 'es')).toBeUndefined();
    const second = await pages.clanPage('wolfpack', 'es');
    expect(pages.readyClanPage('wolfpack', 'es')).toBe(second);
    expect(second).not.toBe(first);
    expect(second?.etag).not.toBe(first?.etag);
    expect(renders(path) - before).toBe(2);
    expect(await pages.clanPage('wolfpack', 'es')).toBe(second);
    // Compressed like every page, off the event loop.
    expect(gunzipSync(second!.gzip).equals(second!.plain)).toBe(true);
    expect(brotliDecompressSync(second!.brotli).equals(second!.plain)).toBe(true);
  });
});

describe('a page rendered while the first read is still running (start-up)', () => {
  it('is rendered again once that read finishes, with what it read', async () => {
    const answers = pageAnswers();
    let finishRead = () => {};
    const read = new Promise<void>((resolve) => {
      finishRead = resolve;
    });
    // The World cache as the site makes it, its first read held back (a slow game database).
    const cache = worldCache({
      game: {} as Kysely<GameDatabase>,
      login: {} as Kysely<LoginDatabase>,
      schema: {
        flavor: { name: 'l2j' } as never,
        hasBosses: false,
        hasRaidRespawnDelays: false,
        hasCastles: false,
        hasAccountData: false,
        hasPunishments: false,
        hasOlympiad: false,
        hasOlympiadData: false,
      },
      bossRespawn: 'status',
      castles: { treasury: false, siegeLengthMs: 7_200_000 },
      refreshMs: 3_600_000,
      log: { warn: () => undefined },
      shared: {
        value: async (_name, _intervalMs, compute) => {
          await read;
          return compute();
        },
        takeTurn: async () => true,
      },
      onRefresh: () => answers.changed(),
    });
    answers.provide('getBosses', () => cache.known()?.bosses.json);
    const pages = prerenderedPages({
      ssrDir: join(root, 'dist-ssr'),
      template: TEMPLATE,
      metadata: {} as Metadata,
      publicUrl: 'https://l2.example.test',
      answers,
      onError: (error) => {
        throw error;
      },
    });
    await cache.start(10);
    // Not read yet: the call would answer an empty list, the page leaves the rows to the browser.
    expect(cache.read().bosses.json).toBe('[]');
    const early = await pages.page('worldBosses', 'gr');
    expect(early?.plain.toString('utf8')).toContain('<p>loading</p>');

    finishRead();
    // The same first read, now finished.
    await cache.start(5_000);
    cache.stop();
    expect(pages.readyPage('worldBosses', 'gr')).toBeUndefined();
    const later = (await pages.page('worldBosses', 'gr'))?.plain.toString('utf8') ?? '';
    // No boss tables: read, and empty, which the page now says itself.
    expect(later).toContain('<ol></ol>');
    expect(pageDataOf(later).answers).toEqual({ getBosses: [] });
  });
});

describe('pre-rendered pages over the site rankings and bosses', () => {
  const site = useSite('sqlite', {
    app: () => ({
      serveWebApp: true,
      env: { WEB_DIST_DIR: join(root, 'dist'), PUBLIC_URL: 'https://l2.example.test' },
      settings: { statistics: { refreshSeconds: 5 } },
    }),
  });

  const callJson = async (path: string) => (await fetch(`${site.url}${path}`)).text();

  it('carries the exact JSON the calls answer: the kills ranking and the bosses', async () => {
    for (const [path, call, key] of [
      ['/statistics/kills', '/sdk/getkillsstatistics', 'getKillsStatistics'],
      ['/world/bosses', '/sdk/getbosses', 'getBosses'],
    ] as const) {
      const page = await (await fetch(`${site.url}${path}`)).text();
      const json = await callJson(call);
      const rows = JSON.parse(json) as { name: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(pageDataOf(page).answers?.[key])).toBe(json);
      expect(page).toContain(`<li>${rows[0]!.name}</li>`);
    }
  });

  it('renders the ranking page again after a refresh changed its rows', async () => {
    const page = await fetch(`${site.url}/es/estadisticas/asesinatos`);
    const etag = page.headers.get('etag');
    const top = (JSON.parse(await callJson('/sdk/getkillsstatistics')) as { name: string }[])[0]!.name;
    await site.databases.connections.game.db
      .updateTable('characters')
      .set({ char_name: 'Renamed' })
      .where('char_name', '=', top)
      .execute();
    // The cache reads again every 5 s.
    const deadline = Date.now() + 12_000;
    while (!(await callJson('/sdk/getkillsstatistics')).includes('"Renamed"')) {
      if (Date.now() > deadline) throw new Error('the rankings were not read again');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const again = await fetch(`${site.url}/es/estadisticas/asesinatos`);
    expect(again.headers.get('etag')).not.toBe(etag);
    const html = await again.text();
    expect(html).toContain('<li>Renamed</li>');
    expect(html).not.toContain(`<li>${top}</li>`);
  }, 20_000);
});
