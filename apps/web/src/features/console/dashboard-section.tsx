import { type ConsoleDashboardAnswer, consoleSectionHref } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatDate, formatDay, formatMoney, formatNumber } from '../../shared/formats';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { failureKeys, useConsoleCall } from './console-call';
import { ConsoleTable } from './console-table';

type Health = ConsoleDashboardAnswer['health'];
/** How a health line reads at a glance: working, down, or not in use here. */
type Mood = 'good' | 'bad' | 'off';
type Fact = [term: string, value: string, mood?: Mood];

/** The health lines: each database and Redis up or down, SMTP and PayPal configured or not. */
const healthRows = (health: Health, t: (key: string) => string): Fact[] => {
  const up = (value: boolean | null): [string, Mood] =>
    value === null
      ? [t('console.dashboard.notUsed'), 'off']
      : value
        ? [t('console.dashboard.up'), 'good']
        : [t('console.dashboard.down'), 'bad'];
  const configured = (value: boolean): [string, Mood] =>
    value ? [t('console.dashboard.configured'), 'good'] : [t('console.dashboard.notConfigured'), 'off'];
  return [
    [t('console.dashboard.loginDatabase'), ...up(health.loginDatabase)],
    [t('console.dashboard.gameDatabase'), ...up(health.gameDatabase)],
    [t('console.dashboard.siteDatabase'), ...up(health.siteDatabase)],
    ['Redis', ...up(health.redis)],
    ['SMTP', ...configured(health.smtpConfigured)],
    ['PayPal', ...configured(health.paypalConfigured)],
  ];
};

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
 * to reach the game, refunds to check, mails that could not be sent, a database that is down.
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
  for (const [key, what] of [
    ['loginDatabase', t('console.dashboard.loginDatabase')],
    ['gameDatabase', t('console.dashboard.gameDatabase')],
    ['siteDatabase', t('console.dashboard.siteDatabase')],
    ['redis', 'Redis'],
  ] as const) {
    if (figures.health[key] === false) alerts.push({ key, text: t('console.dashboard.alertDown', { what }) });
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
              {alert.to ? <Link to={alert.to}>{alert.text}</Link> : alert.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** The dashboard's figures as the server gives them (docs/owner/console.md#dashboard), read on each visit. */
const DashboardFigures = ({ figures }: { figures: ConsoleDashboardAnswer }) => {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const backlog = figures.rewardBacklog;
  return (
    <div className="console__dashboard">
      <Alerts figures={figures} />
      <section aria-labelledby="console-now">
        <h3 id="console-now">{t('console.dashboard.now')}</h3>
        <Facts
          label={t('console.dashboard.now')}
          rows={[
            [
              t('console.dashboard.onlineNow'),
              figures.onlineNow === null ? t('console.dashboard.notKept') : number(figures.onlineNow),
            ],
            [t('console.dashboard.refunds'), number(figures.refundsThisMonth)],
            [t('console.dashboard.pending'), number(backlog.pending)],
            [t('console.dashboard.failed'), number(backlog.failed)],
            [
              t('console.dashboard.oldest'),
              backlog.oldest
                ? `${backlog.oldest.requestId} · ${formatDate(backlog.oldest.createdAt, i18n.language)}`
                : t('console.dashboard.none'),
            ],
          ]}
        />
      </section>
      <section aria-labelledby="console-health">
        <h3 id="console-health">{t('console.dashboard.health')}</h3>
        <Facts label={t('console.dashboard.health')} rows={healthRows(figures.health, t)} />
      </section>
      <ConsoleTable
        caption={t('console.dashboard.donations')}
        columns={[
          { id: 'currency', label: t('console.dashboard.currency'), render: (row) => row.currency },
          {
            id: 'amount',
            label: t('console.dashboard.amount'),
            render: (row) => formatMoney(row.cents, row.currency, i18n.language),
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
      {figures.registrationsPerDay === null ? (
        <p>
          {t('console.dashboard.registrations')}: {t('console.dashboard.notKept')}
        </p>
      ) : (
        <ConsoleTable
          caption={t('console.dashboard.registrations')}
          columns={[
            { id: 'day', label: t('console.dashboard.day'), render: (row) => formatDay(row.day, i18n.language) },
            { id: 'count', label: t('console.dashboard.count'), render: (row) => number(row.count) },
          ]}
          rows={[...figures.registrationsPerDay].reverse()}
          rowKey={(row) => row.day}
        />
      )}
    </div>
  );
};

export const DashboardSection = () => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const [state, setState] = useState<ConsoleDashboardAnswer | string[] | undefined>();
  useEffect(() => {
    let live = true;
    consoleCall(() => callApi('getConsoleDashboard')).then(
      (figures) => live && setState(figures),
      (error: unknown) => live && setState(failureKeys(error)),
    );
    return () => {
      live = false;
    };
  }, [consoleCall]);
  if (state === undefined) return <p aria-busy="true">{t('forms.processing')}</p>;
  if (Array.isArray(state)) return <p role="alert">{state.map((key) => t(key)).join(' ')}</p>;
  return <DashboardFigures figures={state} />;
};
