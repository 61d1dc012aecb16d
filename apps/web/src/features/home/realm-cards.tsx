import { DEFAULT_METADATA_TEXT, type RealmFacts, type RealmStatus } from '@gatekeeper/contract/lite';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/formats';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { Rates } from './home-hero';
import { formatOpeningDate } from './opening-date';

const RealmCard = ({ realm, status }: { realm: RealmFacts; status: RealmStatus | undefined }) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const online = status?.gameStatus.type === 'online';
  const players = online ? (status?.playersOnline ?? null) : null;
  const headingId = `realm-${realm.slug}`;
  return (
    <li className="realm-card">
      <h4 id={headingId} className="realm-card__name">
        {realm.name}
      </h4>
      <p className="realm-card__status" data-status={online ? 'online' : 'offline'}>
        <span className={`status-lights__dot status-lights__dot--${online ? 'green' : 'red'}`} aria-hidden="true" />
        {t('status.game')}: <strong>{t(online ? 'status.online' : 'status.offline')}</strong>
        {players !== null && (
          <span className="realm-card__players">
            {t('status.playersOnline', { count: players, players: formatNumber(players, language) })}
          </span>
        )}
      </p>
      <dl className="realm-card__facts">
        <div>
          <dt>{t('shellFacts.chronicle')}</dt>
          <dd>{realm.chronicle}</dd>
        </div>
        <div>
          <dt>{t('home.realmOpeningDate')}</dt>
          <dd>{formatOpeningDate(realm.openingDate, language, DEFAULT_METADATA_TEXT)}</dd>
        </div>
      </dl>
      <Rates rates={realm.rates} />
    </li>
  );
};

/**
 * One card per game server (decision 049): name, its game server's light and players, chronicle,
 * opening date and rates. Nothing on a site of one game server: the page is as it always was.
 */
export const RealmCards = () => {
  const { t } = useTranslation();
  const { metadata, status } = useSiteData();
  const realms = metadata?.realms ?? [];
  if (realms.length < 2) return null;
  return (
    <section className="home__section home__realms" aria-labelledby="realms-heading">
      <h3 id="realms-heading" className="home__section-title">
        {t('home.realmsHeading')}
      </h3>
      <ul className="realm-cards">
        {realms.map((realm) => (
          <RealmCard
            key={realm.slug}
            realm={realm}
            status={status.realms?.find((entry) => entry.slug === realm.slug)}
          />
        ))}
      </ul>
    </section>
  );
};
