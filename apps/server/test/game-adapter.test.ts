import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CHARACTERS } from '../src/game/demo-seed';
import { createEmulatorTables } from './support/emulator-tables';
import type { GameDatabase, LoginDatabase } from '../src/db/tables';
import type { CharacterRow } from '../src/game/character-row';
import { insertGameAccount, findAccount, isBanned, setPassword, temporaryBanUntil } from '../src/game/accounts';
import {
  characterExists,
  countOnline,
  findCharacterByName,
  isOffline,
  listAccountCharacters,
  moveOfflineCharacter,
} from '../src/game/characters';
import { topClans } from '../src/game/clans';
import { EVENT_STAT_COLUMNS, type RankedCharacter, topByEventStat, topByKillColumn } from '../src/game/event-stats';
import { listHeroes } from '../src/game/heroes';
import { l2jPasswordHash } from '../src/game/password-hash';
import { readPincodeHash, setPincode } from '../src/game/pincode';
import { SchemaError, checkGameSchema } from '../src/game/schema-check';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { eventStatsRow, newCharacter } from './support/characters';
import { L2J_SCHEMA } from './support/game-schema';

const insertCharacters = async (game: Kysely<GameDatabase>, rows: CharacterRow[]): Promise<void> => {
  await game.insertInto('characters').values(rows).execute();
};

/** Both dialects compare names case-insensitively (NOCASE / utf8mb3_general_ci); ASCII names only here. */
const byName = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Every neighbour pair is in order: value descending, then name ascending. */
const expectRankedOrder = (rows: RankedCharacter[]) => {
  for (let i = 1; i < rows.length; i++) {
    const [before, after] = [rows[i - 1]!, rows[i]!];
    const inOrder =
      before.value > after.value || (before.value === after.value && byName(before.name, after.name) <= 0);
    expect(inOrder, `${before.name} (${before.value}) before ${after.name} (${after.value})`).toBe(true);
  }
};

const GIRAN = { x: 83400, y: 147943, z: -3404 };

