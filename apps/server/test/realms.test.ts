import { api } from '@gatekeeper/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealmRegistry, type RealmRegistry } from '../src/features/realms/registry';
import { declareRealms } from '../src/features/realms/realm-declarations';
import { loadConfig } from '../src/config';
import { checkGameSchema } from '../src/game/schema-check';
import { parseSettings } from '../src/settings';
import { type AppUnderTest, startApp, testEnvironment } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, MARIADB_URL, type TestDatabases, createTestDatabases } from './databases';
import { FAST_ALTCHA_SETTINGS } from './support/altcha-solver';
import { testClock } from './support/clock';
import { closedPort } from './support/closed-port';
import { CONSOLE_LEVELS, CONSOLE_SETTINGS, consoleUser, sessionCall } from './support/console-session';
import { listeningServer } from './support/listening-server';
import { type TcpProxy, startTcpProxy } from './support/tcp-proxy';

/**
 * Realms (decision 049): two game servers behind one site, the first on L2J Server's tables,
 * the second on aCis's, and a third whose database never answers; on SQLite and MariaDB. On
 * MariaDB the second realm's database stops answering and comes back, without a restart.
 */

const SETTINGS = (statusPort: number) => ({
  online: { listPlayers: true },
  captcha: FAST_ALTCHA_SETTINGS,
  console: CONSOLE_SETTINGS,
  realms: [
    { id: 1, slug: 'low', name: 'Bartz x5' },
    {
      id: 2,
      slug: 'high',
      name: 'Sieghardt x50',
      chronicle: 'High Five',
      rates: { exp: 50, sp: 50, adena: 20, drop: 10 },
      openingDate: '2027-03-01T18:00:00+02:00',
      statusAddress: `127.0.0.1:${statusPort}`,
    },
    { id: 3, slug: 'test-server', name: 'Test', statusAddress: '127.0.0.1:1' },
  ],
});

const getJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
};

const realmStatus = (url: string, realm: string) => getJson(`${url}/sdk/getrealmstatus?realm=${realm}`);

const hostAndPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) || 3306 };
};

/** Two characters of the aCis world online (players, not GMs), every other one offline. */
const twoOnline = async (databases: TestDatabases) => {
  const db = databases.connections.game.db;
  await sql`update characters set online = 0`.execute(db);
  const { rows } = await sql<{
    id: number;
  }>`select obj_Id as id from characters where accesslevel = 0 order by obj_Id`.execute(db);
  const ids = rows.slice(0, 2).map((row) => row.id);
  expect(ids).toHaveLength(2);
  await sql`update characters set online = 1 where obj_Id in (${sql.join(ids)})`.execute(db);
};

/** A clan only the aCis realm has. */
const HIGH_ONLY = { clan: 'HighOnlyClan' };
const markHighOnly = async (databases: TestDatabases) => {
  const db = databases.connections.game.db;
  const clans = await sql<{ id: number }>`select clan_id as id from clan_data order by clan_id`.execute(db);
  expect(clans.rows.length).toBeGreaterThan(0);
  await sql`update clan_data set clan_name = ${HIGH_ONLY.clan} where clan_id = ${clans.rows[0]!.id}`.execute(db);
};

const REALM_READS = [
  'getScoreStatistics',
  'getKillsStatistics',
  'getClansStatistics',
  'getVotersStatistics',
  'getBosses',
  'getOlympiad',
  'getCastles',
  'getOnlinePlayers',
] as const;

