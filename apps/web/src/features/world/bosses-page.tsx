import type { BossRow } from '@gatekeeper/contract/lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../shared/formats';
import { useGameNames } from '../../shared/game-names';
import { WorldPage } from './world-page';
import './world.css';

/** When a dead boss comes back, as precisely as the owner lets the site tell (docs/product.md#bosses). */
const useRespawnText = () => {
  const format = useFormats();
  const { t } = useTranslation();
  return useMemo(
    () =>
      (boss: BossRow): string => {
        if (boss.respawnAt !== undefined)
          return t('world.bosses.respawnAt', {
            moment: format.dateTime(boss.respawnAt),
            zone: format.zoneName(boss.respawnAt),
          });
        if (boss.respawnDay !== undefined) return t('world.bosses.respawnDay', { day: format.day(boss.respawnDay) });
        return '';
      },
    [format, t],
  );
};

/**
 * One kind's table. Both kinds have the same columns in the same order (boss, level, status), so
 * the eye finds a column in the same place in both.
 */
const BossTable = ({ kind, bosses }: { kind: BossRow['kind']; bosses: readonly BossRow[] }) => {
  const { t } = useTranslation();
  const format = useFormats();
  const respawnText = useRespawnText();
  const bossName = useGameNames('bosses');
  // By name in the page's language: the answer's order is by the English names.
  const rows = useMemo(
    () =>
      bosses
        .filter((boss) => boss.kind === kind)
        .map((boss) => ({ ...boss, name: bossName(boss.id, boss.name) }))
        .sort((a, b) => a.name.localeCompare(b.name, format.locale) || a.id - b.id),
    [bosses, kind, bossName, format],
  );
  if (rows.length === 0) return null;
  return (
    <section className="world-section" aria-labelledby={`bosses-${kind}`}>
      <h3 className="world-section__title" id={`bosses-${kind}`}>
        {t(`world.bosses.${kind}`)}
      </h3>
      <table className="world-table boss-table">
        <thead>
          <tr>
            <th scope="col">{t('world.bosses.boss')}</th>
            <th scope="col" className="boss-table__level">
              {t('world.bosses.level')}
            </th>
            <th scope="col">{t('world.bosses.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((boss) => (
            <tr key={boss.id} data-alive={boss.alive}>
              <th scope="row">{boss.name}</th>
              <td className="boss-table__level">
                {boss.level === null ? t('world.bosses.levelUnknown') : format.number(boss.level)}
              </td>
              <td>
                <span className={`boss-status boss-status--${boss.alive ? 'alive' : 'dead'}`}>
                  {t(boss.alive ? 'world.bosses.alive' : 'world.bosses.dead')}
                </span>
                {!boss.alive && boss.respawnDelay && (
                  <span className="boss-status__respawn">
                    {t('world.bosses.respawnWindow', {
                      window: format.hoursRange(boss.respawnDelay.minMs, boss.respawnDelay.maxMs),
                    })}
                  </span>
                )}
                {!boss.alive && respawnText(boss) && <span className="boss-status__respawn">{respawnText(boss)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
};

/** The grand and raid bosses: level, alive or dead, and when a dead one returns (docs/product.md#bosses). */
export const BossesPage = () => {
  const { t } = useTranslation();
  return (
    <WorldPage
      route="worldBosses"
      call="getBosses"
      isEmpty={(bosses) => bosses.length === 0}
      emptyText={t('world.bosses.none')}
    >
      {(bosses) => (
        <>
          <BossTable kind="grand" bosses={bosses} />
          <BossTable kind="raid" bosses={bosses} />
        </>
      )}
    </WorldPage>
  );
};

export default BossesPage;