describe.each(DATABASE_KINDS)('game adapter on %s', (kind: DatabaseKind) => {
  describe('accounts', () => {
    let databases: TestDatabases;
    let login: Kysely<LoginDatabase>;
    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      login = databases.connections.login.db;
    });
    afterAll(async () => {
      await databases?.drop();
    });

    it('finds a demo account whatever the case of the login', async () => {
      const demo = DEMO_ACCOUNTS[0];
      const account = await findAccount(login, L2J_SCHEMA, 'DemoPLAYER');
      expect(account).toEqual({
        login: demo.login,
        passwordHash: l2jPasswordHash(demo.password),
        email: demo.email,
        accessLevel: 0,
      });
      expect(await findAccount(login, L2J_SCHEMA, '  demoplayer ')).toEqual(account);
    });

    it('answers undefined for an unknown login', async () => {
      expect(await findAccount(login, L2J_SCHEMA, 'nosuchaccount')).toBeUndefined();
    });

    it('creates an account with a lower-case login, the SHA-1 hash and the email', async () => {
      expect(
        await insertGameAccount(login, L2J_SCHEMA, {
          login: 'NewHero1',
          password: 'Secret.1a',
          email: 'newhero1@example.com',
        }),
      ).toBe(true);
      const rows = await login
        .selectFrom('accounts')
        .select(['login', 'password', 'email', 'accessLevel'])
        .where('login', '=', 'newhero1')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.login).toBe('newhero1');
      // Base64(SHA-1('Secret.1a')) computed with Python's hashlib.
      expect(rows[0]!.password).toBe('qazidKD0cFx5v2U6/7Be9lR+7wA=');
      expect(rows[0]!.email).toBe('newhero1@example.com');
      expect(Number(rows[0]!.accessLevel)).toBe(0);
    });

    it('refuses a duplicate login in any case and keeps the first password', async () => {
      expect(
        await insertGameAccount(login, L2J_SCHEMA, {
          login: 'twinhero',
          password: 'First.Pass1',
          email: 'a@example.com',
        }),
      ).toBe(true);
      expect(
        await insertGameAccount(login, L2J_SCHEMA, {
          login: 'TWINHERO',
          password: 'Second.Pass2',
          email: 'b@example.com',
        }),
      ).toBe(false);
      expect(
        await insertGameAccount(login, L2J_SCHEMA, {
          login: 'twinhero',
          password: 'Third.Pass3',
          email: 'c@example.com',
        }),
      ).toBe(false);
      const account = await findAccount(login, L2J_SCHEMA, 'twinhero');
      expect(account?.passwordHash).toBe(l2jPasswordHash('First.Pass1'));
      expect(account?.email).toBe('a@example.com');
      const count = await login
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('login', '=', 'twinhero')
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('refuses to create a demo account again', async () => {
      expect(
        await insertGameAccount(login, L2J_SCHEMA, {
          login: 'DemoPlayer',
          password: 'Other.Pass1',
          email: 'x@example.com',
        }),
      ).toBe(false);
      expect((await findAccount(login, L2J_SCHEMA, 'demoplayer'))?.passwordHash).toBe(
        l2jPasswordHash(DEMO_ACCOUNTS[0].password),
      );
    });

    it('sets a new password hash, finding the login in any case', async () => {
      await insertGameAccount(login, L2J_SCHEMA, {
        login: 'changer1',
        password: 'Old.Pass1',
        email: 'changer@example.com',
      });
      await setPassword(login, L2J_SCHEMA, 'CHANGER1', 'New.Pass9');
      // Base64(SHA-1('New.Pass9')) computed with Python's hashlib.
      expect((await findAccount(login, L2J_SCHEMA, 'changer1'))?.passwordHash).toBe('eqX7XirWjVuyQMnlhCyzW9vQxOk=');
    });

    it('changes no other account when setting a password', async () => {
      await insertGameAccount(login, L2J_SCHEMA, {
        login: 'bystander1',
        password: 'Keep.Pass1',
        email: 'by@example.com',
      });
      await insertGameAccount(login, L2J_SCHEMA, {
        login: 'changer2',
        password: 'Old.Pass2',
        email: 'changer2@example.com',
      });
      await setPassword(login, L2J_SCHEMA, 'changer2', 'New.Pass2');
      expect((await findAccount(login, L2J_SCHEMA, 'bystander1'))?.passwordHash).toBe(l2jPasswordHash('Keep.Pass1'));
    });

    it('tells the banned demo account from the others', async () => {
      expect(isBanned((await findAccount(login, L2J_SCHEMA, 'demobanned'))!)).toBe(true);
      expect(isBanned((await findAccount(login, L2J_SCHEMA, 'demoplayer'))!)).toBe(false);
      expect(isBanned((await findAccount(login, L2J_SCHEMA, 'demogamemaster'))!)).toBe(false);
    });

    it('reads a temporary ban from account_data ban_temp', async () => {
      const until = Date.UTC(2030, 0, 1);
      await login
        .insertInto('account_data')
        .values({ account_name: 'demotrader', var: 'ban_temp', value: String(until) })
        .execute();
      expect(await temporaryBanUntil(login, L2J_SCHEMA, 'demotrader')).toBe(until);
      expect(await temporaryBanUntil(login, L2J_SCHEMA, 'DemoTrader')).toBe(until);
    });

    it('answers no temporary ban without a row, for another var, or for an unreadable value', async () => {
      expect(await temporaryBanUntil(login, L2J_SCHEMA, 'demoplayer')).toBeUndefined();
      await login
        .insertInto('account_data')
        .values([
          { account_name: 'player0001', var: 'lang', value: '123' },
          { account_name: 'player0002', var: 'ban_temp', value: '0' },
          { account_name: 'player0003', var: 'ban_temp', value: 'soon' },
        ])
        .execute();
      expect(await temporaryBanUntil(login, L2J_SCHEMA, 'player0001')).toBeUndefined();
      expect(await temporaryBanUntil(login, L2J_SCHEMA, 'player0002')).toBeUndefined();
      expect(await temporaryBanUntil(login, L2J_SCHEMA, 'player0003')).toBeUndefined();
    });
  });

  describe('characters', () => {
    let databases: TestDatabases;
    let game: Kysely<GameDatabase>;
    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      game = databases.connections.game.db;
    });
    afterAll(async () => {
      await databases?.drop();
    });

    const positionOf = async (charId: number) =>
      game.selectFrom('characters').select(['x', 'y', 'z']).where('charId', '=', charId).executeTakeFirstOrThrow();

    it('finds a character by name in any case', async () => {
      const character = await findCharacterByName(game, L2J_SCHEMA, 'dEmOkNiGhT');
      expect(character).toMatchObject({
        accountName: 'demoplayer',
        name: 'DemoKnight',
        level: 78,
        online: 0,
        accessLevel: 0,
        deleteTime: 0,
      });
      expect(typeof character?.charId).toBe('number');
      expect((await findCharacterByName(game, L2J_SCHEMA, ' DemoKnight '))?.name).toBe('DemoKnight');
    });

    it('answers undefined for an unknown name', async () => {
      expect(await findCharacterByName(game, L2J_SCHEMA, 'NobodyAtAll')).toBeUndefined();
    });

    it('tells whether a character exists', async () => {
      expect(await characterExists(game, L2J_SCHEMA, 'DEMOARCHER')).toBe(true);
      expect(await characterExists(game, L2J_SCHEMA, 'demoarche')).toBe(false);
    });

    it('lists the characters of an account in creation order, any case of the login', async () => {
      const expected = DEMO_CHARACTERS.filter((c) => c.account === 'demoplayer').map((c) => c.name);
      expect((await listAccountCharacters(game, L2J_SCHEMA, 'demoplayer')).map((c) => c.name)).toEqual(expected);
      expect((await listAccountCharacters(game, L2J_SCHEMA, 'DemoPlayer')).map((c) => c.name)).toEqual(expected);
      expect(await listAccountCharacters(game, L2J_SCHEMA, 'nosuchaccount')).toEqual([]);
    });

    it('treats only online 0 as offline', async () => {
      expect(isOffline({ online: 0 })).toBe(true);
      expect(isOffline({ online: 1 })).toBe(false);
      expect(isOffline({ online: 2 })).toBe(false);
      expect(isOffline((await findCharacterByName(game, L2J_SCHEMA, 'DemoKnight'))!)).toBe(true);
      expect(isOffline((await findCharacterByName(game, L2J_SCHEMA, 'DemoArcher'))!)).toBe(false);
      expect(isOffline((await findCharacterByName(game, L2J_SCHEMA, 'DemoTrader'))!)).toBe(false);
    });

    it('counts online players and offline traders, not GMs', async () => {
      const rows = await game.selectFrom('characters').select(['online', 'accesslevel']).execute();
      const expected = rows.filter((r) => Number(r.online ?? 0) > 0 && Number(r.accesslevel ?? 0) <= 0).length;
      expect(await countOnline(game)).toBe(expected);
      // The demo GameMaster is online and must not be counted.
      expect(rows.filter((r) => Number(r.online) > 0).length).toBeGreaterThan(expected);
    });

    it('counts a new online player and trader but not a new online GM', async () => {
      const before = await countOnline(game);
      await insertCharacters(game, [
        newCharacter({ char_name: 'CountPlayer', online: 1 }),
        newCharacter({ char_name: 'CountTrader', online: 2 }),
        newCharacter({ char_name: 'CountGm', online: 1, accesslevel: 200 }),
        newCharacter({ char_name: 'CountOffline', online: 0 }),
      ]);
      expect(await countOnline(game)).toBe(before + 2);
    });

    it('counts an online player whose accesslevel is NULL', async () => {
      const before = await countOnline(game);
      await insertCharacters(game, [newCharacter({ char_name: 'CountNullLevel', online: 1, accesslevel: null })]);
      expect(await countOnline(game)).toBe(before + 1);
    });

    it('moves an offline character of the account', async () => {
      const character = newCharacter({
        char_name: 'MoveMeHome',
        account_name: 'demoplayer',
        online: 0,
        x: 1,
        y: 2,
        z: 3,
      });
      await insertCharacters(game, [character]);
      expect(
        await moveOfflineCharacter(game, L2J_SCHEMA, {
          charId: character.charId,
          accountName: 'demoplayer',
          to: GIRAN,
        }),
      ).toBe(true);
      expect(await positionOf(character.charId)).toEqual(GIRAN);
    });

    it('refuses to move an online character or an offline trader', async () => {
      const online = newCharacter({ char_name: 'StayOnline', online: 1, x: 1, y: 2, z: 3 });
      const trader = newCharacter({ char_name: 'StayTrading', online: 2, x: 4, y: 5, z: 6 });
      await insertCharacters(game, [online, trader]);
      expect(
        await moveOfflineCharacter(game, L2J_SCHEMA, { charId: online.charId, accountName: 'demoplayer', to: GIRAN }),
      ).toBe(false);
      expect(
        await moveOfflineCharacter(game, L2J_SCHEMA, { charId: trader.charId, accountName: 'demoplayer', to: GIRAN }),
      ).toBe(false);
      expect(await positionOf(online.charId)).toEqual({ x: 1, y: 2, z: 3 });
      expect(await positionOf(trader.charId)).toEqual({ x: 4, y: 5, z: 6 });
    });

    it('refuses to move a character of another account', async () => {
      const other = newCharacter({ char_name: 'NotYours', account_name: 'demotrader', online: 0, x: 7, y: 8, z: 9 });
      await insertCharacters(game, [other]);
      expect(
        await moveOfflineCharacter(game, L2J_SCHEMA, { charId: other.charId, accountName: 'demoplayer', to: GIRAN }),
      ).toBe(false);
      expect(await positionOf(other.charId)).toEqual({ x: 7, y: 8, z: 9 });
    });

    it('refuses to move the online demo archer', async () => {
      const archer = (await findCharacterByName(game, L2J_SCHEMA, 'DemoArcher'))!;
      const before = await positionOf(archer.charId);
      expect(
        await moveOfflineCharacter(game, L2J_SCHEMA, { charId: archer.charId, accountName: 'demoplayer', to: GIRAN }),
      ).toBe(false);
      expect(await positionOf(archer.charId)).toEqual(before);
    });
  });

  describe('pincode', () => {
    let databases: TestDatabases;
    let game: Kysely<GameDatabase>;
    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      game = databases.connections.game.db;
    });
    afterAll(async () => {
      await databases?.drop();
    });

    const varsOf = async (account: string) =>
      (
        await game
          .selectFrom('account_gsdata')
          .select(['var', 'value'])
          .where('account_name', '=', account)
          .orderBy('var')
          .execute()
      ).map((row) => [row.var, row.value]);

    it('reads the seeded PIN of demoplayer', async () => {
      expect(await readPincodeHash(game, 'demoplayer')).toBe(l2jPasswordHash('123456'));
    });

    it('answers undefined for an account without a PIN', async () => {
      expect(await readPincodeHash(game, 'demotrader')).toBeUndefined();
    });

    it('writes Base64(SHA-1(PIN)) and resets the wrong attempts to 0, keeping other vars', async () => {
      await game
        .insertInto('account_gsdata')
        .values([
          { account_name: 'player0010', var: 'secauth_wte', value: '3' },
          { account_name: 'player0010', var: 'lang', value: 'en' },
          { account_name: 'player0011', var: 'secauth_wte', value: '2' },
        ])
        .execute();
      await setPincode(game, 'player0010', '654321');
      // Base64(SHA-1('654321')) computed with Python's hashlib.
      expect(await varsOf('player0010')).toEqual([
        ['lang', 'en'],
        ['secauth_pwd', '3V/vnBwdoTlNbTSySMUb4q10CEA='],
        ['secauth_wte', '0'],
      ]);
      expect(await readPincodeHash(game, 'player0010')).toBe('3V/vnBwdoTlNbTSySMUb4q10CEA=');
      // Another account's counter is untouched.
      expect(await varsOf('player0011')).toEqual([['secauth_wte', '2']]);
    });

    it('replaces an existing PIN with one row', async () => {
      await setPincode(game, 'player0020', '987654');
      await setPincode(game, 'player0020', '24681357');
      expect(await varsOf('player0020')).toEqual([
        ['secauth_pwd', 'c6MQjYfrryNuxemv1WGC4pmoW7s='],
        ['secauth_wte', '0'],
      ]);
    });
  });

  describe('clans', () => {
    let databases: TestDatabases;
    let game: Kysely<GameDatabase>;
    const leader = newCharacter({ char_name: 'RichLeader' });
    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      game = databases.connections.game.db;
      await insertCharacters(game, [leader]);
      // Level 12 is above every demo clan (1-11).
      await game
        .insertInto('clan_data')
        .values([
          {
            clan_id: 900_000_001,
            clan_name: 'TopClanB',
            clan_level: 12,
            reputation_score: 100,
            leader_id: 0,
            ally_name: null,
          },
          {
            clan_id: 900_000_002,
            clan_name: 'topClanA',
            clan_level: 12,
            reputation_score: 100,
            leader_id: 0,
            ally_name: null,
          },
          {
            clan_id: 900_000_003,
            clan_name: 'TopClanRich',
            clan_level: 12,
            reputation_score: 5000,
            leader_id: leader.charId,
            ally_name: null,
          },
        ])
        .execute();
    });
    afterAll(async () => {
      await databases?.drop();
    });

    it('ranks by level, then reputation, then name in any case, with the leader name', async () => {
      expect(await topClans(game, L2J_SCHEMA, 3)).toEqual([
        { clan: 'TopClanRich', leader: 'RichLeader', level: 12, reputation: 5000 },
        { clan: 'topClanA', leader: '', level: 12, reputation: 100 },
        { clan: 'TopClanB', leader: '', level: 12, reputation: 100 },
      ]);
    });

    it('keeps the whole list in order', async () => {
      const clans = await topClans(game, L2J_SCHEMA, 1000);
      expect(clans).toHaveLength(48 + 3);
      for (let i = 1; i < clans.length; i++) {
        const [a, b] = [clans[i - 1]!, clans[i]!];
        const inOrder =
          a.level > b.level ||
          (a.level === b.level &&
            (a.reputation > b.reputation || (a.reputation === b.reputation && byName(a.clan, b.clan) <= 0)));
        expect(inOrder, `${a.clan} before ${b.clan}`).toBe(true);
      }
    });

    it('names the demo knight as the leader of his clan', async () => {
      const knight = await game
        .selectFrom('characters')
        .select('clanid')
        .where('char_name', '=', 'DemoKnight')
        .executeTakeFirstOrThrow();
      const clan = await game
        .selectFrom('clan_data')
        .select('clan_name')
        .where('clan_id', '=', knight.clanid!)
        .executeTakeFirstOrThrow();
      const standing = (await topClans(game, L2J_SCHEMA, 1000)).find((c) => c.clan === clan.clan_name);
      expect(standing?.leader).toBe('DemoKnight');
    });

    it('answers at most the limit', async () => {
      expect(await topClans(game, L2J_SCHEMA, 5)).toHaveLength(5);
    });
  });

  describe('heroes', () => {
    let databases: TestDatabases;
    let game: Kysely<GameDatabase>;
    const top = newCharacter({ char_name: 'HeroTop', clanid: 900_000_010 });
    // Created in reverse name order, so ids cannot stand in for the tie-break by name.
    const tieB = newCharacter({ char_name: 'HeroTieB' });
    const tieA = newCharacter({ char_name: 'heroTieA' });
    const gm = newCharacter({ char_name: 'GmHero', accesslevel: 100 });
    const leaving = newCharacter({ char_name: 'LeavingHero', deletetime: Date.UTC(2030, 0, 1) });
    const nullLevel = newCharacter({ char_name: 'NullLevelHero', accesslevel: null });
    const hero = (charId: number, count: number) => ({
      charId,
      class_id: 90,
      count,
      played: 1,
      claimed: 'true' as const,
      message: '',
    });
    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      game = databases.connections.game.db;
      await insertCharacters(game, [top, tieB, tieA, gm, leaving, nullLevel]);
      await game
        .insertInto('clan_data')
        .values({
          clan_id: 900_000_010,
          clan_name: 'HeroClan',
          clan_level: 5,
          reputation_score: 0,
          leader_id: top.charId,
          ally_name: null,
        })
        .execute();
      // Demo heroes count 1-6; ours count far more, so they lead the list.
      await game
        .insertInto('heroes')
        .values([
          hero(top.charId, 500),
          hero(tieB.charId, 400),
          hero(tieA.charId, 400),
          hero(gm.charId, 900),
          hero(leaving.charId, 800),
          hero(nullLevel.charId, 7),
        ])
        .execute();
      // BannedOne (account demobanned) is a demo hero; give it the top count.
      const banned = await game
        .selectFrom('characters')
        .select('charId')
        .where('char_name', '=', 'BannedOne')
        .executeTakeFirstOrThrow();
      await game.updateTable('heroes').set({ count: 700 }).where('charId', '=', banned.charId).execute();
    });
    afterAll(async () => {
      await databases?.drop();
    });

    it('lists heroes by count, ties by name, with their clan', async () => {
      const heroes = await listHeroes(game, L2J_SCHEMA, {
        characterKey: 'charId' as const,
        bannedAccounts: ['demobanned'],
        limit: 100,
      });
      expect(heroes.slice(0, 4)).toEqual([
        { name: 'HeroTop', value: 500, clan: 'HeroClan' },
        { name: 'heroTieA', value: 400, clan: '' },
        { name: 'HeroTieB', value: 400, clan: '' },
        { name: 'NullLevelHero', value: 7, clan: '' },
      ]);
      expectRankedOrder(heroes);
    });

    it('leaves out GMs, characters pending deletion and banned accounts', async () => {
      const names = (
        await listHeroes(game, L2J_SCHEMA, {
          characterKey: 'charId' as const,
          bannedAccounts: ['demobanned'],
          limit: 100,
        })
      ).map((h) => h.name);
      expect(names).not.toContain('GmHero');
      expect(names).not.toContain('LeavingHero');
      expect(names).not.toContain('BannedOne');
      expect(names).toContain('DemoKnight');
    });

    it('shows the banned account hero only when its account is not listed as banned', async () => {
      const heroes = await listHeroes(game, L2J_SCHEMA, {
        characterKey: 'charId' as const,
        bannedAccounts: [],
        limit: 100,
      });
      expect(heroes[0]).toEqual({ name: 'BannedOne', value: 700, clan: '' });
    });

    it('answers at most the limit', async () => {
      expect(
        (await listHeroes(game, L2J_SCHEMA, { characterKey: 'charId' as const, bannedAccounts: [], limit: 2 })).map(
          (h) => h.name,
        ),
      ).toEqual(['BannedOne', 'HeroTop']);
    });
  });

  describe('event statistics and kill rankings', () => {
    let databases: TestDatabases;
    let game: Kysely<GameDatabase>;
    const clanId = 900_000_020;
    // Created in reverse name order, so ids cannot stand in for the tie-break by name.
    const tieC = newCharacter({ char_name: 'TieCharlie', pvpkills: 65000, pkkills: 65000 });
    const tieB = newCharacter({ char_name: 'TieBravo', pvpkills: 65000, pkkills: 65000 });
    const tieA = newCharacter({ char_name: 'tieAlpha', clanid: clanId, pvpkills: 65000, pkkills: 65000 });
    const exiled = newCharacter({
      char_name: 'ExiledStat',
      account_name: 'demobanned',
      pvpkills: 65500,
      pkkills: 65500,
    });
    const gm = newCharacter({ char_name: 'GmStat', accesslevel: 100, pvpkills: 65500, pkkills: 65500 });
    const leaving = newCharacter({
      char_name: 'LeavingStat',
      deletetime: Date.UTC(2030, 0, 1),
      pvpkills: 65500,
      pkkills: 65500,
    });
    const nullLevel = newCharacter({ char_name: 'NullLevelStat', accesslevel: null });
    const noStats = newCharacter({ char_name: 'NoStatsAtAll', pvpkills: null, pkkills: null });
    const stats = eventStatsRow;
    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      game = databases.connections.game.db;
      await insertCharacters(game, [tieA, tieB, tieC, exiled, gm, leaving, nullLevel, noStats]);
      await game
        .insertInto('clan_data')
        .values({
          clan_id: clanId,
          clan_name: 'TieClan',
          clan_level: 1,
          reputation_score: 0,
          leader_id: tieA.charId,
          ally_name: null,
        })
        .execute();
      // Demo values stay below 2,000; ours tie far above them.
      await game
        .insertInto('event_stats')
        .values([
          stats(tieC.charId, 1_000_000_000),
          stats(tieA.charId, 1_000_000_000),
          stats(tieB.charId, 1_000_000_000),
          stats(exiled.charId, 1_500_000_000),
          stats(gm.charId, 1_500_000_000),
          stats(leaving.charId, 1_500_000_000),
          stats(nullLevel.charId, 3),
        ])
        .execute();
    });
    afterAll(async () => {
      await databases?.drop();
    });

    const filter = { characterKey: 'charId' as const, bannedAccounts: ['demobanned'], limit: 10_000 };

    it.each([...EVENT_STAT_COLUMNS])('ranks by %s highest first, ties by name in any case', async (column) => {
      const rows = await topByEventStat(game, column, filter);
      expect(rows.slice(0, 3)).toEqual([
        { name: 'tieAlpha', value: 1_000_000_000, clan: 'TieClan' },
        { name: 'TieBravo', value: 1_000_000_000, clan: '' },
        { name: 'TieCharlie', value: 1_000_000_000, clan: '' },
      ]);
      expectRankedOrder(rows);
    });

    it.each([...EVENT_STAT_COLUMNS])('ranks most of the demo world by %s, each character once', async (column) => {
      const rows = await topByEventStat(game, column, filter);
      const stored = await game
        .selectFrom('event_stats')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      // Most rows rank; the excluded ones and the banned demo accounts' do not.
      expect(rows.length).toBeGreaterThan(1000);
      expect(rows.length).toBeLessThan(Number(stored.n));
      expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    });

    it('leaves out banned accounts, GMs and characters pending deletion', async () => {
      const names = (await topByEventStat(game, 'score', filter)).map((r) => r.name);
      expect(names).not.toContain('ExiledStat');
      expect(names).not.toContain('GmStat');
      expect(names).not.toContain('LeavingStat');
      expect(names).not.toContain('BannedOne');
    });

    it('shows a banned account character only when its account is not listed', async () => {
      const rows = await topByEventStat(game, 'kills', {
        characterKey: 'charId' as const,
        bannedAccounts: [],
        limit: 1,
      });
      expect(rows).toEqual([{ name: 'ExiledStat', value: 1_500_000_000, clan: '' }]);
    });

    it('leaves out the characters of every banned demo-world account', async () => {
      const banned = (
        await databases.connections.login.db
          .selectFrom('accounts')
          .select('login')
          .where('accessLevel', '<', 0)
          .execute()
      ).map((a) => a.login);
      expect(banned.length).toBeGreaterThan(1);
      const bannedNames = new Set(
        (await game.selectFrom('characters').select('char_name').where('account_name', 'in', banned).execute()).map(
          (c) => c.char_name,
        ),
      );
      const rows = await topByEventStat(game, 'deaths', {
        characterKey: 'charId' as const,
        bannedAccounts: banned,
        limit: 10_000,
      });
      expect(rows.filter((r) => bannedNames.has(r.name))).toEqual([]);
    });

    it('matches banned account names whatever their case', async () => {
      const names = (
        await topByEventStat(game, 'score', {
          characterKey: 'charId' as const,
          bannedAccounts: ['DemoBanned'],
          limit: 10,
        })
      ).map((r) => r.name);
      expect(names).not.toContain('ExiledStat');
    });

    it('ranks a character whose accesslevel is NULL as a player', async () => {
      const rows = await topByEventStat(game, 'assists', filter);
      expect(rows).toContainEqual({ name: 'NullLevelStat', value: 3, clan: '' });
    });

    it('does not rank characters without an event_stats row', async () => {
      const names = (await topByEventStat(game, 'event_seconds', filter)).map((r) => r.name);
      expect(names).not.toContain('NoStatsAtAll');
    });

    it('answers at most the limit', async () => {
      expect(
        (
          await topByEventStat(game, 'score', {
            characterKey: 'charId' as const,
            bannedAccounts: ['demobanned'],
            limit: 2,
          })
        ).map((r) => r.name),
      ).toEqual(['tieAlpha', 'TieBravo']);
    });

    it.each(['pvpkills', 'pkkills'] as const)('falls back to %s highest first, ties by name', async (column) => {
      const rows = await topByKillColumn(game, column, filter);
      expect(rows.slice(0, 3)).toEqual([
        { name: 'tieAlpha', value: 65000, clan: 'TieClan' },
        { name: 'TieBravo', value: 65000, clan: '' },
        { name: 'TieCharlie', value: 65000, clan: '' },
      ]);
      expectRankedOrder(rows);
      const names = rows.map((r) => r.name);
      expect(names).not.toContain('ExiledStat');
      expect(names).not.toContain('GmStat');
      expect(names).not.toContain('LeavingStat');
    });

    it('ranks every eligible character in the fallback, NULL kills as 0', async () => {
      const rows = await topByKillColumn(game, 'pvpkills', filter);
      expect(rows).toContainEqual({ name: 'NoStatsAtAll', value: 0, clan: '' });
      expect(rows.map((r) => r.name)).toContain('NullLevelStat');
    });

    it('answers at most the limit in the fallback', async () => {
      const rows = await topByKillColumn(game, 'pkkills', {
        characterKey: 'charId' as const,
        bannedAccounts: [],
        limit: 1,
      });
      expect(rows).toEqual([{ name: 'ExiledStat', value: 65500, clan: '' }]);
    });
  });

  describe('schema check', () => {
    const dialectOf = (databases: TestDatabases) => databases.connections.login.dialect;

    /** Fresh databases without the game tables, dropped after the test. */
    const withBareDatabases = async (test: (databases: TestDatabases) => Promise<void>) => {
      const databases = await createTestDatabases(kind, { gameTables: false });
      try {
        await test(databases);
      } finally {
        await databases.drop();
      }
    };

    const schemaErrorOf = async (databases: TestDatabases): Promise<SchemaError> => {
      // As an owner of an L2J server sets it; without GAME_FLAVOR the message lists every flavour.
      const error = await checkGameSchema(databases.connections, { flavor: 'l2j' }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(SchemaError);
      return error as SchemaError;
    };

    it('names accounts.email when the accounts table has no email column', async () => {
      await withBareDatabases(async (databases) => {
        await sql
          .raw(
            `CREATE TABLE accounts (login VARCHAR(45) NOT NULL PRIMARY KEY, password VARCHAR(45), created_time TEXT,
             lastactive BIGINT NOT NULL DEFAULT 0, accessLevel TINYINT NOT NULL DEFAULT 0, lastIP CHAR(15))`,
          )
          .execute(databases.connections.login.db);
        await createEmulatorTables(databases.connections.login.db, dialectOf(databases), ['login']);
        await createEmulatorTables(databases.connections.game.db, dialectOf(databases), ['game']);
        const { message } = await schemaErrorOf(databases);
        expect(message).toContain('login database');
        expect(message).toContain('missing column accounts.email');
        expect(message.match(/missing/g)).toHaveLength(1);
      });
    });

    it('names every missing game table', async () => {
      await withBareDatabases(async (databases) => {
        await createEmulatorTables(databases.connections.login.db, dialectOf(databases), ['login']);
        const { message } = await schemaErrorOf(databases);
        expect(message).toContain('game database');
        for (const table of ['characters', 'clan_data', 'heroes', 'account_gsdata']) {
          expect(message).toContain(`missing table ${table}`);
        }
        expect(message).not.toContain('accounts');
      });
    });

    it('names the accounts table when the login database is empty', async () => {
      await withBareDatabases(async (databases) => {
        await createEmulatorTables(databases.connections.game.db, dialectOf(databases), ['game']);
        const { message } = await schemaErrorOf(databases);
        expect(message).toContain('missing table accounts');
        expect(message).not.toContain('characters');
      });
    });

    it('names a missing characters column', async () => {
      await withBareDatabases(async (databases) => {
        await createEmulatorTables(databases.connections.login.db, dialectOf(databases), ['login']);
        await createEmulatorTables(databases.connections.game.db, dialectOf(databases), ['game']);
        await sql.raw('ALTER TABLE characters DROP COLUMN onlinetime').execute(databases.connections.game.db);
        const { message } = await schemaErrorOf(databases);
        expect(message).toContain('missing column characters.onlinetime');
      });
    });

    it('answers which optional tables exist on the full schema, and hasEventStats false without event_stats', async () => {
      const databases = await createTestDatabases(kind, { seed: false });
      try {
        expect(await checkGameSchema(databases.connections)).toMatchObject({
          hasEventStats: true,
          hasPremiumItems: true,
          hasCustomMail: true,
          hasPunishments: true,
        });
        await sql.raw('DROP TABLE event_stats').execute(databases.connections.game.db);
        expect(await checkGameSchema(databases.connections)).toMatchObject({
          hasEventStats: false,
          hasPremiumItems: true,
          hasCustomMail: true,
          hasPunishments: true,
        });
      } finally {
        await databases.drop();
      }
    });

    it('answers hasEventStats false when event_stats lacks a column', async () => {
      const databases = await createTestDatabases(kind, { seed: false });
      try {
        await sql.raw('DROP TABLE event_stats').execute(databases.connections.game.db);
        await sql
          .raw(
            'CREATE TABLE event_stats (char_id INT NOT NULL PRIMARY KEY, score INT, kills INT, deaths INT, event_seconds INT)',
          )
          .execute(databases.connections.game.db);
        expect((await checkGameSchema(databases.connections)).hasEventStats).toBe(false);
      } finally {
        await databases.drop();
      }
    });
  });
});
