import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/use-language';
import { Page } from '../../components/page';
import { Tabs } from '../../components/tabs';
import { STATISTICS_ROUTES } from '../../i18n/routes';
import { RankingTable } from './ranking-table';
import { RANKINGS, type StatisticsRoute } from './rankings';
import './statistics.css';

/** The tabs to the eleven statistics pages and the Online page, the current one marked. */
const StatisticsTabs = ({ active }: { active: StatisticsRoute }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <Tabs
      label={t('statistics.linksLabel')}
      active={active}
      links={[
        ...STATISTICS_ROUTES.map((id) => ({ id, to: href(id), label: t(`statistics.names.${id}`) })),
        { id: 'online', to: href('online'), label: t('online.tab') },
      ]}
    />
  );
};

const StatisticsPage = ({ id }: { id: StatisticsRoute }) => {
  const { t } = useTranslation();
  return (
    <Page title={t(`statistics.names.${id}`)}>
      <StatisticsTabs active={id} />
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
