import { type Insertable, type Kysely, sql } from 'kysely';
import { dxt1Dds } from './dds-writer';
import { INTERLUDE_CLASS_IDS, INTERLUDE_MAX_CLAN_LEVEL } from '@gatekeeper/contract';
import { type CharacterRow, characterRow, inFlavor, keyed } from './character-row';
import type { GameFlavor } from './flavors';
import { BCRYPT_COST, l2jPasswordHash } from './password-hash';
import bcrypt from 'bcryptjs';
import type { GameDatabase, LoginDatabase } from '../db/tables';

/**
 * A deterministic demo world for the embedded database: the same rows on every machine, so the
 * README's demo accounts and the tests can rely on them. It is an Interlude world, the chronicle
 * the default settings name (`server.chronicle`): no Kamael class, clan levels up to 8.
 */

export const DEMO_ACCOUNTS = [
  { login: 'demoplayer', password: 'Demo.Pass1', email: 'demoplayer@example.com', accessLevel: 0 },
  { login: 'demotrader', password: 'Trade.Pass2', email: 'demotrader@example.com', accessLevel: 0 },
  { login: 'demogamemaster', password: 'Master.Pass3', email: 'gm@example.com', accessLevel: 100 },
  { login: 'demobanned', password: 'Banned.Pass4', email: 'banned@example.com', accessLevel: -1 },
] as const;

/** Characters of the demo accounts, by name, so a visitor can try every account tool. */
export const DEMO_CHARACTERS = [
  { account: 'demoplayer', name: 'DemoKnight', classid: 90, level: 78, online: 0, clan: 1 },
  { account: 'demoplayer', name: 'DemoArcher', classid: 92, level: 80, online: 1, clan: 1 },
  { account: 'demotrader', name: 'DemoTrader', classid: 117, level: 76, online: 2, clan: 0 },
  { account: 'demogamemaster', name: 'GameMaster', classid: 0, level: 85, online: 1, clan: 0 },
  { account: 'demobanned', name: 'BannedOne', classid: 93, level: 79, online: 0, clan: 0 },
] as const;

/** The demo crests' first id (crest ids come from the game's id factory, like object ids). */
const DEMO_CREST_ID = 268_470_001;
const RED = 0xf800;
const GOLD = 0xfe60;
const BLUE = 0x001f;
const WHITE = 0xffff;
const GREEN = 0x0400;
/** Three 16×16 DXT1 crests (docs/game/crests.md): bands, a checker, a cross, with transparent corners. */
const DEMO_CRESTS = [
  dxt1Dds(16, 16, (x, y) => ((x < 2 || x > 13) && (y < 2 || y > 13) ? null : Math.floor(y / 4) % 2 ? GOLD : BLUE)),
  dxt1Dds(16, 16, (x, y) => ((Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? RED : WHITE)),
  dxt1Dds(16, 16, (x, y) =>
    y > 13 && (x < 4 || x > 11) ? null : (x >= 6 && x <= 9) || (y >= 6 && y <= 9) ? WHITE : GREEN,
  ),
];

export const DEMO_WORLD_SIZE = { accounts: 900, characters: 3000, clans: 48 } as const;

/** mulberry32: a small seeded generator, so the world is the same on every run. */
export const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SYLLABLES = [
  'ka',
  'ra',
  'el',
  'dor',
  'mir',
  'than',
  'vel',
  'zan',
  'lo',
  'gri',
  'sha',
  'ur',
  'is',
  'mon',
  'bel',
  'tor',
  'ae',
  'lin',
  'dra',
  'kor',
];
const CLAN_WORDS = [
  'Dawn',
  'Raven',
  'Iron',
  'Silver',
  'Storm',
  'Shadow',
  'Crimson',
  'Eternal',
  'Wolf',
  'Blood',
  'Oath',
  'Ember',
  'Frost',
  'Gloom',
  'Aden',
  'Giran',
];
const CLAN_NOUNS = ['Guard', 'Legion', 'Order', 'Pact', 'Blades', 'Covenant', 'Hunters', 'Wardens', 'Crown', 'Circle'];

/** Third-class ids of Interlude: the ones that can be heroes. */
const HERO_CLASSES = INTERLUDE_CLASS_IDS.filter((id) => id >= 88);

/** The demo's bosses: grand bosses of both chronicles and raid bosses of every level band (boss-names.ts). */
const DEMO_GRAND_BOSSES = [29001, 29006, 29014, 29019, 29020, 29022, 29028] as const;
const DEMO_RAID_BOSSES = [25001, 25019, 25038, 25054, 25126, 25146, 25163, 25199, 25229, 25244, 25299, 25319] as const;

const chunked = async <T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
};