describe.each(DATABASE_KINDS)(
  'realms on %s: an L2J realm, an aCis realm, one that never answers',
  (kind: DatabaseKind) => {
    let low: TestDatabases;
    let high: TestDatabases;
    let proxy: TcpProxy | undefined;
    let gameServer: Awaited<ReturnType<typeof listeningServer>>;
    let site: AppUnderTest;
    let neverUrl: string;
    const clock = testClock();

    beforeAll(async () => {
      [low, high] = await Promise.all([createTestDatabases(kind), createTestDatabases(kind, { flavor: 'acis' })]);
      await twoOnline(high);
      await markHighOnly(high);
      gameServer = await listeningServer();
      // On MariaDB the aCis realm's database is reached through a proxy the test can stop.
      proxy = kind === 'mariadb' ? await startTcpProxy(hostAndPort(high.urls.game)) : undefined;
      neverUrl = `mysql://root@127.0.0.1:${await closedPort()}/nothing`;
      site = await startApp(low, {
        settings: SETTINGS(gameServer.port),
        now: clock.now,
        env: {
          REALM_HIGH_DATABASE_URL: proxy ? proxy.via(high.urls.game) : high.urls.game,
          REALM_TEST_SERVER_DATABASE_URL: neverUrl,
          DATABASE_QUERY_TIMEOUT_MS: '1000',
          DATABASE_ACQUIRE_TIMEOUT_MS: '500',
        },
      });
    }, 120_000);
    afterAll(async () => {
      await site?.close();
      await proxy?.close();
      await gameServer?.close();
      await Promise.all([low?.drop(), high?.drop()]);
    });

    it('lists every realm in getmetadata, what a realm leaves out taken from server', async () => {
      const { body } = await getJson(`${site.url}/sdk/getmetadata`);
      const metadata = api.getMetadata.response.parse(body);
      expect(metadata.realms.map(({ id, slug, name, chronicle }) => ({ id, slug, name, chronicle }))).toEqual([
        { id: 1, slug: 'low', name: 'Bartz x5', chronicle: 'Interlude' },
        { id: 2, slug: 'high', name: 'Sieghardt x50', chronicle: 'High Five' },
        { id: 3, slug: 'test-server', name: 'Test', chronicle: 'Interlude' },
      ]);
      expect(metadata.realms[0]?.rates).toEqual(metadata.rates);
      expect(metadata.realms[0]?.openingDate).toEqual(metadata.openingDate);
      expect(metadata.realms[1]?.rates).toEqual({ exp: 50, sp: 50, adena: 20, drop: 10 });
      expect(metadata.realms[1]?.openingDate).toMatchObject({ year: 2027, month: 3, dayNum: 1, hour: 18, gmt: 2 });
    });

    it("answers each realm's light and players in getserverstatus; the first realm's fields stay as before", async () => {
      const { body } = await getJson(`${site.url}/sdk/getserverstatus`);
      const status = api.getServerStatus.response.parse(body);
      // GAME_SERVER_ADDRESS (the first realm's) is closed in the tests.
      expect(status.gameStatus).toEqual({ type: 'offline', color: 'red' });
      expect(status.playersOnline).toBeNull();
      expect(status.realms).toEqual([
        { slug: 'low', gameStatus: { type: 'offline', color: 'red' }, playersOnline: null, available: true },
        { slug: 'high', gameStatus: { type: 'online', color: 'green' }, playersOnline: 2, available: true },
        { slug: 'test-server', gameStatus: { type: 'offline', color: 'red' }, playersOnline: null, available: false },
      ]);
    });

    it("shows each realm's health on the console's dashboard: the one that never answered is down", async () => {
      const gm = await consoleUser({ url: site.url, databases: low }, clock, CONSOLE_LEVELS.gm, { stepUp: true });
      const answer = await sessionCall(site.url, 'GET', api.getConsoleDashboard.path, gm.cookie);
      expect(answer.status).toBe(200);
      const dashboard = api.getConsoleDashboard.response.parse(answer.body);
      expect(dashboard.health.realms).toEqual([
        { slug: 'low', name: 'Bartz x5', database: true, gameServer: false, online: null },
        { slug: 'high', name: 'Sieghardt x50', database: true, gameServer: true, online: 2 },
        { slug: 'test-server', name: 'Test', database: false, gameServer: false, online: null },
      ]);
    });

    it("answers one realm's status, null for a slug no realm has, 400 for a malformed one", async () => {
      expect(await realmStatus(site.url, 'high')).toMatchObject({
        status: 200,
        body: { slug: 'high', gameStatus: { type: 'online', color: 'green' }, playersOnline: 2, available: true },
      });
      expect(await realmStatus(site.url, 'low')).toMatchObject({ status: 200, body: { slug: 'low', available: true } });
      expect(await realmStatus(site.url, 'nowhere')).toMatchObject({ status: 200, body: null });
      expect((await realmStatus(site.url, 'Not_A_Slug')).status).toBe(400);
    });

    it('answers 503 with Retry-After for a realm whose database never answered, and the others still answer', async () => {
      const down = await realmStatus(site.url, 'test-server');
      expect(down).toMatchObject({ status: 503, body: ['serviceUnavailable'] });
      expect(Number(down.retryAfter)).toBeGreaterThan(0);
      expect((await realmStatus(site.url, 'high')).status).toBe(200);
    });

    it("answers each realm's rankings, World pages, clans and who is online from its own database", async () => {
      const clans = async (query: string) =>
        api.getClansStatistics.response
          .parse((await getJson(`${site.url}/sdk/getclansstatistics${query}`)).body)
          .map((row) => row.clan);
      const [first, low2, highList] = await Promise.all([clans(''), clans('?realm=low'), clans('?realm=high')]);
      expect(low2).toEqual(first);
      expect(highList).toContain(HIGH_ONLY.clan);
      expect(first).not.toContain(HIGH_ONLY.clan);

      const clan = (query: string) => getJson(`${site.url}/sdk/getclan?name=${HIGH_ONLY.clan}${query}`);
      expect((await clan('&realm=high')).body).toMatchObject({ name: HIGH_ONLY.clan });
      expect(await clan('')).toMatchObject({ status: 200, body: null });
      expect((await clan('&realm=nowhere')).status).toBe(404);

      for (const call of REALM_READS) {
        const path = api[call].path;
        const high2 = await getJson(`${site.url}${path}?realm=high`);
        expect(high2.status, `${call} of the aCis realm`).toBe(200);
        api[call].response.parse(high2.body);
      }
      const online = api.getOnlinePlayers.response.parse(
        (await getJson(`${site.url}/sdk/getonlineplayers?realm=high`)).body,
      );
      expect(online).toMatchObject({ state: 'listed' });
      expect(online.players).toHaveLength(2);
    });

    it('answers 503 with Retry-After for every realm-scoped read of a realm that is down, 404 for a slug no realm has', async () => {
      for (const call of REALM_READS) {
        const path = api[call].path;
        const down = await getJson(`${site.url}${path}?realm=test-server`);
        expect(down, call).toMatchObject({ status: 503, body: ['serviceUnavailable'] });
        expect(Number(down.retryAfter)).toBeGreaterThan(0);
        expect((await getJson(`${site.url}${path}?realm=nowhere`)).status, call).toBe(404);
        expect((await getJson(`${site.url}${path}?realm=Not_A_Slug`)).status, call).toBe(400);
      }
      expect((await getJson(`${site.url}/sdk/getclan?name=x&realm=test-server`)).status).toBe(503);
    });

    it.skipIf(kind !== 'mariadb')(
      'marks a realm down within 5 s when its database stops, keeps the others fast, and brings it back without a restart',
      async () => {
        await proxy!.stop();
        const stopped = performance.now();
        await expect
          .poll(async () => (await realmStatus(site.url, 'high')).status, { timeout: 5_000, interval: 100 })
          .toBe(503);
        expect(performance.now() - stopped).toBeLessThan(5_000);
        const refused = await realmStatus(site.url, 'high');
        expect(refused.retryAfter).not.toBeNull();
        // The lights say so too, without waiting for their next round.
        const highLight = async () =>
          api.getServerStatus.response.parse((await getJson(`${site.url}/sdk/getserverstatus`)).body).realms?.[1];
        await expect.poll(highLight, { timeout: 1_000, interval: 50 }).toEqual({
          slug: 'high',
          gameStatus: { type: 'offline', color: 'red' },
          playersOnline: null,
          available: false,
        });

        // The first realm answers, and at its usual speed: nothing of it waits for the stopped database.
        for (let round = 0; round < 20; round++) {
          const started = performance.now();
          const answer = await realmStatus(site.url, 'low');
          expect(answer.status).toBe(200);
          expect(performance.now() - started).toBeLessThan(200);
        }
        expect((await getJson(`${site.url}/sdk/getserverstatus`)).status).toBe(200);
        // Its rankings say so too, and the first realm's keep their speed.
        expect((await getJson(`${site.url}/sdk/getscorestatistics?realm=high`)).status).toBe(503);
        for (let round = 0; round < 20; round++) {
          const started = performance.now();
          expect((await getJson(`${site.url}/sdk/getscorestatistics`)).status).toBe(200);
          expect(performance.now() - started).toBeLessThan(200);
        }

        await proxy!.restore();
        await expect
          .poll(async () => (await realmStatus(site.url, 'high')).status, { timeout: 5_000, interval: 100 })
          .toBe(200);
        await expect
          .poll(async () => (await realmStatus(site.url, 'high')).body, { timeout: 3_000, interval: 50 })
          .toEqual({
            slug: 'high',
            gameStatus: { type: 'online', color: 'green' },
            playersOnline: 2,
            available: true,
          });
        expect((await getJson(`${site.url}/sdk/getscorestatistics?realm=high`)).status).toBe(200);
      },
      30_000,
    );
  },
);

