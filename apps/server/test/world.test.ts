import { api } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { GameDatabase } from '../src/db/tables';
import { bossRows } from '../src/features/world/boss-answer';
import { BOSS_NAMES } from '../src/game/boss-names';
import type { FlavorName } from '../src/game/flavors';
import type { DatabaseKind } from './databases';
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
const RAID = [
  { boss_id: 25001, respawn_time: NOW + 2 * HOUR }, // Greyclaw Kutus, dead
  { boss_id: 25146, respawn_time: 0 }, // Serpent Demon Bifrons, alive
  { boss_id: 31999, respawn_time: NOW + HOUR }, // a custom pack's boss the names table does not know
];

const addBosses = async (game: Kysely<GameDatabase>) => {
  // The suite's own bosses instead of the demo world's.
  await game.deleteFrom('grandboss_data').execute();
  await game.deleteFrom('raidboss_spawnlist').execute();
  const place = { loc_x: 1, loc_y: 2, loc_z: 3, heading: 0 };
  await game
    .insertInto('grandboss_data')
    .values(GRAND.map((row) => ({ ...row, ...place, currentHP: 0, currentMP: 0, status: 3 })))
    .execute();
  await game
    .insertInto('raidboss_spawnlist')
    .values(RAID.map((row) => ({ ...row, ...place, currentHp: null, currentMp: null })))
    .execute();
};

describe.each(FLAVOR_KINDS)('bosses on %s tables in %s', (flavor: FlavorName, kind: DatabaseKind) => {
  const site = useSite(kind, {
    databases: { flavor },
    prepare: (databases) => addBosses(databases.connections.game.db),
    app: { now: () => NOW, settings: { world: { bossRespawn: 'exact' } } },
  });

  it('answers getbosses with grand bosses then raid bosses by name, alive or dead, and the scheduled moment', async () => {
    const response = await fetch(`${site.url}${api.getBosses.path}`);
    expect(response.status).toBe(200);
    const rows = api.getBosses.response.parse(await response.json());
    expect(rows).toEqual([
      { id: 29019, name: 'Antharas', kind: 'grand', alive: true },
      { id: 29001, name: 'Queen Ant', kind: 'grand', alive: true },
      { id: 29028, name: 'Valakas', kind: 'grand', alive: false, respawnAt: NOW + 30 * HOUR },
      { id: 31999, name: '#31999', kind: 'raid', alive: false, respawnAt: NOW + HOUR },
      { id: 25001, name: 'Greyclaw Kutus', kind: 'raid', alive: false, respawnAt: NOW + 2 * HOUR },
      { id: 25146, name: 'Serpent Demon Bifrons', kind: 'raid', alive: true },
    ]);
  });
});

describe('what a dead boss tells (world.bossRespawn)', () => {
  const bosses = [
    { id: 29028, name: 'Valakas', kind: 'grand' as const, respawnTime: NOW + 13 * HOUR },
    { id: 29019, name: 'Antharas', kind: 'grand' as const, respawnTime: 0 },
  ];

  it('tells only alive or dead by default (status)', () => {
    expect(bossRows(bosses, 'status', NOW)).toEqual([
      { id: 29019, name: 'Antharas', kind: 'grand', alive: true },
      { id: 29028, name: 'Valakas', kind: 'grand', alive: false },
    ]);
  });

  it('tells the UTC day of the return with day, never the hour', () => {
    expect(bossRows(bosses, 'day', NOW)[1]).toEqual({
      id: 29028,
      name: 'Valakas',
      kind: 'grand',
      alive: false,
      respawnDay: '2026-11-27',
    });
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
