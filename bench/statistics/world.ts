// A big server's game world for `npm run bench`: 100,000 characters on 40,000 accounts, with
// GMs, banned accounts, characters pending deletion, clans, heroes, event statistics, the
// bosses (a dozen grand bosses, 400 raid bosses, some dead), Olympiad nobles and nine castles with
// their sieges' registrations, in the L2J tables the site reads. Deterministic, so two runs time the same data.
import { CLASS_IDS } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { GameDatabase, LoginDatabase } from '../../apps/server/src/db/tables';
import { type CharacterRow, characterRow } from '../../apps/server/src/game/character-row';
import { seededRandom } from '../../apps/server/src/game/demo-seed';

export const WORLD_SIZE = {
  characters: 100_000,
  accounts: 40_000,
  clans: 3_000,
  grandBosses: 12,
  raidBosses: 400,
  castles: 9,
} as const;

const insertChunked = async <T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
};

export const generateWorld = async (login: Kysely<LoginDatabase>, game: Kysely<GameDatabase>): Promise<void> => {
  const random = seededRandom(100_000);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  /** Most players have little, a few have a lot: as rankings look on a live server. */
  const skewed = (max: number) => Math.floor(max * random() ** 3);
  const now = Date.UTC(2026, 10, 22);

  const accounts = Array.from({ length: WORLD_SIZE.accounts }, (_, i) => ({
    login: `bench${i}`,
    password: 'W6ph5Mm5Pz8GgiULbPgzG37mj9g=',
    email: `bench${i}@example.com`,
    accessLevel: i % 100 === 99 ? -1 : i % 5000 === 7 ? 100 : 0,
    lastactive: now,
  }));
  await insertChunked(accounts, 2_000, (chunk) => login.insertInto('accounts').values(chunk).execute());
  const temporaryBans = Array.from({ length: 50 }, (_, i) => ({
    account_name: `bench${i * 7 + 3}`,
    var: 'ban_temp',
    value: String(i % 2 === 0 ? now + 86_400_000 : now - 86_400_000),
  }));
  await login.insertInto('account_data').values(temporaryBans).execute();

  const clanIds = Array.from({ length: WORLD_SIZE.clans }, (_, i) => 300_000_000 + i);
  const characters: CharacterRow[] = Array.from({ length: WORLD_SIZE.characters }, (_, i) => {
    const classId = CLASS_IDS[int(0, CLASS_IDS.length - 1)] ?? 0;
    return characterRow({
      charId: 268_480_000 + i,
      account_name: `bench${int(0, WORLD_SIZE.accounts - 1)}`,
      char_name: `Bench${i.toString(36)}`,
      level: int(1, 85),
      x: 83400,
      y: 147943,
      z: -3404,
      pvpkills: skewed(20_000),
      pkkills: skewed(2_000),
      clanid: random() < 0.55 ? (clanIds[int(0, clanIds.length - 1)] ?? 0) : 0,
      classid: classId,
      base_class: classId,
      sex: int(0, 1),
      accesslevel: i % 10_000 === 5 ? 100 : 0,
      online: random() < 0.05 ? 1 : 0,
      onlinetime: int(600, 20_000_000),
      lastAccess: now - int(0, 90 * 86_400_000),
      deletetime: random() < 0.01 ? now + 7 * 86_400_000 : 0,
    });
  });
  await insertChunked(characters, 2_000, (chunk) => game.insertInto('characters').values(chunk).execute());

  const clans = clanIds.map((clanId, i) => ({
    clan_id: clanId,
    clan_name: `BenchClan${i}`,
    clan_level: int(0, 11),
    reputation_score: skewed(500_000),
    leader_id: 268_480_000 + int(0, WORLD_SIZE.characters - 1),
    ally_name: null,
  }));
  await insertChunked(clans, 2_000, (chunk) => game.insertInto('clan_data').values(chunk).execute());

  const heroes = Array.from({ length: 400 }, (_, i) => ({
    charId: 268_480_000 + i * 241,
    class_id: 88 + (i % 31),
    count: int(1, 20),
    played: i < 31 ? 1 : 0,
    claimed: 'true' as const,
    message: '',
  }));
  await game.insertInto('heroes').values(heroes).execute();

  const eventStats = characters
    .filter(() => random() < 0.7)
    .map((character) => {
      const kills = skewed(30_000);
      return {
        char_id: character.charId,
        kills,
        deaths: skewed(30_000),
        assists: skewed(20_000),
        score: kills * 3 + skewed(10_000),
        event_seconds: skewed(1_000) * 360,
        updated_at: now,
      };
    });
  await insertChunked(eventStats, 4_000, (chunk) => game.insertInto('event_stats').values(chunk).execute());

  // The World pages' bosses: a third dead, back within three days.
  const respawn = () => (random() < 1 / 3 ? now + int(1, 72) * 3_600_000 : 0);
  const grand = Array.from({ length: WORLD_SIZE.grandBosses }, (_, i) => ({
    boss_id: 29_001 + i,
    loc_x: 0,
    loc_y: 0,
    loc_z: 0,
    heading: 0,
    respawn_time: respawn(),
    currentHP: 1_000_000,
    currentMP: 10_000,
    status: 0,
  }));
  await game.insertInto('grandboss_data').values(grand).execute();
  const raid = Array.from({ length: WORLD_SIZE.raidBosses }, (_, i) => ({
    boss_id: 25_001 + i,
    loc_x: 0,
    loc_y: 0,
    loc_z: 0,
    heading: 0,
    respawn_time: respawn(),
    currentHp: 100_000,
    currentMp: 10_000,
  }));
  await game.insertInto('raidboss_spawnlist').values(raid).execute();

  // The Olympiad: a third of the third-class characters of level 76 and up are nobles, in a period
  // that ends in a week (the heroes are above).
  const nobles = characters
    .filter((character) => (character.classid ?? 0) >= 88 && (character.level ?? 0) >= 76 && random() < 1 / 3)
    .map((character) => {
      const done = int(0, 60);
      const won = int(0, done);
      return {
        charId: character.charId,
        class_id: character.classid ?? 0,
        olympiad_points: int(0, 300),
        competitions_done: done,
        competitions_won: won,
        competitions_lost: done - won,
        competitions_drawn: 0,
      };
    });
  await insertChunked(nobles, 2_000, (chunk) => game.insertInto('olympiad_nobles').values(chunk).execute());
  await game
    .insertInto('olympiad_data')
    .values({
      id: 0,
      current_cycle: 40,
      period: 0,
      olympiad_end: now + 7 * 86_400_000,
      validation_end: 0,
      next_weekly_change: now,
    })
    .execute();

  // The castles: nine, each held by a clan, each with twenty clans registered for its siege.
  await game
    .insertInto('castle')
    .values(
      Array.from({ length: WORLD_SIZE.castles }, (_, i) => ({
        id: i + 1,
        name: `BenchCastle${i + 1}`,
        taxPercent: int(0, 25),
        treasury: int(0, 2_000_000_000),
        siegeDate: now + int(1, 14) * 86_400_000,
      })),
    )
    .execute();
  for (let castle = 1; castle <= WORLD_SIZE.castles; castle++) {
    await game
      .updateTable('clan_data')
      .set({ hasCastle: castle })
      .where('clan_id', '=', clanIds[castle - 1]!)
      .execute();
  }
  await game
    .insertInto('siege_clans')
    .values(
      Array.from({ length: WORLD_SIZE.castles * 20 }, (_, i) => ({
        castle_id: (i % WORLD_SIZE.castles) + 1,
        clan_id: clanIds[WORLD_SIZE.castles + i]!,
        type: i % 3 === 0 ? 0 : 1,
        castle_owner: 0,
      })),
    )
    .execute();
};