describe.each(DATABASE_KINDS)('the realm registry on %s', (kind: DatabaseKind) => {
  let low: TestDatabases;
  let high: TestDatabases;
  let registry: RealmRegistry | undefined;

  beforeAll(async () => {
    [low, high] = await Promise.all([createTestDatabases(kind), createTestDatabases(kind, { flavor: 'acis' })]);
  }, 120_000);
  afterAll(async () => {
    await registry?.close();
    await Promise.all([low?.drop(), high?.drop()]);
  });

  it("reads each realm's flavour from its own schema, and reads through the realm's own connection", async () => {
    const config = loadConfig({ ...testEnvironment(low), REALM_HIGH_DATABASE_URL: high.urls.game });
    const settings = parseSettings(SETTINGS(1));
    registry = await openRealmRegistry({
      declarations: declareRealms({ ...settings, realms: settings.realms.slice(0, 2) }, config),
      connections: low.connections,
      firstSchema: await checkGameSchema(low.connections),
      limits: { queryTimeoutMs: 1_000, acquireTimeoutMs: 500 },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    expect(registry.realms.map((realm) => [realm.declaration.slug, realm.schema()?.flavor.name])).toEqual([
      ['low', 'l2j'],
      ['high', 'acis'],
    ]);
    expect(registry.first.game).toBe(low.connections.game);
    const high2 = registry.bySlug('high')!;
    const count = await registry.read(high2, async (game, schema) => {
      const { rows } = await sql<{ count: number }>`select count(*) as count from characters`.execute(game.db);
      return { count: Number(rows[0]?.count), flavor: schema.flavor.name };
    });
    const { rows } = await sql<{ count: number }>`select count(*) as count from characters`.execute(
      high.connections.game.db,
    );
    expect(count).toEqual({ count: Number(rows[0]?.count), flavor: 'acis' });
    expect(await registry.bySlug('low')!.health.check()).toBe(true);
  });
});

describe.skipIf(!MARIADB_URL)('a realm whose database is gone at start-up (skipped without TEST_MARIADB_URL)', () => {
  it('starts down and comes up when its database first answers, its schema read then', async () => {
    const low = await createTestDatabases('mariadb');
    const high = await createTestDatabases('mariadb', { flavor: 'acis' });
    const proxy = await startTcpProxy(hostAndPort(high.urls.game));
    await proxy.stop();
    const config = loadConfig({ ...testEnvironment(low), REALM_HIGH_DATABASE_URL: proxy.via(high.urls.game) });
    const settings = parseSettings(SETTINGS(1));
    const registry = await openRealmRegistry({
      declarations: declareRealms({ ...settings, realms: settings.realms.slice(0, 2) }, config),
      connections: low.connections,
      firstSchema: await checkGameSchema(low.connections),
      limits: { queryTimeoutMs: 1_000, acquireTimeoutMs: 500 },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      probeIntervalMs: 200,
    });
    try {
      const realm = registry.bySlug('high')!;
      expect(realm.health.isUp()).toBe(false);
      expect(realm.schema()).toBeUndefined();
      await expect(registry.read(realm, async () => 'read')).rejects.toThrow(/down/);
      registry.start();
      await proxy.restore();
      await expect.poll(() => realm.health.isUp(), { timeout: 5_000, interval: 100 }).toBe(true);
      expect(realm.schema()?.flavor.name).toBe('acis');
      expect(await registry.read(realm, async () => 'read')).toBe('read');
    } finally {
      await registry.close();
      await proxy.close();
      await Promise.all([low.drop(), high.drop()]);
    }
  }, 60_000);
});
