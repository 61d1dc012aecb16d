import { useTranslation } from 'react-i18next';
import { NavLink } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { Page } from '../../components/page';
import { STATISTICS_ROUTES } from '../../i18n/routes';
import { RankingTable } from './ranking-table';
import { RANKINGS, type StatisticsRoute } from './rankings';
import './statistics.css';

/** The link bar to the ten statistics pages, the current one marked. */
const StatisticsLinks = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <nav aria-label={t('statistics.linksLabel')} className="link-bar">
      <ul>
        {STATISTICS_ROUTES.map((id) => (
          <li key={id}>
            <NavLink to={href(id)} className="link-bar__link">
              {t(`statistics.names.${id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

const StatisticsPage = ({ id }: { id: StatisticsRoute }) => {
  const { t } = useTranslation();
  return (
    <Page title={t(`statistics.names.${id}`)}>
      <StatisticsLinks />
      <RankingTable id={id} ranking={RANKINGS[id]} />
    </Page>
  );
};

export const ReferralsStatistics = () => <StatisticsPage id="statisticsReferrals" />;
export const ScoreStatistics = () => <StatisticsPage id="statisticsScore" />;
export const AssistsStatistics = () => <StatisticsPage id="statisticsAssists" />;
export const KillsStatistics = () => <StatisticsPage id="statisticsKills" />;
export const DeathsStatistics = () => <StatisticsPage id="statisticsDeaths" />;
export const KdStatistics = () => <StatisticsPage id="statisticsKd" />;
export const EventTimeStatistics = () => <StatisticsPage id="statisticsEventTime" />;
export const ClansStatistics = () => <StatisticsPage id="statisticsClans" />;
export const HeroesStatistics = () => <StatisticsPage id="statisticsHeroes" />;
export const ClassesStatistics = () => <StatisticsPage id="statisticsClasses" />;
export const VotersStatistics = () => <StatisticsPage id="statisticsVoters" />;
