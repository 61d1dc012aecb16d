import type { Kysely } from 'kysely';
import type { GameDatabase } from '../db/tables';
import { bossName } from './boss-names';

export interface BossState {
  id: number;
  name: string;
  kind: 'grand' | 'raid';
  /** Epoch ms the game spawns the boss again; 0 while it lives. */
  respawnTime: number;
}

/**
 * Every grand boss and raid boss with its respawn time (docs/game/world.md). Both tables keep
 * `respawn_time` as the epoch ms of the next spawn on both flavours; `status` means different
 * things per boss and per emulator, so the page never reads it. Two small reads by primary key
 * order: a few hundred rows at most.
 */
export const readBosses = async (db: Kysely<GameDatabase>): Promise<BossState[]> => {
  const grand = await db.selectFrom('grandboss_data').select(['boss_id', 'respawn_time']).orderBy('boss_id').execute();
  const raid = await db
    .selectFrom('raidboss_spawnlist')
    .select(['boss_id', 'respawn_time'])
    .orderBy('boss_id')
    .execute();
  const state = (kind: BossState['kind']) => (row: { boss_id: number; respawn_time: number }) => {
    const id = Number(row.boss_id);
    return { id, name: bossName(id), kind, respawnTime: Number(row.respawn_time) };
  };
  return [...grand.map(state('grand')), ...raid.map(state('raid'))];
};