/**
 * A password as the flavour's login server stores it. aCis: jBCrypt's `$2a$`, cost 10 for the
 * demo accounts people type; the 900 filler accounts use cost 4 (still `$2a$`, which jBCrypt
 * reads), or seeding would take a minute.
 */
const demoHash = (flavor: GameFlavor, password: string, cost = BCRYPT_COST) =>
  flavor.passwordScheme === 'bcrypt'
    ? bcrypt.hashSync(password, bcrypt.genSaltSync(cost).replace(/^\$2b\$/, '$2a$'))
    : l2jPasswordHash(password);

/** The castles of both chronicles' castle.sql, by id. */
const DEMO_CASTLES = ['Gludio', 'Dion', 'Giran', 'Oren', 'Aden', 'Innadril', 'Goddard', 'Rune', 'Schuttgart'] as const;

/**
 * The demo castles (docs/game/castles.md): four held by clans (one in an alliance, one not), five
 * by no one; every siege on the next Saturday or Sunday at 20:00 UTC after the demo is made, so the
 * dates lie ahead; Gludio's siege with attackers, approved defenders and one defender still waiting
 * for approval (the page leaves it out), Dion's with attackers only. siege_clans.type in the
 * flavour's own form: L2J's ints (0 defender, 1 attacker, 2 waiting), aCis's SiegeSide names.
 */
const seedDemoCastles = async (
  trx: Kysely<GameDatabase>,
  flavor: GameFlavor,
  clans: readonly { clan_id: number; ally_name: string | null }[],
  madeAt: number,
): Promise<void> => {
  const day = 86_400_000;
  const midnight = Math.floor(madeAt / day) * day;
  const weekday = new Date(midnight).getUTCDay();
  const saturday = midnight + ((6 - weekday + 7) % 7 || 7) * day + 20 * 3_600_000;
  // Never the demo player's clan (clans[0]): it attacks Gludio.
  const allied = clans.find((clan, i) => i > 0 && clan.ally_name) ?? clans[1]!;
  const others = clans.filter((clan) => clan !== allied && clan !== clans[0]);
  const owners: Record<number, number> = {
    1: allied.clan_id,
    3: others[0]!.clan_id,
    5: others[1]!.clan_id,
    8: others[2]!.clan_id,
  };
  const taxes: Record<number, number> = { 1: 10, 3: 15, 5: 5, 8: 20 };
  await trx
    .insertInto('castle')
    .values(
      DEMO_CASTLES.map((name, i) => {
        const id = i + 1;
        return {
          id,
          name,
          taxPercent: taxes[id] ?? 0,
          treasury: owners[id] ? id * 1_234_567 : 0,
          siegeDate: saturday + (id > 5 ? day : 0),
        };
      }),
    )
    .execute();
  for (const [castle, clan] of Object.entries(owners)) {
    await trx
      .updateTable('clan_data')
      .set({ hasCastle: Number(castle) })
      .where('clan_id', '=', clan)
      .execute();
  }
  const side = (name: 'attacker' | 'defender' | 'waiting') =>
    flavor.name === 'acis'
      ? { attacker: 'ATTACKER', defender: 'DEFENDER', waiting: 'PENDING' }[name]
      : { attacker: 1, defender: 0, waiting: 2 }[name];
  const registrations = [
    // Gludio: the demo player's clan among the attackers.
    { castle: 1, clan: clans[0]!.clan_id, side: side('attacker') },
    { castle: 1, clan: others[3]!.clan_id, side: side('attacker') },
    { castle: 1, clan: others[4]!.clan_id, side: side('attacker') },
    { castle: 1, clan: others[5]!.clan_id, side: side('defender') },
    { castle: 1, clan: others[6]!.clan_id, side: side('defender') },
    { castle: 1, clan: others[7]!.clan_id, side: side('waiting') },
    // Dion, held by no clan: attackers against the castle's own guards.
    { castle: 2, clan: others[8]!.clan_id, side: side('attacker') },
    { castle: 2, clan: others[9]!.clan_id, side: side('attacker') },
    // Aden: one on each side.
    { castle: 5, clan: others[10]!.clan_id, side: side('attacker') },
    { castle: 5, clan: others[11]!.clan_id, side: side('defender') },
  ];
  await trx
    .insertInto('siege_clans')
    .values(
      registrations.map((row) => ({
        castle_id: row.castle,
        clan_id: row.clan,
        type: row.side,
        // L2J's Siege.java writes castle_owner 0 for every registration; aCis has no such column.
        ...(flavor.name === 'l2j' ? { castle_owner: 0 } : {}),
      })),
    )
    .execute();
};

