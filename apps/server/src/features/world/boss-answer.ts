import type { BossRespawnDetail, BossRow } from '@gatekeeper/contract';
import type { BossState } from '../../game/bosses';

/**
 * A boss as the page shows it (docs/product.md#bosses): alive when its respawn time is not in the
 * future (0 while it lives; a time already past means the game spawns it now or at its next start),
 * and of a dead boss only as much of its return as the owner's setting allows.
 */
export const bossRow = (boss: BossState, detail: BossRespawnDetail, now: number): BossRow => {
  const alive = boss.respawnTime <= now;
  const row: BossRow = { id: boss.id, name: boss.name, kind: boss.kind, alive };
  if (alive || detail === 'status') return row;
  if (detail === 'day') return { ...row, respawnDay: new Date(boss.respawnTime).toISOString().slice(0, 10) };
  return { ...row, respawnAt: boss.respawnTime };
};

/** Grand bosses first, then raid bosses, each by name. */
export const bossRows = (bosses: readonly BossState[], detail: BossRespawnDetail, now: number): BossRow[] =>
  bosses
    .map((boss) => bossRow(boss, detail, now))
    .sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name, 'en') || a.id - b.id : a.kind === 'grand' ? -1 : 1,
    );
