import { api } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { GameDatabase } from '../src/db/tables';
import { bossRows } from '../src/features/world/boss-answer';
import { BOSS_NAMES } from '../src/game/boss-names';
import { type BossState, readBosses } from '../src/game/bosses';
import { FLAVORS, type FlavorName } from '../src/game/flavors';
import { type DatabaseKind, createTestDatabases } from './databases';
import { FLAVOR_KINDS } from './support/flavored-world';
import { useSite } from './support/use-site';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const HOUR = 3_600_000;

/** Bosses alive (0), dead (a time to come), and due (a time past: the game spawns it now). */
const GRAND = [
  { boss_id: 29019, respawn_time: 0 }, // Antharas, alive
  { boss_id: 29028, respawn_time: NOW + 30 * HOUR }, // Valakas, dead
  { boss_id: 29001, respawn_time: NOW - HOUR }, // Queen Ant, due
];

/**
 * Raid bosses with their respawn delays, each in its flavour's own columns and unit (seconds on
 * L2J, hours on aCis; docs/game/world.md): the same delays, the numbers the emulators ship.
 */
const RAID = [
  // Greyclaw Kutus, dead: 36 hours, give or take 24.
  { boss_id: 25001, respawn_time: NOW + 2 * HOUR, l2j: [129_600, 86_400], acis: [36, 24] },
  // Eilhalder von Hellmann, dead: 3 hours, give or take 1.
  { boss_id: 25328, respawn_time: NOW + 3 * HOUR, l2j: [10_800, 3_600], acis: [3, 1] },
  // Benom, dead, with no delay: L2J never spawns it again by itself; aCis spawns it at once.
  { boss_id: 29054, respawn_time: NOW + 4 * HOUR, l2j: [0, 0], acis: [0, 0] },
  // Giant Marpanak, dead: 6 hours give or take 6; L2J waits at least 10 seconds.
  { boss_id: 25162, respawn_time: NOW + 5 * HOUR, l2j: [21_600, 21_600], acis: [6, 6] },
  // Ketra's Commander Tayr, alive: level 80 on L2J Server's High Five, 84 on aCis's Interlude.
  { boss_id: 25302, respawn_time: 0, l2j: [129_600, 86_400], acis: [36, 24] },
  // A custom pack's boss neither names nor levels table knows.
  { boss_id: 31999, respawn_time: NOW + HOUR, l2j: [129_600, 86_400], acis: [36, 24] },
];

const addBosses = async (game: Kysely<GameDatabase>, flavor: FlavorName) => {
  // The suite's own bosses instead of the demo world's.
  await game.deleteFrom('grandboss_data').execute();
  await game.deleteFrom('raidboss_spawnlist').execute();
  const place = { loc_x: 1, loc_y: 2, loc_z: 3, heading: 0 };
  const { base, random } = FLAVORS[flavor].raidRespawn;
  await game
    .insertInto('grandboss_data')
    .values(GRAND.map((row) => ({ ...row, ...place, currentHP: 0, currentMP: 0, status: 3 })))
    .execute();
  await game
    .insertInto('raidboss_spawnlist')
    .values(
      RAID.map(({ boss_id, respawn_time, [flavor]: delays }) => ({
        boss_id,
        respawn_time,
        [base]: delays[0],
        [random]: delays[1],
        ...place,
        currentHp: null,
        currentMp: null,
      })),
    )
    .execute();
};

const hours = (min: number, max: number) => ({ minMs: min * HOUR, maxMs: max * HOUR });

describe.each(FLAVOR_KINDS)('bosses on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const site = useSite(kind, {
    databases: { flavor },
    prepare: (databases) => addBosses(databases.connections.game.db, flavor),
    app: { now: () => NOW, settings: { world: { bossRespawn: 'exact' } } },
  });

  it('answers getbosses with grand bosses then raid bosses by name: level, alive or dead, respawn delays and moment', async () => {
    const response = await fetch(`${site.url}${api.getBosses.path}`);
    expect(response.status).toBe(200);
    const rows = api.getBosses.response.parse(await response.json());
    const l2j = flavor === 'l2j';
    expect(rows).toEqual([
      { id: 29019, name: 'Antharas', kind: 'grand', level: 79, alive: true },
      { id: 29001, name: 'Queen Ant', kind: 'grand', level: 40, alive: true },
      // grandboss_data keeps no delays: only the moment the game scheduled.
      { id: 29028, name: 'Valakas', kind: 'grand', level: 85, alive: false, respawnAt: NOW + 30 * HOUR },
      {
        id: 31999,
        name: '#31999',
        kind: 'raid',
        level: null,
        alive: false,
        respawnDelay: hours(12, 60),
        respawnAt: NOW + HOUR,
      },
      {
        id: 29054,
        name: 'Benom',
        kind: 'raid',
        level: 75,
        alive: false,
        ...(l2j ? {} : { respawnDelay: hours(0, 0) }),
        respawnAt: NOW + 4 * HOUR,
      },
      {
        id: 25328,
        name: 'Eilhalder Von Hellmann',
        kind: 'raid',
        level: 71,
        alive: false,
        respawnDelay: hours(2, 4),
        respawnAt: NOW + 3 * HOUR,
      },
      {
        id: 25162,
        name: 'Giant Marpanak',
        kind: 'raid',
        level: 60,
        alive: false,
        respawnDelay: { minMs: l2j ? 10_000 : 0, maxMs: 12 * HOUR },
        respawnAt: NOW + 5 * HOUR,
      },
      {
        id: 25001,
        name: 'Greyclaw Kutus',
        kind: 'raid',
        level: 23,
        alive: false,
        respawnDelay: hours(12, 60),
        respawnAt: NOW + 2 * HOUR,
      },
      { id: 25302, name: "Ketra's Commander Tayr", kind: 'raid', level: l2j ? 80 : 84, alive: true },
    ]);
  });
});

