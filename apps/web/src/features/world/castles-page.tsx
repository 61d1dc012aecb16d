import type { CastleRow } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { ClanLink } from '../../components/clan-link';
import { useGameNames } from '../../shared/game-names';
import { useFormats } from '../../shared/formats';
import { WorldPage } from './world-page';
import './world.css';
import './castles.css';

const ClanList = ({ clans }: { clans: readonly string[] }) => {
  const { t } = useTranslation();
  if (clans.length === 0) return <span className="castle__muted">{t('world.castles.noneRegistered')}</span>;
  return (
    <ul className="castle__clans">
      {clans.map((clan) => (
        <li key={clan}>
          <ClanLink name={clan} />
        </li>
      ))}
    </ul>
  );
};

const CastleCard = ({ castle }: { castle: CastleRow }) => {
  const { t } = useTranslation();
  const format = useFormats();
  const castleName = useGameNames('castles');
  const titleId = `castle-${castle.id}`;
  const siege =
    castle.siegeAt === null
      ? t('world.castles.noSiege')
      : t(castle.siegeUnderway ? 'world.castles.siegeUnderway' : 'world.castles.siegeAt', {
          moment: format.dateTime(castle.siegeAt, 'weekday'),
          zone: format.zoneName(castle.siegeAt),
        });
  return (
    <article className="castle" aria-labelledby={titleId} data-owned={castle.owner !== null}>
      <h3 className="castle__name" id={titleId}>
        {castleName(castle.id, castle.name)}
      </h3>
      <dl className="castle__facts">
        <div>
          <dt>{t('world.castles.owner')}</dt>
          <dd>
            {castle.owner ? (
              <ClanLink name={castle.owner.clan} />
            ) : (
              <span className="castle__muted">{t('world.castles.noOwner')}</span>
            )}
          </dd>
        </div>
        {castle.owner && (
          <div>
            <dt>{t('world.castles.alliance')}</dt>
            <dd>{castle.owner.alliance || <span className="castle__muted">{t('world.castles.noAlliance')}</span>}</dd>
          </div>
        )}
        <div>
          <dt>{t('world.castles.tax')}</dt>
          <dd>{format.percent(castle.taxPercent / 100)}</dd>
        </div>
        {castle.treasury !== undefined && (
          <div>
            <dt>{t('world.castles.treasury')}</dt>
            <dd>{t('world.castles.adena', { amount: format.number(castle.treasury) })}</dd>
          </div>
        )}
        <div>
          <dt>{t('world.castles.nextSiege')}</dt>
          <dd className={castle.siegeUnderway ? 'castle__underway' : undefined}>{siege}</dd>
        </div>
        <div>
          <dt>{t('world.castles.attackers')}</dt>
          <dd>
            <ClanList clans={castle.attackers} />
          </dd>
        </div>
        <div>
          <dt>{t('world.castles.defenders')}</dt>
          <dd>
            <ClanList clans={castle.defenders} />
          </dd>
        </div>
      </dl>
    </article>
  );
};

/** Each castle's owner, tax, next siege and the clans registered for it (docs/product.md#castles). */
export const CastlesPage = () => {
  const { t } = useTranslation();
  return (
    <WorldPage
      route="worldCastles"
      call="getCastles"
      isEmpty={(castles) => castles.length === 0}
      emptyText={t('world.castles.none')}
    >
      {(castles) => (
        <div className="castles">
          {castles.map((castle) => (
            <CastleCard key={castle.id} castle={castle} />
          ))}
        </div>
      )}
    </WorldPage>
  );
};

export default CastlesPage;
