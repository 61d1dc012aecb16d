import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { api } from '@gatekeeper/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Connections, openConnections } from '../src/db/connections';
import type { GameDatabase, LoginDatabase } from '../src/db/tables';
import type { CharacterRow } from '../src/game/character-row';
import { type ListSources, STATISTICS_CALLS, STATISTICS_LISTS, readList } from '../src/features/statistics/lists';
import { noReferralStatistics, noVotersStatistics } from '../src/features/statistics/ranking-sources';
import { statisticsRoutes } from '../src/features/statistics/routes';
import { statisticsCache } from '../src/features/statistics/statistics-cache';
import { readRankingFilter } from '../src/game/ranking-exclusions';
import { registerErrorHandler } from '../src/infra/errors';
import { parseSettings } from '../src/settings';
import { type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { useSite } from './support/use-site';
import { rawAnswer } from './support/raw-answer';
import { eventStatsRow, newCharacter } from './support/characters';
import { listeningServer } from './support/listening-server';
import { readWorld } from './rankings-oracle';
import { L2J_SCHEMA } from './support/game-schema';
import { FLAVOR_KINDS, type FlavoredWorld, flavoredWorld } from './support/flavored-world';
import type { FlavorName } from '../src/game/flavors';
import type { GameSchema } from '../src/game/schema-check';

const character = (name: string, fields: Partial<CharacterRow> = {}): CharacterRow =>
  newCharacter({ account_name: 'rankvictor', char_name: name, level: 80, classid: 88, base_class: 88, ...fields });

const TOP = 2_000_000_000;
const ABOVE_TOP = 2_100_000_000;
const NOW = Date.now();
const RANK_CLAN = 910_000_001;

/**
 * A world on top of the demo one whose leaders are known: two ties at the top, and above them
 * everyone a ranking must leave out.
 */
const LEADERS = {
  // Created in reverse name order, so ids cannot stand in for the tie-break by name.
  tieCharlie: character('TieCharlie'),
  tieBravo: character('tieBravo'),
  tieAlpha: character('TieAlpha', { clanid: RANK_CLAN }),
  pardoned: character('PardonedHero', { account_name: 'rankpardoned' }),
  expiredBan: character('ExpiredBanHero', { account_name: 'rankexpired' }),
};
const LEFT_OUT = {
  gm: character('GmOnTop', { accesslevel: 100 }),
  bannedAccount: character('BannedOnTop', { account_name: 'rankbanned' }),
  temporaryBan: character('TempBannedOnTop', { account_name: 'ranktempban' }),
  punishedAccount: character('PunishedAccountOnTop', { account_name: 'rankpunished' }),
  punishedCharacter: character('PunishedCharOnTop'),
  bannedCharacter: character('BannedCharOnTop', { accesslevel: -1 }),
  leaving: character('LeavingOnTop', { deletetime: NOW + 86_400_000 }),
};
const KD = {
  noDeaths: character('NeverDied'),
  tieB: character('KdTieB'),
  tieA: character('kdTieA'),
  noKills: character('NoKillsNoDeaths'),
};

const statsRow = eventStatsRow;

/** Who a ranking leaves out in this flavour: aCis has no temporary bans and no punishments table. */
const leftOutIn = (world: FlavoredWorld) => {
  const { temporaryBan: _t, punishedAccount: _a, punishedCharacter: _c, ...always } = LEFT_OUT;
  return world.schema.hasPunishments ? LEFT_OUT : (always as Partial<typeof LEFT_OUT>);
};
const leftOutNames = (world: FlavoredWorld) => Object.values(leftOutIn(world)).map((c) => c.char_name);

const addRankingWorld = async (login: Kysely<LoginDatabase>, game: Kysely<GameDatabase>, world: FlavoredWorld) => {
  await world.insertAccounts(
    login,
    (
      [
        ['rankvictor', 0],
        ['rankpardoned', 0],
        ['rankexpired', 0],
        ['rankbanned', world.name === 'acis' ? -100 : -1],
        ['ranktempban', 0],
        ['rankpunished', 0],
      ] as const
    ).map(([login, accessLevel]) => ({ login, accessLevel })),
  );
  if (world.schema.hasAccountData) {
    await login
      .insertInto('account_data')
      .values([
        { account_name: 'ranktempban', var: 'ban_temp', value: String(NOW + 86_400_000) },
        { account_name: 'rankexpired', var: 'ban_temp', value: String(NOW - 86_400_000) },
        { account_name: 'rankvictor', var: 'ban_temp', value: 'never' },
      ])
      .execute();
  }
  if (world.schema.hasPunishments) {
    await game
      .insertInto('punishments')
      .values([
        { key: 'rankpunished', affect: 'ACCOUNT', type: 'BAN', expiration: 0, reason: 'bot', punishedBy: 'gm' },
        { key: 'rankpardoned', affect: 'ACCOUNT', type: 'BAN', expiration: NOW - 1000, reason: '', punishedBy: 'gm' },
        { key: 'rankvictor', affect: 'ACCOUNT', type: 'CHAT_BAN', expiration: 0, reason: '', punishedBy: 'gm' },
        {
          key: String(LEFT_OUT.punishedCharacter.charId),
          affect: 'CHARACTER',
          type: 'BAN',
          expiration: NOW + 86_400_000,
          reason: '',
          punishedBy: 'gm',
        },
        {
          key: String(LEADERS.tieAlpha.charId),
          affect: 'CHARACTER',
          type: 'JAIL',
          expiration: 0,
          reason: 'jailed players still rank',
          punishedBy: 'gm',
        },
      ])
      .execute();
  }
  const leftOut = Object.values(leftOutIn(world));
  // aCis jails in the row itself (punish_level 2): jailed players still rank there too.
  const jailed = { ...LEADERS.tieAlpha, punish_level: 2 };
  await world.insertCharacters(game, [
    ...Object.values({ ...LEADERS, tieAlpha: jailed }),
    ...leftOut,
    ...Object.values(KD),
  ]);
  await game
    .insertInto('clan_data')
    .values({
      clan_id: RANK_CLAN,
      clan_name: 'RankClan',
      clan_level: 12,
      reputation_score: 999_999,
      leader_id: LEADERS.tieAlpha.charId,
      ally_name: null,
    })
    .execute();
  await game
    .insertInto('event_stats')
    .values([
      statsRow(LEADERS.tieCharlie.charId, TOP),
      statsRow(LEADERS.tieBravo.charId, TOP),
      statsRow(LEADERS.tieAlpha.charId, TOP),
      statsRow(LEADERS.pardoned.charId, TOP + 1),
      statsRow(LEADERS.expiredBan.charId, TOP + 1),
      ...leftOut.map((c) => statsRow(c.charId, ABOVE_TOP)),
      { ...statsRow(KD.noDeaths.charId, 0), kills: 1_500_000_000 },
      { ...statsRow(KD.tieB.charId, 0), kills: 900_000_000, deaths: 1 },
      { ...statsRow(KD.tieA.charId, 0), kills: 1_800_000_000, deaths: 2 },
      statsRow(KD.noKills.charId, 0),
    ])
    .execute();
  await world.insertHeroes(
    game,
    [...Object.values(LEADERS), ...leftOut].map((c) => ({
      charId: c.charId,
      classId: 88,
      count: leftOut.includes(c) ? 999 : 500,
    })),
  );
};

const names = (rows: unknown) => (rows as { name: string }[]).map((row) => row.name);
const EXPECTED_TOP = ['ExpiredBanHero', 'PardonedHero', 'TieAlpha', 'tieBravo', 'TieCharlie'];

const get = async (site: { url: string }, call: keyof typeof STATISTICS_CALLS) => {
  const response = await fetch(`${site.url}${api[call].path}`);
  expect(response.status).toBe(200);
  return { response, body: await response.json() };
};

const silentLog = () => ({ warn: vi.fn() });

describe.each(FLAVOR_KINDS)('rankings on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const flavored = flavoredWorld(flavor);
  describe('with the event_stats table', () => {
    let sources: ListSources & { login: Kysely<LoginDatabase>; schema: GameSchema };
    const site = useSite(kind, {
      databases: { flavor },
      prepare: (databases) => addRankingWorld(databases.connections.login.db, databases.connections.game.db, flavored),
    });
    beforeAll(() => {
      sources = {
        login: site.databases.connections.login.db,
        game: site.databases.connections.game.db,
        hasEventStats: true,
        schema: flavored.schema,
        referrals: noReferralStatistics,
        voters: noVotersStatistics,
      };
    });

    it.each([1, 5, 100, 5000])('reads every list by the rules at a limit of %d', async (limit) => {
      const filter = await readRankingFilter(sources, sources.schema, limit);
      const world = await readWorld(site.databases.connections, { flavor });
      const expected = {
        referrals: [],
        score: world.eventStat('score', limit),
        assists: world.eventStat('assists', limit),
        kills: world.eventStat('kills', limit),
        deaths: world.eventStat('deaths', limit),
        kd: world.killDeathRatio(limit),
        eventTime: world.eventHours(limit),
        clans: world.clans(limit),
        heroes: world.heroes(limit),
        classes: world.classes(limit),
        voters: [],
      };
      for (const list of STATISTICS_LISTS) {
        expect(await readList(list, sources, filter), list).toEqual(expected[list]);
      }
    });

    it('answers the eleven calls over HTTP with the contract shapes and the top 100 by the rules', async () => {
      const world = await readWorld(site.databases.connections, { flavor });
      const expected: Record<string, unknown[]> = {
        referrals: [],
        score: world.eventStat('score', 100),
        assists: world.eventStat('assists', 100),
        kills: world.eventStat('kills', 100),
        deaths: world.eventStat('deaths', 100),
        kd: world.killDeathRatio(100),
        eventTime: world.eventHours(100),
        clans: world.clans(100),
        heroes: world.heroes(100),
        classes: world.classes(100),
        // No vote rewarded in this world: votes.test.ts ranks the voters.
        voters: [],
      };
      for (const [call, list] of Object.entries(STATISTICS_CALLS) as [keyof typeof STATISTICS_CALLS, string][]) {
        const { response, body } = await get(site, call);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(api[call].response.parse(body), list).toEqual(expected[list]);
      }
      expect(expected.score).toHaveLength(100);
    });

    it.each(['getScoreStatistics', 'getAssistsStatistics', 'getKillsStatistics', 'getDeathsStatistics'] as const)(
      '%s: leaders first, ties by name in any case, with their clan',
      async (call) => {
        const { body } = await get(site, call);
        expect((body as unknown[]).slice(0, 5)).toEqual([
          { name: 'ExpiredBanHero', value: TOP + 1, clan: '' },
          { name: 'PardonedHero', value: TOP + 1, clan: '' },
          { name: 'TieAlpha', value: TOP, clan: 'RankClan' },
          { name: 'tieBravo', value: TOP, clan: '' },
          { name: 'TieCharlie', value: TOP, clan: '' },
        ]);
      },
    );

    it('leaves out GMs, banned accounts and characters, temporary and punishment bans, and deletions', async () => {
      for (const call of Object.keys(STATISTICS_CALLS) as (keyof typeof STATISTICS_CALLS)[]) {
        const { body } = await get(site, call);
        const shown = JSON.stringify(body);
        for (const name of [...leftOutNames(flavored), 'GameMaster', 'BannedOne'])
          expect(shown, call).not.toContain(name);
      }
    });

    it('answers event time in hours', async () => {
      const { body } = await get(site, 'getEventTimeStatistics');
      expect(names(body).slice(0, 5)).toEqual(EXPECTED_TOP);
      // 2,000,000,001 seconds are 555,555.5558 hours.
      expect((body as { value: number }[])[0]!.value).toBe(555_555.6);
      // The demo world's event time is a multiple of 6 minutes, at most 20 hours.
      for (const row of (body as { value: number }[]).slice(5)) expect(row.value).toBeLessThanOrEqual(20);
      expect((body as { value: number }[]).slice(5)).toContainEqual(expect.objectContaining({ value: 20 }));
    });

    it('ranks K/D with a death-free character counting its kills and ties by name, leaving out 0 kills', async () => {
      const { body } = await get(site, 'getKdStatistics');
      expect((body as unknown[]).slice(0, 3)).toEqual([
        { name: 'NeverDied', value: 1_500_000_000, clan: '' },
        { name: 'kdTieA', value: 900_000_000, clan: '' },
        { name: 'KdTieB', value: 900_000_000, clan: '' },
      ]);
      expect(names(body)).not.toContain('NoKillsNoDeaths');
      for (const row of body as { value: number }[]) expect(Math.round(row.value * 100) / 100).toBe(row.value);
    });

    it('lists heroes by how often they were hero, leaving out the same characters', async () => {
      const { body } = await get(site, 'getHeroesStatistics');
      expect(names(body).slice(0, 5)).toEqual(EXPECTED_TOP);
      expect((body as { value: number }[])[0]!.value).toBe(500);
    });

    it('lists clans by level and reputation with their leader', async () => {
      const { body } = await get(site, 'getClansStatistics');
      expect((body as unknown[])[0]).toEqual({ clan: 'RankClan', leader: 'TieAlpha', level: 12, reputation: 999_999 });
    });

    it('names each class from the contract map and counts a class once per base class', async () => {
      const { body } = await get(site, 'getClassStatistics');
      const rows = api.getClassStatistics.response.parse(body);
      expect(new Set(rows.map((row) => row.class)).size).toBe(rows.length);
      expect(rows.every((row) => !row.class.startsWith('Class '))).toBe(true);
      const duelist = rows.find((row) => row.class === 'Duelist');
      expect(duelist?.count).toBeGreaterThan(Object.keys(LEADERS).length + Object.keys(KD).length);
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.count).toBeGreaterThanOrEqual(rows[i]!.count);
    });

    // What does not depend on the game's tables (compression, the cache) runs once, on l2j.
    if (flavored.everything) {
      it.each([
        ['br', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
      ] as const)('answers Accept-Encoding %s with the list pre-compressed as %s', async (accept, coding, decode) => {
        const plain = await (await fetch(`${site.url}/sdk/getclassstatistics`)).text();
        const raw = await rawAnswer(`${site.url}/sdk/getclassstatistics`, 'GET', { 'accept-encoding': accept });
        expect(raw.headers['content-encoding']).toBe(coding);
        expect(raw.headers.vary).toBe('accept-encoding');
        expect(raw.body.length).toBeLessThan(Buffer.byteLength(plain) / 2);
        expect(decode(raw.body).toString('utf8')).toBe(plain);
      });

      it('answers plain JSON without Accept-Encoding, and a short list always plain', async () => {
        const raw = await rawAnswer(`${site.url}/sdk/getclassstatistics`, 'GET');
        expect(raw.headers['content-encoding']).toBeUndefined();
        expect(JSON.parse(raw.body.toString('utf8'))).toEqual((await get(site, 'getClassStatistics')).body);
        const referrals = await rawAnswer(`${site.url}/sdk/getreferralstatistics`, 'GET', {
          'accept-encoding': 'br, gzip',
        });
        expect(referrals.headers['content-encoding']).toBeUndefined();
        expect(referrals.body.toString('utf8')).toBe('[]');
      });

      it('answers an empty referral ranking while nobody has referred anyone', async () => {
        expect((await get(site, 'getReferralStatistics')).body).toEqual([]);
      });

      it('answers from memory: a new leader shows only after a refresh', async () => {
        const cache = statisticsCache({ sources, limit: 3, refreshMs: 3_600_000, log: silentLog() });
        try {
          await cache.refresh();
          const before = cache.read('score').json;
          expect(names(JSON.parse(before))).toEqual(EXPECTED_TOP.slice(0, 3));
          const newcomer = character('FreshLeader');
          await flavored.insertCharacters(site.databases.connections.game.db, [newcomer]);
          await site.databases.connections.game.db
            .insertInto('event_stats')
            .values(statsRow(newcomer.charId, ABOVE_TOP))
            .execute();
          expect(cache.read('score').json).toBe(before);
          await cache.refresh();
          expect(names(JSON.parse(cache.read('score').json))).toEqual(['FreshLeader', ...EXPECTED_TOP.slice(0, 2)]);
        } finally {
          cache.stop();
          const game = site.databases.connections.game.db;
          const fresh = await flavored.characterIds(game, ['FreshLeader']);
          await game
            .deleteFrom('event_stats')
            .where('char_id', 'in', [0, ...fresh.values()])
            .execute();
          await game.deleteFrom('characters').where('char_name', '=', 'FreshLeader').execute();
        }
      });

      it('answers [] for every list once the databases stop answering, and the lists again when they do', async () => {
        const own: Connections = openConnections(site.databases.urls);
        const log = silentLog();
        const cache = statisticsCache({
          sources: { ...sources, login: own.login.db, game: own.game.db },
          limit: 10,
          refreshMs: 3_600_000,
          log,
        });
        try {
          await cache.refresh();
          expect(names(JSON.parse(cache.read('kills').json)).slice(0, 5)).toEqual(EXPECTED_TOP);
          await own.close();
          await cache.refresh();
          for (const list of STATISTICS_LISTS) expect(cache.read(list).json, list).toBe('[]');
          expect(log.warn).toHaveBeenCalled();
        } finally {
          cache.stop();
          await own.close();
        }
      });
    }
  });

  describe('without the event_stats table', () => {
    const site = useSite(kind, {
      databases: { flavor },
      prepare: async (databases) => {
        await addRankingWorld(databases.connections.login.db, databases.connections.game.db, flavored);
        await sql.raw('DROP TABLE event_stats').execute(databases.connections.game.db);
        const game = databases.connections.game.db;
        // A PK whose sum passes every PvP player, and ties on the PvP column.
        await game
          .updateTable('characters')
          .set({ pvpkills: 60_000, pkkills: 100 })
          .where('char_name', 'in', ['TieAlpha', 'tieBravo', 'TieCharlie'])
          .execute();
        await flavored.insertCharacters(game, [character('PkLord', { pvpkills: 10, pkkills: 65_000 })]);
        await game
          .updateTable('characters')
          .set({ pvpkills: 65_000, pkkills: 65_000 })
          .where('char_name', 'in', leftOutNames(flavored))
          .execute();
      },
      app: { settings: { statistics: { limit: 4 } } },
    });

    it('ranks Score by PvP kills, ties by name', async () => {
      const { body } = await get(site, 'getScoreStatistics');
      expect((body as unknown[]).slice(0, 3)).toEqual([
        { name: 'TieAlpha', value: 60_000, clan: 'RankClan' },
        { name: 'tieBravo', value: 60_000, clan: '' },
        { name: 'TieCharlie', value: 60_000, clan: '' },
      ]);
      // The demo world's PvP kills stay at or below 400; PkLord has 10.
      expect((body as { value: number }[])[3]!.value).toBeLessThanOrEqual(400);
      expect(names(body)).not.toContain('PkLord');
    });

    it('ranks Kills by PvP plus PK kills', async () => {
      expect((await get(site, 'getKillsStatistics')).body).toEqual([
        { name: 'PkLord', value: 65_010, clan: '' },
        { name: 'TieAlpha', value: 60_100, clan: 'RankClan' },
        { name: 'tieBravo', value: 60_100, clan: '' },
        { name: 'TieCharlie', value: 60_100, clan: '' },
      ]);
    });

    it.each(['getAssistsStatistics', 'getDeathsStatistics', 'getKdStatistics', 'getEventTimeStatistics'] as const)(
      'answers %s empty: the game keeps no such number',
      async (call) => {
        expect((await get(site, call)).body).toEqual([]);
      },
    );

    it.each([1, 4, 100, 5000])('matches the rules for every list at a limit of %d', async (limit) => {
      const sources = {
        login: site.databases.connections.login.db,
        game: site.databases.connections.game.db,
        hasEventStats: false,
        schema: flavored.schema,
        referrals: noReferralStatistics,
        voters: noVotersStatistics,
      };
      const filter = await readRankingFilter(sources, sources.schema, limit);
      const world = await readWorld(site.databases.connections, { eventStats: false, flavor });
      expect(await readList('score', sources, filter)).toEqual(world.coreKills(['pvp'], limit));
      expect(await readList('kills', sources, filter)).toEqual(world.coreKills(['pvp', 'pk'], limit));
      expect(await readList('classes', sources, filter)).toEqual(world.classes(limit));
    });
  });

  // A database that fails fails alike in every flavour.
  if (flavored.everything)
    describe('when the game database fails', () => {
      let databases: TestDatabases;
      let broken: Connections;
      let app: FastifyInstance;
      let url: string;
      beforeAll(async () => {
        databases = await createTestDatabases(kind, { seed: false });
        // MariaDB: nothing listens on port 1. SQLite: a database without the game's tables.
        const gameUrl =
          kind === 'mariadb'
            ? 'mysql://root@127.0.0.1:1/l2jgs'
            : databases.urls.game.replace(/game\.sqlite$/, 'empty.sqlite');
        broken = openConnections({ login: databases.urls.login, game: gameUrl, site: databases.urls.site });
        app = Fastify({ logger: false });
        app.setValidatorCompiler(validatorCompiler);
        app.setSerializerCompiler(serializerCompiler);
        registerErrorHandler(app);
        await app.register(statisticsRoutes, {
          connections: broken,
          schema: L2J_SCHEMA,
          settings: parseSettings({}).statistics,
          // Not the app's server: every request here goes through the Fastify route.
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      });
      afterAll(async () => {
        await app?.close();
        await broken?.close();
        await databases?.drop();
      });

      it.each(Object.keys(STATISTICS_CALLS) as (keyof typeof STATISTICS_CALLS)[])(
        'answers %s with 200 []',
        async (call) => {
          const { body } = await get({ url }, call);
          expect(body).toEqual([]);
        },
      );
    });
});

describe('a game database that hangs', () => {
  it('does not hold the start-up: the lists answer [] until the first read finishes', async () => {
    const hung = await listeningServer();
    const url = `mysql://root@127.0.0.1:${hung.port}/l2jgs`;
    const connections = openConnections({ login: url, game: url, site: url });
    const cache = statisticsCache({
      sources: {
        login: connections.login.db,
        game: connections.game.db,
        hasEventStats: true,
        schema: { ...L2J_SCHEMA, hasPunishments: false },
        referrals: noReferralStatistics,
        voters: noVotersStatistics,
      },
      limit: 100,
      refreshMs: 3_600_000,
      log: silentLog(),
    });
    try {
      const started = Date.now();
      await cache.start(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      for (const list of STATISTICS_LISTS) expect(cache.read(list).json).toBe('[]');
    } finally {
      cache.stop();
      await hung.close();
      // The pool's handshakes end with the server's sockets: "connection lost" is expected here.
      await connections.close().catch(() => undefined);
    }
  });
});
