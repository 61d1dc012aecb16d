import { api, onlineHistory, onlinePlayers, serverStatus, type OnlineHistory } from '@gatekeeper/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnlineSampler } from '../src/features/online/sampler';
import { onlineSampler } from '../src/features/online/sampler';
import { KEEP_HOURS, KEEP_MINUTES, MINUTE_MS, OnlineHistoryRepository } from '../src/features/online/online-history';
import { countOnlineByKind, type OnlineCounts } from '../src/game/online';
import { durableClaims } from '../src/infra/durable-claims';
import { sharedRefresh } from '../src/infra/shared-refresh';
import type { FlavorName } from '../src/game/flavors';
import { type AppUnderTest, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { newCharacter } from './support/characters';
import { type TestClock, testClock } from './support/clock';
import { FLAVOR_KINDS, flavoredWorld } from './support/flavored-world';
import { listeningServer } from './support/listening-server';

/** docs/product.md#online: the minute samples, their roll-up and pruning, and the two calls. */

const HOUR_MS = 60 * MINUTE_MS;
/** A fixed start on an hour's boundary, so that the hours a test samples are whole. */
const START = Date.UTC(2026, 0, 5, 0, 0, 0);

/** An instance's sampler over the shared site database, with the test's clock and counts. */
const samplerOf = (
  databases: TestDatabases,
  clock: () => number,
  count: () => Promise<OnlineCounts>,
  probes = () => ({ login: true, game: true }),
) =>
  onlineSampler({
    history: new OnlineHistoryRepository(databases.connections.site.db),
    count,
    probes,
    shared: sharedRefresh({
      db: databases.connections.site.db,
      claims: durableClaims(databases.connections.site.db, clock),
      now: clock,
    }),
    now: clock,
    // A game database that fails is logged and the minute kept without counts.
    onError: () => undefined,
  });

describe.each(DATABASE_KINDS)('online over time on %s', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  beforeAll(async () => {
    databases = await createTestDatabases(kind, { seed: false });
  });
  afterAll(async () => {
    await databases?.drop();
  });
  const clear = async () => {
    await databases.connections.site.db.deleteFrom('site_online_minutes').execute();
    await databases.connections.site.db.deleteFrom('site_online_hours').execute();
  };

  it("tries the minute's write again within the minute when the database refuses it once", async () => {
    await clear();
    const minuteStart = START - 20 * 24 * HOUR_MS;
    const clock = () => minuteStart + 1_000;
    let refusals = 1;
    const errors: unknown[] = [];
    class RefusedOnce extends OnlineHistoryRepository {
      override async record(sample: Parameters<OnlineHistoryRepository['record']>[0]) {
        if (refusals-- > 0) throw new Error('database busy');
        return super.record(sample);
      }
    }
    const sampler = onlineSampler({
      history: new RefusedOnce(databases.connections.site.db),
      count: async () => ({ players: 7, traders: 0, gms: 0 }),
      probes: () => ({ login: true, game: true }),
      shared: sharedRefresh({
        db: databases.connections.site.db,
        claims: durableClaims(databases.connections.site.db, clock),
        now: clock,
      }),
      now: clock,
      onError: (error) => errors.push(error),
      retryMs: 10,
    });
    expect(await sampler.tick()).toBe(true);
    expect(errors).toHaveLength(1);
    const rows = await databases.connections.site.db
      .selectFrom('site_online_minutes')
      .select(['minute', 'players'])
      .execute();
    expect(rows.map((row) => [Number(row.minute), Number(row.players)])).toEqual([
      [Math.floor(minuteStart / MINUTE_MS), 7],
    ]);
  });

  it('samples each minute once with two instances, counting the game once', async () => {
    await clear();
    // Days before the week the next test samples: the turns claimed here are not its turns.
    const base = START - 10 * 24 * HOUR_MS;
    let time = base;
    const clock = () => time;
    let counted = 0;
    const count = async () => {
      counted += 1;
      return { players: 10, traders: 2, gms: 1 };
    };
    const [a, b] = [samplerOf(databases, clock, count), samplerOf(databases, clock, count)];
    for (let minute = 0; minute < 5; minute += 1) {
      const wrote = await Promise.all([a.tick(), b.tick()]);
      expect(wrote.filter(Boolean)).toHaveLength(1);
      time += MINUTE_MS;
    }
    expect(counted).toBe(5);
    const rows = await databases.connections.site.db.selectFrom('site_online_minutes').selectAll().execute();
    expect(rows.map((row) => Number(row.minute))).toEqual([0, 1, 2, 3, 4].map((n) => Math.floor(base / MINUTE_MS) + n));
  });

  it('keeps one row when two instances both write a minute (the minute is the key)', async () => {
    await clear();
    const history = new OnlineHistoryRepository(databases.connections.site.db);
    const sample = { minute: 1_000, counts: { players: 1, traders: 0, gms: 0 }, loginUp: true, gameUp: true };
    expect(await history.record(sample)).toBe(true);
    expect(await history.record({ ...sample, counts: { players: 9, traders: 9, gms: 9 } })).toBe(false);
    const rows = await databases.connections.site.db.selectFrom('site_online_minutes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.players)).toBe(1);
  });

  it('after a simulated week, the chart shows what was sampled', async () => {
    await clear();
    let time = START;
    const clock = () => time;
    // Every 10th minute of a week is sampled; the counts follow the minute, the game server's
    // probe fails one minute in four, and the game database one minute in fifty.
    const expected = new Map<number, { players: number; traders: number } | null>();
    let gameUp = 0;
    let samples = 0;
    const countFor = (minute: number) => ({ players: (minute * 7) % 53, traders: minute % 3, gms: 1 });
    const sampler = samplerOf(
      databases,
      clock,
      async () => {
        const minute = Math.floor(time / MINUTE_MS);
        if (minute % 50 === 0) throw new Error('game database down');
        return countFor(minute);
      },
      () => ({ login: true, game: Math.floor(time / MINUTE_MS) % 4 !== 0 }),
    );
    const week = 7 * 24 * 60;
    for (let step = 0; step < week; step += 10) {
      time = START + step * MINUTE_MS + 1_000;
      const minute = Math.floor(time / MINUTE_MS);
      expect(await sampler.tick()).toBe(true);
      expected.set(minute, minute % 50 === 0 ? null : { players: countFor(minute).players, traders: minute % 3 });
      samples += 1;
      if (minute % 4 !== 0) gameUp += 1;
    }
    const history: OnlineHistory = onlineHistory.parse(
      await new OnlineHistoryRepository(databases.connections.site.db).history(time),
    );

    // The week: one point per hour, each the average of that hour's counted minutes.
    const byHour = new Map<number, number[]>();
    for (const [minute, value] of expected) {
      if (!value) continue;
      const hour = Math.floor(minute / 60);
      byHour.set(hour, [...(byHour.get(hour) ?? []), value.players]);
    }
    expect(history.week.times).toHaveLength(byHour.size);
    history.week.times.forEach((at, index) => {
      const values = byHour.get(at / 3600)!;
      expect(history.week.players[index]).toBeCloseTo(values.reduce((s, v) => s + v, 0) / values.length, 2);
    });
    // The peak of the week is the most players and traders of one sampled minute.
    const counted = [...expected].filter(([, value]) => value !== null) as [
      number,
      { players: number; traders: number },
    ][];
    const most = Math.max(...counted.map(([, value]) => value.players + value.traders));
    expect(history.week.peak?.online).toBe(most);
    const peakMinute = counted.find(([, value]) => value.players + value.traders === most)![0];
    expect(history.week.peak?.at).toBe(peakMinute * 60);
    // The day: every sampled minute of the last 24 hours, as it was sampled.
    const dayStart = Math.floor(time / MINUTE_MS) - 24 * 60;
    const lastDay = [...expected].filter(([minute]) => minute > dayStart);
    expect(history.day.times).toEqual(lastDay.map(([minute]) => minute * 60));
    expect(history.day.players).toEqual(lastDay.map(([, value]) => value?.players ?? null));
    // The game server's uptime over the week: the share of sampled minutes its probe was open.
    expect(history.week.gameUptime).toBeCloseTo((gameUp / samples) * 100, 1);
    expect(history.week.loginUptime).toBe(100);
    // The month and the year hold the same week; the year by day.
    expect(history.month.times).toEqual(history.week.times);
    expect(history.year.times).toHaveLength(7);
    expect(history.year.peak?.online).toBe(most);
    // A week of samples is about a thousand rounds of writes: on a busy 2-core machine beside other
    // suites that takes longer than the default 30 s; it is a count of work, not a timing.
  }, 120_000);

  it('prunes minutes after 30 days and hours after a year', async () => {
    await clear();
    const history = new OnlineHistoryRepository(databases.connections.site.db);
    const first = Math.floor(START / MINUTE_MS);
    await history.record({ minute: first, counts: { players: 3, traders: 0, gms: 0 }, loginUp: true, gameUp: true });
    const later = first + KEEP_MINUTES + 1;
    await history.rollUp(later);
    await history.prune(later);
    const site = databases.connections.site.db;
    expect(await site.selectFrom('site_online_minutes').selectAll().execute()).toHaveLength(0);
    expect(await site.selectFrom('site_online_hours').selectAll().execute()).toHaveLength(1);
    await history.prune(first + (KEEP_HOURS + 2) * 60);
    expect(await site.selectFrom('site_online_hours').selectAll().execute()).toHaveLength(0);
  });
});

describe.each(FLAVOR_KINDS)('who is online on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const world = flavoredWorld(flavor);
  let databases: TestDatabases;
  beforeAll(async () => {
    databases = await createTestDatabases(kind, { seed: false, flavor });
    await world.insertCharacters(databases.connections.game.db, [
      newCharacter({ char_name: 'OnlineKnight', online: 1, level: 70, classid: 5 }),
      newCharacter({ char_name: 'OnlineArcher', online: 1, level: 60, classid: 9 }),
      newCharacter({ char_name: 'ShopKeeper', online: 2 }),
      newCharacter({ char_name: 'WatchingGm', online: 1, accesslevel: 200 }),
      newCharacter({ char_name: 'SleepingOne', online: 0 }),
    ]);
  });
  afterAll(async () => {
    await databases?.drop();
  });

  it('counts players, offline traders and GMs apart', async () => {
    expect(await countOnlineByKind(databases.connections.game.db)).toEqual({ players: 2, traders: 1, gms: 1 });
  });

  const getJson = async (site: AppUnderTest, path: string) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status).toBe(200);
    return response.json();
  };

  it('lists nobody unless the owner turns the list on', async () => {
    const site = await startApp(databases, { takeOnlineSampler: () => undefined });
    try {
      expect(onlinePlayers.parse(await getJson(site, api.getOnlinePlayers.path))).toEqual({
        state: 'off',
        players: [],
      });
    } finally {
      await site.close();
    }
  });

  it('lists players with class, level and clan, never a GM or an offline trader', async () => {
    const site = await startApp(databases, { settings: { online: { listPlayers: true } } });
    try {
      const answer = onlinePlayers.parse(await getJson(site, api.getOnlinePlayers.path));
      expect(answer).toEqual({
        state: 'listed',
        players: [
          { name: 'OnlineKnight', classId: 5, level: 70, clan: '' },
          { name: 'OnlineArcher', classId: 9, level: 60, clan: '' },
        ],
      });
    } finally {
      await site.close();
    }
  });

  it('hides the list while a siege is in progress, when the owner asks', async () => {
    const game = databases.connections.game.db;
    // The game's own castle table (test/support/emulator-tables.ts), filled for this case only.
    try {
      await sql`INSERT INTO castle (id, name, siegeDate) VALUES (1, 'Gludio', ${Date.now() - 30 * MINUTE_MS}), (2, 'Dion', ${Date.now() + 86_400_000})`.execute(
        game,
      );
      const hiding = await startApp(databases, { settings: { online: { listPlayers: true, hideDuringSiege: true } } });
      try {
        expect(onlinePlayers.parse(await getJson(hiding, api.getOnlinePlayers.path))).toEqual({
          state: 'siege',
          players: [],
        });
      } finally {
        await hiding.close();
      }
      // The siege is over once its length has passed.
      await sql`UPDATE castle SET siegeDate = ${Date.now() - 121 * MINUTE_MS} WHERE id = 1`.execute(game);
      const after = await startApp(databases, { settings: { online: { listPlayers: true, hideDuringSiege: true } } });
      try {
        expect(onlinePlayers.parse(await getJson(after, api.getOnlinePlayers.path)).state).toBe('listed');
      } finally {
        await after.close();
      }
    } finally {
      await sql`DELETE FROM castle`.execute(game);
    }
  });

  it('answers the chart of what its sampler recorded', async () => {
    let sampler: OnlineSampler | undefined;
    const clock: TestClock = testClock();
    const site = await startApp(databases, { now: clock.now, takeOnlineSampler: (taken) => (sampler = taken) });
    try {
      expect(await sampler!.tick()).toBe(true);
      await expect
        .poll(async () => onlineHistory.parse(await getJson(site, api.getOnlineHistory.path)).day.players)
        .toEqual([2]);
      const history = onlineHistory.parse(await getJson(site, api.getOnlineHistory.path));
      expect(history.day.traders).toEqual([1]);
      // Nothing listens at the test's server addresses: both lights were red.
      expect(history.day.loginUptime).toBe(0);
      expect(history.day.gameUptime).toBe(0);
    } finally {
      await site.close();
    }
  });
  it("counts the latest sample's players beside green lights, the number the Online page charts", async () => {
    const clock: TestClock = testClock();
    // Past the minutes the tests above sampled.
    clock.advance(20 * MINUTE_MS);
    await new OnlineHistoryRepository(databases.connections.site.db).record({
      minute: Math.floor(clock.now() / MINUTE_MS),
      counts: await countOnlineByKind(databases.connections.game.db),
      loginUp: true,
      gameUp: true,
    });
    const login = await listeningServer();
    const game = await listeningServer();
    const startWithServers = () =>
      startApp(databases, {
        now: clock.now,
        takeOnlineSampler: () => undefined,
        env: { LOGIN_SERVER_ADDRESS: `127.0.0.1:${login.port}`, GAME_SERVER_ADDRESS: `127.0.0.1:${game.port}` },
      });
    try {
      const open = await startWithServers();
      try {
        const status = serverStatus.parse(await getJson(open, api.getServerStatus.path));
        expect(status).toEqual({
          loginStatus: { type: 'online', color: 'green' },
          gameStatus: { type: 'online', color: 'green' },
          playersOnline: 2,
        });
        const history = onlineHistory.parse(await getJson(open, api.getOnlineHistory.path));
        expect(history.day.players.at(-1)).toBe(status.playersOnline);
      } finally {
        await open.close();
      }
      // The game server down: a red light and no count, whatever the last minute said.
      await game.close();
      const down = await startWithServers();
      try {
        expect(serverStatus.parse(await getJson(down, api.getServerStatus.path))).toEqual({
          loginStatus: { type: 'online', color: 'green' },
          gameStatus: { type: 'offline', color: 'red' },
          playersOnline: null,
        });
      } finally {
        await down.close();
      }
    } finally {
      await login.close();
      await game.close().catch(() => undefined);
    }
  });
});