describe("a site on a raidboss_spawnlist without its flavour's delay columns", () => {
  it('reads the bosses all the same, with no respawn delays', async () => {
    const databases = await createTestDatabases('sqlite');
    try {
      const game = databases.connections.game.db;
      await addBosses(game, 'l2j');
      const bosses = await readBosses(game, { flavor: FLAVORS.l2j, hasRaidRespawnDelays: false });
      expect(bosses.find((boss) => boss.id === 25001)).toEqual({
        id: 25001,
        name: 'Greyclaw Kutus',
        kind: 'raid',
        level: 23,
        respawnTime: NOW + 2 * HOUR,
        respawnDelay: null,
      });
    } finally {
      await databases.drop();
    }
  });
});

describe('what a dead boss tells (world.bossRespawn)', () => {
  const bosses: BossState[] = [
    { id: 29028, name: 'Valakas', kind: 'grand', level: 85, respawnTime: NOW + 13 * HOUR, respawnDelay: null },
    { id: 29019, name: 'Antharas', kind: 'grand', level: 79, respawnTime: 0, respawnDelay: null },
    {
      id: 25001,
      name: 'Greyclaw Kutus',
      kind: 'raid',
      level: 23,
      respawnTime: NOW + HOUR,
      respawnDelay: hours(12, 60),
    },
    { id: 25146, name: 'Serpent Demon Bifrons', kind: 'raid', level: 21, respawnTime: 0, respawnDelay: hours(12, 60) },
  ];

  it('tells by default (status) alive or dead, and of a dead raid boss the delays the game draws its return from', () => {
    expect(bossRows(bosses, 'status', NOW)).toEqual([
      { id: 29019, name: 'Antharas', kind: 'grand', level: 79, alive: true },
      { id: 29028, name: 'Valakas', kind: 'grand', level: 85, alive: false },
      { id: 25001, name: 'Greyclaw Kutus', kind: 'raid', level: 23, alive: false, respawnDelay: hours(12, 60) },
      // Alive: its delays tell nothing yet.
      { id: 25146, name: 'Serpent Demon Bifrons', kind: 'raid', level: 21, alive: true },
    ]);
  });

  it('tells the UTC day of the return with day, never the hour', () => {
    expect(bossRows(bosses, 'day', NOW)[1]).toEqual({
      id: 29028,
      name: 'Valakas',
      kind: 'grand',
      level: 85,
      alive: false,
      respawnDay: '2026-11-27',
    });
  });

  it('gives a row an older instance shared without level nor delays a null level', () => {
    const old = { id: 29028, name: 'Valakas', kind: 'grand', respawnTime: 0 } as unknown as BossState;
    expect(bossRows([old], 'status', NOW)).toEqual([
      { id: 29028, name: 'Valakas', kind: 'grand', level: null, alive: true },
    ]);
  });

  it('counts a boss alive from the moment its respawn time comes', () => {
    expect(bossRows(bosses, 'exact', NOW + 13 * HOUR)[1]).toMatchObject({ name: 'Valakas', alive: true });
    expect(bossRows(bosses, 'exact', NOW + 13 * HOUR - 1)[1]).toMatchObject({ name: 'Valakas', alive: false });
  });

  it('names the grand bosses of both chronicles', () => {
    expect([BOSS_NAMES[29019], BOSS_NAMES[29020], BOSS_NAMES[29022], BOSS_NAMES[29118]]).toEqual([
      'Antharas',
      'Baium',
      'Zaken',
      'Beleth',
    ]);
  });
});
