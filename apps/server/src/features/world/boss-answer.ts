import type { BossRespawnDetail, BossRow } from '@gatekeeper/contract';
import type { BossState } from '../../game/bosses';

/**
 * A boss as the page shows it (docs/product.md#bosses): its level, alive when its respawn time is
 * not in the future (0 while it lives; a time already past means the game spawns it now or at its
 * next start), and of a dead boss its respawn delays where the game keeps them, and only as much
 * of its scheduled return as the owner's setting allows.
 */
export const bossRow = (boss: BossState, detail: BossRespawnDetail, now: number): BossRow => {
  const alive = boss.respawnTime <= now;
  // Rows shared by an instance of an older version carry no level nor delays.
  const row: BossRow = { id: boss.id, name: boss.name, kind: boss.kind, level: boss.level ?? null, alive };
  if (alive) return row;
  const dead = boss.respawnDelay ? { ...row, respawnDelay: boss.respawnDelay } : row;
  if (detail === 'status') return dead;
  if (detail === 'day') return { ...dead, respawnDay: new Date(boss.respawnTime).toISOString().slice(0, 10) };
  return { ...dead, respawnAt: boss.respawnTime };
};

/** Grand bosses first, then raid bosses, each by name. */
export const bossRows = (bosses: readonly BossState[], detail: BossRespawnDetail, now: number): BossRow[] =>
  bosses
    .map((boss) => bossRow(boss, detail, now))
    .sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name, 'en') || a.id - b.id : a.kind === 'grand' ? -1 : 1,
    );