/**
 * Fills the flavour's tables (game-tables.ts) with the demo world. Its rows are the same on every
 * run, dated from a fixed day, except the bosses' respawn times: those count from `clock` (the
 * moment the demo is made), so the dead bosses are still dead when the site first shows them.
 */
export const seedDemoWorld = async (
  login: Kysely<LoginDatabase>,
  game: Kysely<GameDatabase>,
  flavor: GameFlavor,
  clock: () => number = Date.now,
  /** Another seed makes another world (a demo realm after the first, decision 049). */
  seed = 20261122,
): Promise<void> => {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const now = Date.UTC(2026, 10, 1);

  const usedNames = new Set<string>(DEMO_CHARACTERS.map((c) => c.name.toLowerCase()));
  const makeName = (minParts: number) => {
    for (;;) {
      let name = '';
      const parts = minParts + int(0, 2);
      for (let i = 0; i < parts; i++) name += pick(SYLLABLES);
      name = name.charAt(0).toUpperCase() + name.slice(1);
      if (random() < 0.25) name += int(1, 99);
      if (name.length <= 16 && !usedNames.has(name.toLowerCase())) {
        usedNames.add(name.toLowerCase());
        return name;
      }
    }
  };

  const accounts = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, password: demoHash(flavor, a.password) })),
    ...Array.from({ length: DEMO_WORLD_SIZE.accounts }, (_, i) => ({
      login: `player${String(i + 1).padStart(4, '0')}`,
      password: demoHash(flavor, `Player.${i + 1}x`, 4),
      email: `player${i + 1}@example.com`,
      // A few banned accounts, so rankings have someone to leave out.
      accessLevel: i % 150 === 149 ? -1 : 0,
    })),
  ];
  await chunked(accounts, 500, (chunk) =>
    login
      .insertInto('accounts')
      .values(
        chunk.map((a) => ({
          login: a.login,
          password: a.password,
          ...(flavor.accounts.email === null ? {} : { [flavor.accounts.email]: a.email }),
          [flavor.accounts.accessLevel]: a.accessLevel,
          [flavor.accounts.lastActive]: now,
        })),
      )
      .execute(),
  );

  const clanNames = new Set<string>();
  while (clanNames.size < DEMO_WORLD_SIZE.clans) clanNames.add(`${pick(CLAN_WORDS)}${pick(CLAN_NOUNS)}`);
  const clans = [...clanNames].map((name, i) => ({
    clan_id: 268_000_000 + i + 1,
    clan_name: name,
    clan_level: int(1, INTERLUDE_MAX_CLAN_LEVEL),
    reputation_score: int(0, 60_000),
    leader_id: 0,
    ally_name: random() < 0.3 ? `${pick(CLAN_WORDS)} Alliance` : null,
    // The first clans wear the demo crests (L2J; aCis reads crests from the game server's folder).
    crest_id: flavor.name === 'l2j' && i < DEMO_CRESTS.length ? DEMO_CREST_ID + i : 0,
    // Castles are given by seedDemoCastles, one owner each.
    hasCastle: 0,
  }));

  const characters: CharacterRow[] = [];
  let nextCharId = 268_480_000;
  const addCharacter = (account: string, name: string, fields: Partial<CharacterRow>) => {
    const classid = fields.classid ?? pick(INTERLUDE_CLASS_IDS);
    characters.push(
      characterRow({
        charId: nextCharId++,
        account_name: account,
        char_name: name,
        level: int(1, 85),
        x: 83400 + int(-2000, 2000),
        y: 147943 + int(-2000, 2000),
        z: -3404,
        pvpkills: int(0, 400),
        pkkills: int(0, 40),
        clanid: random() < 0.55 ? pick(clans).clan_id : 0,
        classid,
        base_class: classid,
        sex: int(0, 1),
        online: random() < 0.08 ? 1 : 0,
        onlinetime: int(600, 2_000_000),
        lastAccess: now - int(0, 30 * 86_400_000),
        deletetime: random() < 0.01 ? now + 7 * 86_400_000 : 0,
        ...fields,
      }),
    );
  };

  for (const demo of DEMO_CHARACTERS) {
    addCharacter(demo.account, demo.name, {
      classid: demo.classid,
      base_class: demo.classid,
      level: demo.level,
      online: demo.online,
      clanid: demo.clan ? (clans[0]?.clan_id ?? 0) : 0,
      accesslevel: demo.account === 'demogamemaster' ? 100 : 0,
      deletetime: 0,
      x: -84318,
      y: 244579,
      z: -3730,
    });
  }
  const playerAccounts = accounts.slice(DEMO_ACCOUNTS.length);
  while (characters.length < DEMO_WORLD_SIZE.characters) {
    addCharacter(pick(playerAccounts).login, makeName(2), {});
  }
  for (const clan of clans) {
    clan.leader_id = characters.find((c) => c.clanid === clan.clan_id)?.charId ?? 0;
  }

  const heroes = HERO_CLASSES.map((classId) => {
    const candidates = characters.filter((c) => c.classid === classId && c.deletetime === 0 && c.accesslevel === 0);
    const hero = candidates[0];
    return (
      hero && {
        heroId: hero.charId,
        ...keyed(flavor.heroes.characterKey, hero.charId),
        class_id: classId,
        count: int(1, 6),
        played: 1,
        ...(flavor.name === 'acis' ? { active: 1 } : { claimed: 'true' as const }),
        message: '',
      }
    );
  }).filter((h) => h !== undefined);
  for (const hero of heroes) {
    const character = characters.find((c) => c.charId === hero.heroId);
    if (character) character.nobless = 1;
  }
  // The Olympiad (docs/product.md#olympiad): besides the heroes, about a third of the third-class
  // characters are nobles (some ten a class), with their own generator so that the rest of the
  // world stays as it was.
  const olympiadRandom = seededRandom(20261126);
  const olympiadInt = (min: number, max: number) => min + Math.floor(olympiadRandom() * (max - min + 1));
  for (const c of characters) {
    const thirdClass = HERO_CLASSES.includes(c.classid ?? -1);
    if (thirdClass && c.deletetime === 0 && olympiadRandom() < 0.35) c.nobless = 1;
  }
  const nobleStanding = () => {
    const won = olympiadInt(0, 30);
    const lost = olympiadInt(0, 25);
    const drawn = olympiadInt(0, 3);
    return {
      won,
      lost,
      drawn,
      done: won + lost + drawn,
      points: Math.max(0, 18 + won * 5 - lost * 3 + olympiadInt(0, 9)),
    };
  };

  const eventStats = characters
    .filter(() => random() < 0.6)
    .map((c) => {
      const kills = int(0, 500);
      return {
        char_id: c.charId,
        kills,
        deaths: int(0, 400),
        assists: int(0, 300),
        score: kills * 3 + int(0, 200),
        event_seconds: int(0, 200) * 60 * 6,
        updated_at: now,
      };
    });

  await game.transaction().execute(async (trx) => {
    await chunked(clans, 200, (chunk) => trx.insertInto('clan_data').values(chunk).execute());
    if (flavor.name === 'l2j') {
      await trx
        .insertInto('crests')
        .values(DEMO_CRESTS.map((crest, i) => ({ crest_id: DEMO_CREST_ID + i, data: crest, type: 1 })))
        .execute();
    }
    await chunked(characters, 200, (chunk) =>
      trx
        .insertInto('characters')
        .values(chunk.map((c) => inFlavor(flavor, c)))
        .execute(),
    );
    await chunked(heroes, 200, (chunk) =>
      trx
        .insertInto('heroes')
        // Typed as l2j names the key; the flavour's own is what is written.
        .values(chunk.map(({ heroId: _, ...row }) => row as Insertable<GameDatabase['heroes']>))
        .execute(),
    );
    await chunked(
      characters.filter((c) => c.nobless === 1),
      200,
      (chunk) =>
        trx
          .insertInto('olympiad_nobles')
          .values(
            chunk.map((c) => {
              const standing = nobleStanding();
              return {
                ...keyed(flavor.heroes.characterKey, c.charId),
                class_id: c.classid ?? 0,
                olympiad_points: standing.points,
                competitions_done: standing.done,
                competitions_won: standing.won,
                competitions_lost: standing.lost,
                competitions_drawn: standing.drawn,
              };
            }) as Insertable<GameDatabase['olympiad_nobles']>[],
          )
          .execute(),
    );
    await chunked(eventStats, 300, (chunk) => trx.insertInto('event_stats').values(chunk).execute());
    // Every other boss dead, back within two days (respawn_time: epoch ms of the next spawn; 0 alive).
    const madeAt = clock();
    const respawnTime = (i: number) => (i % 2 === 1 ? madeAt + int(1, 48) * 3_600_000 + int(0, 59) * 60_000 : 0);
    const place = { loc_x: 0, loc_y: 0, loc_z: 0, heading: 0 };
    await trx
      .insertInto('grandboss_data')
      .values(
        DEMO_GRAND_BOSSES.map((boss_id, i) => ({
          boss_id,
          ...place,
          respawn_time: respawnTime(i),
          currentHP: 0,
          currentMP: 0,
          status: 0,
        })),
      )
      .execute();
    await trx
      .insertInto('raidboss_spawnlist')
      .values(
        DEMO_RAID_BOSSES.map((boss_id, i) => ({
          boss_id,
          ...place,
          respawn_time: respawnTime(i + 1),
          currentHp: null,
          currentMp: null,
        })),
      )
      .execute();
    // The Olympiad's period: the twelfth, ending on the first of next month at noon UTC, as the
    // emulators schedule it (docs/game/olympiad.md).
    const madeOn = new Date(madeAt);
    await trx
      .insertInto('olympiad_data')
      .values({
        id: 0,
        current_cycle: 12,
        period: flavor.olympiadPeriod.competition,
        olympiad_end: Date.UTC(madeOn.getUTCFullYear(), madeOn.getUTCMonth() + 1, 1, 12),
        validation_end: 0,
        next_weekly_change: madeAt + 7 * 86_400_000,
      })
      .execute();
    await seedDemoCastles(trx, flavor, clans, madeAt);
    if (flavor.features.pincode) {
      await trx
        .insertInto('account_gsdata')
        .values({ account_name: 'demoplayer', var: 'secauth_pwd', value: l2jPasswordHash('123456') })
        .execute();
    }
  });
};

/** Whether an embedded game database has the game's tables yet (a realm's file made empty). */
export const hasEmbeddedGameTables = async (db: Kysely<GameDatabase>): Promise<boolean> => {
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name = 'characters'`.execute(db);
  return rows.length > 0;
};

/** Renames demo characters (another realm's demo world keeps the names unique across realms). */
export const renameDemoCharacters = async (
  db: Kysely<GameDatabase>,
  renames: Readonly<Record<string, string>>,
): Promise<void> => {
  for (const [from, to] of Object.entries(renames)) {
    await db.updateTable('characters').set({ char_name: to }).where('char_name', '=', from).execute();
  }
};
