import type { ConsoleVotesAnswer } from '@gatekeeper/contract/lite';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatDay, useFormats } from '../../shared/formats';
import { useConsoleRead } from '../console/console-call';
import { ConsoleTable, ReadProgress } from '../console/console-table';

/** Claims per site per day (the days with any, newest first) and the sites that did not answer. */
export const VotesSection = () => {
  const formats = useFormats();
  const { t, i18n } = useTranslation();
  const read = useCallback(() => callApi('getConsoleVotes'), []);
  const { state: answer } = useConsoleRead(read);
  if (answer.kind !== 'ready') return <ReadProgress state={answer} />;
  const state: ConsoleVotesAnswer = answer.value;
  const claims = state.claims
    .flatMap((site) => site.days.filter((day) => day.count > 0).map((day) => ({ site: site.site, ...day })))
    .sort((a, b) => b.day.localeCompare(a.day) || a.site.localeCompare(b.site));
  return (
    <>
      <ConsoleTable
        caption={t('console.votes.totals')}
        rowKey={(row) => row.site}
        rows={state.claims}
        columns={[
          { id: 'site', label: t('console.dashboard.site'), render: (row) => row.site, sortValue: (row) => row.site },
          {
            id: 'total',
            label: t('console.dashboard.count'),
            render: (row) => row.total,
            sortValue: (row) => row.total,
          },
        ]}
      />
      <ConsoleTable
        caption={t('console.votes.perDay')}
        rowKey={(row) => `${row.day}:${row.site}`}
        rows={claims}
        columns={[
          {
            id: 'day',
            label: t('console.dashboard.day'),
            render: (row) => formatDay(row.day, i18n.language),
            sortValue: (row) => row.day,
          },
          { id: 'site', label: t('console.dashboard.site'), render: (row) => row.site },
          {
            id: 'count',
            label: t('console.dashboard.count'),
            render: (row) => row.count,
            sortValue: (row) => row.count,
          },
        ]}
      />
      <ConsoleTable
        caption={t('console.votes.failures')}
        rowKey={(row) => `${row.day}:${row.site}`}
        rows={state.failures}
        columns={[
          {
            id: 'day',
            label: t('console.dashboard.day'),
            render: (row) => formatDay(row.day, i18n.language),
            sortValue: (row) => row.day,
          },
          { id: 'site', label: t('console.dashboard.site'), render: (row) => row.site },
          { id: 'count', label: t('console.votes.unanswered'), render: (row) => row.count },
          {
            id: 'last',
            label: t('console.votes.lastReason'),
            render: (row) => `${formats.dateTime(row.lastAt)}: ${row.lastReason}`,
          },
        ]}
      />
    </>
  );
};
