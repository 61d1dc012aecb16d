import { type ConsoleDashboardAnswer, consoleSectionHref } from '@gatekeeper/contract/lite';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatDay, formatMoney, formatNumber, formatPercent, type Formats, useFormats } from '../../shared/formats';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { useConsoleRead } from './console-call';
import { ConsoleTable, ReadProgress } from './console-table';
import { type DayFigure, type WeekTrend, weekTrend } from './dashboard-trends';
import { TrendChart } from './trend-chart';

type Health = ConsoleDashboardAnswer['health'];
/** How a health line reads at a glance: working, needs a hand, or not in use here. */
type Mood = 'good' | 'bad' | 'off';
type Fact = [term: string, value: string, mood?: Mood];
type T = (key: string, options?: Record<string, unknown>) => string;

/** A vote site that failed to answer since its last claim, within the last day, needs a hand. */
const voteSiteFailing = (site: Health['voteSites'][number]) =>
  site.failuresLastDay > 0 && (site.lastClaimAt === null || (site.lastFailureAt ?? 0) > site.lastClaimAt);

/** The health lines: each database and Redis up or down, SMTP and PayPal configured or not, each vote site. */
const healthRows = (health: Health, t: T, formats: Formats): Fact[] => {
  const up = (value: boolean | null): [string, Mood] =>
    value === null
      ? [t('console.dashboard.notUsed'), 'off']
      : value
        ? [t('console.dashboard.up'), 'good']
        : [t('console.dashboard.down'), 'bad'];
  const configured = (value: boolean): [string, Mood] =>
    value ? [t('console.dashboard.configured'), 'good'] : [t('console.dashboard.notConfigured'), 'off'];
  const voteSite = (site: Health['voteSites'][number]): [string, Mood] => {
    if (voteSiteFailing(site)) {
      return [t('console.dashboard.voteSiteFailing', { count: formats.number(site.failuresLastDay) }), 'bad'];
    }
    if (site.lastClaimAt === null) return [t('console.dashboard.voteSiteQuiet'), 'off'];
    return [t('console.dashboard.voteSiteAnswering', { when: formats.dateTime(site.lastClaimAt) }), 'good'];
  };
  return [
    [t('console.dashboard.loginDatabase'), ...up(health.loginDatabase)],
    [t('console.dashboard.gameDatabase'), ...up(health.gameDatabase)],
    [t('console.dashboard.siteDatabase'), ...up(health.siteDatabase)],
    ['Redis', ...up(health.redis)],
    ['SMTP', ...configured(health.smtpConfigured)],
    ['PayPal', ...configured(health.paypalConfigured)],
    ...health.voteSites.map((site): Fact => [site.site, ...voteSite(site)]),
    // On a site of several game servers (decision 049), a line for each.
    ...(health.realms.length > 1
      ? health.realms.map((realm): Fact => [realm.name, ...realmLine(realm, t, formats)])
      : []),
  ];
};

/** A game server's line: its database down says so alone; else its server's light and players online. */
const realmLine = (realm: Health['realms'][number], t: T, formats: Formats): [string, Mood] =>
  realm.database
    ? [
        t('console.dashboard.realmUp', {
          server: t(realm.gameServer ? 'console.dashboard.serverOpen' : 'console.dashboard.serverClosed'),
          online: realm.online === null ? '—' : formats.number(realm.online),
        }),
        realm.gameServer ? 'good' : 'off',
      ]
    : [t('console.dashboard.realmDown'), 'bad'];

const Facts = ({ label, rows }: { label: string; rows: Fact[] }) => (
  <dl className="console__facts" aria-label={label}>
    {rows.map(([term, value, mood]) => (
      <div key={term}>
        <dt>{term}</dt>
        <dd className={mood ? `console__mood console__mood--${mood}` : undefined}>{value}</dd>
      </div>
    ))}
  </dl>
);

/**
 * What needs a hand now, each a link to the section that shows it, filtered: rewards that failed
 * to reach the game, refunds to check, mails that could not be sent, a vote site or a database
 * that is down.
 */
