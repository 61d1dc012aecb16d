import { type OnlineHistory, type OnlinePlayers } from '@gatekeeper/contract/lite';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/use-call';
import { useRealm } from '../../shared/use-realm';
import { useSiteData } from '../../shared/site-data';
import { Page } from '../../components/page';
import { tabIndexAfterKey } from '../../components/tab-keys';
import { Tabs } from '../../components/tabs';
import '../../components/tabs.css';
import { useGameNames } from '../../shared/game-names';
import { STATISTICS_ROUTES } from '../../i18n/routes';
import { type Formats, useFormats } from '../../shared/formats';
import { useLanguage } from '../../shared/use-language';
import { OnlineChart, type OnlineChartLabels } from './online-chart';
import { PERIODS, type Period, formatMoment, formatTick, formatTime, summarize } from './online-summary';
import './online.css';

/** The statistics' tabs, with this page's at their end (docs/product.md#online). */
const StatisticsTabs = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <Tabs
      label={t('statistics.linksLabel')}
      active="online"
      links={[
        ...STATISTICS_ROUTES.map((id) => ({ id, to: href(id), label: t(`statistics.names.${id}`) })),
        { id: 'online', to: href('online'), label: t('online.tab') },
      ]}
    />
  );
};

/** Tabs shown in place (WAI-ARIA tabs): the arrows, Home and End move between periods. */
const PeriodTabs = ({ period, onChange }: { period: Period; onChange: (period: Period) => void }) => {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PERIODS.indexOf(period);
    const next = tabIndexAfterKey(event.key, index, PERIODS.length);
    if (next === undefined) return;
    event.preventDefault();
    onChange(PERIODS[next]!);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('online.periodsLabel')}
      className="tabs__list online-periods"
      onKeyDown={onKeyDown}
    >
      {PERIODS.map((id, index) => (
        <button
          key={id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`online-tab-${id}`}
          aria-controls="online-panel"
          aria-selected={id === period}
          tabIndex={id === period ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(id)}
        >
          {t(`online.periods.${id}`)}
        </button>
      ))}
    </div>
  );
};

/** An uptime given in percent (99.5), to two decimals. */
const percentOrNone = (value: number | null, none: string, format: Formats) =>
  value === null ? none : format.percent(value / 100, { max: 2 });

const HistoryPanel = ({ history, period }: { history: OnlineHistory | undefined; period: Period }) => {
  const { t } = useTranslation();
  const format = useFormats();
  const series = history?.[period];
  const rows = useMemo(() => (series ? summarize(period, series, format) : []), [series, period, format]);
  const labels = useMemo(
    (): OnlineChartLabels => ({
      players: t('online.players'),
      traders: t('online.traders'),
      time: t('online.time'),
      tick: (seconds, stepSeconds) => formatTick(format, seconds, stepSeconds),
      moment: (seconds) => formatMoment(format, seconds),
      count: (value) => format.number(value, { max: 1 }),
      timeZone: format.timeZone,
    }),
    [t, format],
  );
  const none = t('online.none');
  return (
    <div role="tabpanel" id="online-panel" aria-labelledby={`online-tab-${period}`} className="online-panel">
      <dl className="online-facts">
        <div>
          <dt>{t('online.peak')}</dt>
          <dd>
            {series?.peak
              ? t('online.peakAt', { count: series.peak.online, at: formatMoment(format, series.peak.at) })
              : none}
          </dd>
        </div>
        <div>
          <dt>{t('online.loginUptime')}</dt>
          <dd>{percentOrNone(series?.loginUptime ?? null, none, format)}</dd>
        </div>
        <div>
          <dt>{t('online.gameUptime')}</dt>
          <dd>{percentOrNone(series?.gameUptime ?? null, none, format)}</dd>
        </div>
      </dl>
      <div className="online-chart-box">
        {series && series.times.length > 0 ? (
          <OnlineChart series={series} labels={labels} />
        ) : (
          <p className="online-chart-empty">{history ? t('online.noSamples') : t('online.loading')}</p>
        )}
      </div>
      <details className="online-table">
        <summary>{t('online.asTable')}</summary>
        <table>
          <caption className="visually-hidden">{t(`online.captions.${period}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('online.time')}</th>
              <th scope="col">{t('online.players')}</th>
              <th scope="col">{t('online.traders')}</th>
              <th scope="col">{t('online.most')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.at}>
                <th scope="row">{formatTime(format, period, row.at)}</th>
                <td>{row.players}</td>
                <td>{row.traders}</td>
                <td>{row.most}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
};

/** Who is online, when the owner lists them: nothing at all while the list is off. */
const WhoIsOnline = ({ answer }: { answer: OnlinePlayers | undefined }) => {
  const { t } = useTranslation();
  const classNameOf = useGameNames('classes');
  if (!answer || answer.state === 'off') return null;
  return (
    <section className="online-players" aria-labelledby="online-players-heading">
      <h3 id="online-players-heading">{t('online.whoIsOnline')}</h3>
      {answer.state === 'siege' ? (
        <p>{t('online.hiddenDuringSiege')}</p>
      ) : answer.players.length === 0 ? (
        <p>{t('online.nobody')}</p>
      ) : (
        <table className="ranking">
          <thead>
            <tr>
              <th scope="col">{t('statistics.columns.character')}</th>
              <th scope="col">{t('online.class')}</th>
              <th scope="col">{t('online.level')}</th>
              <th scope="col">{t('statistics.columns.clan')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.players.map((player) => (
              <tr key={player.name}>
                <th scope="row">{player.name}</th>
                <td>{classNameOf(player.classId)}</td>
                <td>{player.level}</td>
                <td>{player.clan}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};

const OnlinePage = () => {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('day');
  const { query, realm } = useRealm();
  const { metadata } = useSiteData();
  // Online over time is recorded for the first realm (decision 049): another realm's page lists who is online.
  const history = useCall('getOnlineHistory', undefined, { skip: realm !== undefined });
  const players = useCall('getOnlinePlayers', undefined, { query });
  return (
    <Page title={t('online.title')}>
      <StatisticsTabs />
      {realm === undefined ? (
        <>
          <PeriodTabs period={period} onChange={setPeriod} />
          <HistoryPanel history={history} period={period} />
        </>
      ) : (
        <p className="page-notice">{t('realms.historyOfFirst', { realm: metadata?.realms[0]?.name ?? '' })}</p>
      )}
      <WhoIsOnline answer={players} />
    </Page>
  );
};

export default OnlinePage;
