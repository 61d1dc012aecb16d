import type { ConsoleDashboardAnswer } from '@gatekeeper/contract/lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatDate } from '../../shared/formats';
import { failureKeys, useConsoleCall } from './console-call';
import { ConsoleTable } from './console-table';

type Health = ConsoleDashboardAnswer['health'];

/** The health lines: each database and Redis up or down, SMTP and PayPal configured or not. */
const healthRows = (health: Health, t: (key: string) => string): [string, string][] => {
  const up = (value: boolean | null) =>
    value === null ? t('console.dashboard.notUsed') : value ? t('console.dashboard.up') : t('console.dashboard.down');
  const configured = (value: boolean) =>
    value ? t('console.dashboard.configured') : t('console.dashboard.notConfigured');
  return [
    [t('console.dashboard.loginDatabase'), up(health.loginDatabase)],
    [t('console.dashboard.gameDatabase'), up(health.gameDatabase)],
    [t('console.dashboard.siteDatabase'), up(health.siteDatabase)],
    ['Redis', up(health.redis)],
    ['SMTP', configured(health.smtpConfigured)],
    ['PayPal', configured(health.paypalConfigured)],
  ];
};

const Facts = ({ label, rows }: { label: string; rows: [string, string][] }) => (
  <dl className="console__facts" aria-label={label}>
    {rows.map(([term, value]) => (
      <div key={term}>
        <dt>{term}</dt>
        <dd>{value}</dd>
      </div>
    ))}
  </dl>
);

/** The dashboard's figures as the server gives them (docs/owner/console.md#dashboard), read on each visit. */
const DashboardFigures = ({ figures }: { figures: ConsoleDashboardAnswer }) => {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language === 'gr' ? 'el' : i18n.language);
  const backlog = figures.rewardBacklog;
  return (
    <div className="console__dashboard">
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
          { id: 'amount', label: t('console.dashboard.amount'), render: (row) => (row.cents / 100).toFixed(2) },
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
            { id: 'day', label: t('console.dashboard.day'), render: (row) => row.day },
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
