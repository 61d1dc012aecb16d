import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { bossLevel } from './boss-levels';
import { bossName } from './boss-names';
import type { GameFlavor } from './flavors';
import type { GameSchema } from './schema-check';

/** How long after its death the game spawns a raid boss again: a draw between the two, in ms. */
export interface RespawnDelay {
  minMs: number;
  maxMs: number;
}

export interface BossState {
  id: number;
  name: string;
  kind: 'grand' | 'raid';
  /** The level in the flavour's NPC data; null for a boss it does not know. */
  level: number | null;
  /** Epoch ms the game spawns the boss again; 0 while it lives. */
  respawnTime: number;
  /**
   * A raid boss's respawn delays from raidboss_spawnlist; null for a grand boss (grandboss_data
   * keeps none: the delays are in the game's configuration), where the table lacks the columns,
   * and where the game never spawns the boss again by itself.
   */
  respawnDelay: RespawnDelay | null;
}

/** The delays of one raidboss_spawnlist row as the flavour's game computes them (docs/game/world.md). */
export const raidRespawnDelay = (
  rule: GameFlavor['raidRespawn'],
  base: number,
  random: number,
): RespawnDelay | null => {
  if (base === 0 && rule.baseZeroNever) return null;
  const at = (units: number) => Math.max(rule.shortestMs, units * rule.unitMs);
  return { minMs: at(base - random), maxMs: at(base + random) };
};

/**
 * Every grand boss and raid boss with its level, respawn time and, for a raid boss, its respawn
 * delays (docs/game/world.md). Both tables keep `respawn_time` as the epoch ms of the next spawn on
 * both flavours; `status` means different things per boss and per emulator, so the page never
 * reads it. Two small reads in primary key order: a few hundred rows at most.
 */
export const readBosses = async (
  db: Kysely<GameDatabase>,
  schema: Pick<GameSchema, 'flavor' | 'hasRaidRespawnDelays'>,
): Promise<BossState[]> => {
  const { flavor } = schema;
  const rule = flavor.raidRespawn;
  const grand = await db.selectFrom('grandboss_data').select(['boss_id', 'respawn_time']).orderBy('boss_id').execute();
  const raid: { boss_id: number; respawn_time: number; base?: number; random?: number }[] = schema.hasRaidRespawnDelays
    ? await db
        .selectFrom('raidboss_spawnlist')
        .select(['boss_id', 'respawn_time', `${rule.base} as base`, `${rule.random} as random`])
        .orderBy('boss_id')
        .execute()
    : await db.selectFrom('raidboss_spawnlist').select(['boss_id', 'respawn_time']).orderBy('boss_id').execute();
  const state = (kind: BossState['kind'], id: number, respawnTime: number, respawnDelay: RespawnDelay | null) => ({
    id,
    name: bossName(id),
    kind,
    level: bossLevel(flavor.name, id),
    respawnTime,
    respawnDelay,
  });
  return [
    ...grand.map((row) => state('grand', Number(row.boss_id), Number(row.respawn_time), null)),
    ...raid.map((row) =>
      state(
        'raid',
        Number(row.boss_id),
        Number(row.respawn_time),
        row.base === undefined ? null : raidRespawnDelay(rule, Number(row.base), Number(row.random ?? 0)),
      ),
    ),
  ];
};