const Alerts = ({ figures }: { figures: ConsoleDashboardAnswer }) => {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const count = (value: number) => formatNumber(value, i18n.language);
  const failedMails = figures.mailOutbox.find((row) => row.status === 'failed')?.count ?? 0;
  const alerts: { key: string; text: string; to?: string }[] = [];
  if (figures.rewardBacklog.failed > 0) {
    alerts.push({
      key: 'rewards',
      text: t('console.dashboard.alertFailedRewards', { count: count(figures.rewardBacklog.failed) }),
      to: `${consoleSectionHref('rewards', language)}?status=failed`,
    });
  }
  if (figures.refundsThisMonth > 0) {
    alerts.push({
      key: 'refunds',
      text: `${t('console.dashboard.refunds')}: ${count(figures.refundsThisMonth)}`,
      to: `${consoleSectionHref('donations', language)}?flagged=true`,
    });
  }
  if (failedMails > 0) {
    alerts.push({
      key: 'mail',
      text: t('console.dashboard.alertFailedMail', { count: count(failedMails) }),
      to: consoleSectionHref('mail', language),
    });
  }
  for (const site of figures.health.voteSites.filter(voteSiteFailing)) {
    alerts.push({
      key: `vote-${site.site}`,
      text: `${site.site}: ${t('console.dashboard.voteSiteFailing', { count: count(site.failuresLastDay) })}`,
      to: consoleSectionHref('votes', language),
    });
  }
  for (const [key, what] of [
    ['loginDatabase', t('console.dashboard.loginDatabase')],
    ['gameDatabase', t('console.dashboard.gameDatabase')],
    ['siteDatabase', t('console.dashboard.siteDatabase')],
    ['redis', 'Redis'],
  ] as const) {
    if (figures.health[key] === false) alerts.push({ key, text: t('console.dashboard.alertDown', { what }) });
  }
  if (figures.health.realms.length > 1) {
    for (const realm of figures.health.realms.filter((candidate) => !candidate.database)) {
      alerts.push({ key: `realm-${realm.slug}`, text: `${realm.name}: ${t('console.dashboard.realmDown')}` });
    }
  }
  return (
    <section aria-labelledby="console-attention" className="console__alerts">
      <h3 id="console-attention">{t('console.dashboard.attention')}</h3>
      {alerts.length === 0 ? (
        <p className="console__mood console__mood--good">{t('console.dashboard.allClear')}</p>
      ) : (
        <ul>
          {alerts.map((alert) => (
            <li key={alert.key} className="console__mood console__mood--bad">
              {alert.to ? (
                <Link to={alert.to} className="link-target">
                  {alert.text}
                </Link>
              ) : (
                alert.text
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** The week against the week before, in words: "▲ 25 % on the week before". */
const changeText = (trend: WeekTrend, t: T, language: string): string => {
  if (trend.direction === 'same') return t('console.dashboard.changeSame');
  if (trend.change === null) return t('console.dashboard.changeNew');
  const percent = formatPercent(Math.abs(trend.change), language);
  return t(trend.direction === 'up' ? 'console.dashboard.changeUp' : 'console.dashboard.changeDown', { percent });
};

/** One figure of the dashboard: its value in large, what it is, the week's change and the 30 days' chart. */
const FigureCard = ({
  title,
  value,
  note,
  trend,
  days,
  second,
}: {
  title: string;
  value: string;
  note?: string;
  trend?: WeekTrend;
  days?: readonly DayFigure[] | null;
  second?: readonly DayFigure[];
}) => {
  const { t, i18n } = useTranslation();
  return (
    <li className="console__card">
      <h4>{title}</h4>
      <p className="console__figure">{value}</p>
      {note && <p className="console__note">{note}</p>}
      {trend && (
        <p className={`console__change console__change--${trend.direction}`}>{changeText(trend, t, i18n.language)}</p>
      )}
      {days && <TrendChart days={days} {...(second ? { second } : {})} />}
    </li>
  );
};

/** The 30 days' figures, newest first: what the cards' charts draw, as a table a reader can go through. */
const PerDay = ({ figures }: { figures: ConsoleDashboardAnswer }) => {
  const { t, i18n } = useTranslation();
  const number = (value: number | undefined) => (value === undefined ? '' : formatNumber(value, i18n.language));
  const registrations = new Map(figures.registrationsPerDay?.map((day) => [day.day, day.count]) ?? []);
  const votes = new Map(figures.votesPerDay.map((day) => [day.day, day.count]));
  const online = new Map(figures.onlinePeakPerDay.map((day) => [day.day, day.count]));
  const rows = [...figures.donationsPerDay].reverse();
  return (
    <details className="console__per-day">
      <summary>{t('console.dashboard.perDay')}</summary>
      <ConsoleTable
        caption={t('console.dashboard.perDay')}
        columns={[
          { id: 'day', label: t('console.dashboard.day'), render: (row) => formatDay(row.day, i18n.language) },
          { id: 'online', label: t('console.dashboard.onlinePeak'), render: (row) => number(online.get(row.day)) },
          {
            id: 'registrations',
            label: t('console.dashboard.registrationsDay'),
            render: (row) =>
              figures.registrationsPerDay === null
                ? t('console.dashboard.notKept')
                : number(registrations.get(row.day)),
          },
          { id: 'payments', label: t('console.dashboard.payments'), render: (row) => number(row.payments) },
          { id: 'refunds', label: t('console.dashboard.refundsDay'), render: (row) => number(row.refunds) },
          { id: 'votes', label: t('console.dashboard.votesDay'), render: (row) => number(votes.get(row.day)) },
        ]}
        rows={rows}
        rowKey={(row) => row.day}
      />
    </details>
  );
};

/** The dashboard's figures as the server gives them (docs/owner/console.md#dashboard), read on each visit. */
const DashboardFigures = ({ figures }: { figures: ConsoleDashboardAnswer }) => {
  const formats = useFormats();
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const backlog = figures.rewardBacklog;
  const online = weekTrend(figures.onlinePeakPerDay, 'peak');
  const payments = figures.donationsPerDay.map((day) => ({ day: day.day, count: day.payments }));
  const refunds = figures.donationsPerDay.map((day) => ({ day: day.day, count: day.refunds }));
  const paymentsWeek = weekTrend(payments);
  const money = figures.donationsThisMonth.map((row) => formatMoney(row.cents, row.currency, language)).join(' · ');
  return (
    <div className="console__dashboard">
      <Alerts figures={figures} />
      <section aria-labelledby="console-now">
        <h3 id="console-now">{t('console.dashboard.now')}</h3>
        <ul className="console__cards">
          <FigureCard
            title={t('console.dashboard.onlineNow')}
            value={figures.onlineNow === null ? t('console.dashboard.notKept') : number(figures.onlineNow)}
            note={t('console.dashboard.onlineWeekPeak', { peak: number(online.week) })}
            trend={online}
            days={figures.onlinePeakPerDay}
          />
          <FigureCard
            title={t('console.dashboard.registrationsWeek')}
            value={
              figures.registrationsPerDay === null
                ? t('console.dashboard.notKept')
                : number(weekTrend(figures.registrationsPerDay).week)
            }
            {...(figures.registrationsPerDay === null
              ? {}
              : { trend: weekTrend(figures.registrationsPerDay), days: figures.registrationsPerDay })}
          />
          <FigureCard
            title={t('console.dashboard.donations')}
            value={money === '' ? number(0) : money}
            note={t('console.dashboard.donationsWeek', {
              payments: number(paymentsWeek.week),
              refunds: number(weekTrend(refunds).week),
            })}
            trend={paymentsWeek}
            days={payments}
            second={refunds}
          />
          <FigureCard
            title={t('console.dashboard.votesWeek')}
            value={number(weekTrend(figures.votesPerDay).week)}
            trend={weekTrend(figures.votesPerDay)}
            days={figures.votesPerDay}
          />
          <FigureCard
            title={t('console.dashboard.pending')}
            value={number(backlog.pending)}
            note={
              backlog.oldest
                ? t('console.dashboard.rewardsNote', {
                    failed: number(backlog.failed),
                    when: formats.dateTime(backlog.oldest.createdAt),
                  })
                : t('console.dashboard.rewardsNoteNone', { failed: number(backlog.failed) })
            }
          />
        </ul>
      </section>
      <section aria-labelledby="console-health">
        <h3 id="console-health">{t('console.dashboard.health')}</h3>
        <Facts label={t('console.dashboard.health')} rows={healthRows(figures.health, t, formats)} />
      </section>
      <PerDay figures={figures} />
      <ConsoleTable
        caption={t('console.dashboard.donations')}
        columns={[
          { id: 'currency', label: t('console.dashboard.currency'), render: (row) => row.currency },
          {
            id: 'amount',
            label: t('console.dashboard.amount'),
            render: (row) => formatMoney(row.cents, row.currency, language),
          },
          { id: 'count', label: t('console.dashboard.count'), render: (row) => number(row.count) },
        ]}
        rows={figures.donationsThisMonth}
        rowKey={(row) => row.currency}
      />
      <ConsoleTable
        caption={t('console.dashboard.votes')}
        columns={[
          { id: 'site', label: t('console.dashboard.site'), render: (row) => row.site },
          { id: 'count', label: t('console.dashboard.count'), render: (row) => number(row.count) },
        ]}
        rows={figures.votesPerSite}
        rowKey={(row) => row.site}
      />
      <ConsoleTable
        caption={t('console.dashboard.mailOutbox')}
        columns={[
          { id: 'status', label: t('console.dashboard.state'), render: (row) => row.status },
          { id: 'count', label: t('console.dashboard.count'), render: (row) => number(row.count) },
        ]}
        rows={figures.mailOutbox}
        rowKey={(row) => row.status}
      />
    </div>
  );
};

export const DashboardSection = () => {
  const read = useCallback(() => callApi('getConsoleDashboard'), []);
  const { state } = useConsoleRead(read);
  return state.kind === 'ready' ? <DashboardFigures figures={state.value} /> : <ReadProgress state={state} />;
};
