import type { ConsoleAuditRow } from '@gatekeeper/contract/lite';
import { CONSOLE_SEARCH_MAX } from '@gatekeeper/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useFormats } from '../../shared/formats';
import { PagedTable, usePagedList } from './console-table';

/** The audit log, newest first, searched literally by the server; "older" reads the next page. */
export const AuditSection = () => {
  const formats = useFormats();
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const load = useCallback(
    (before: number | undefined) =>
      callApi('getConsoleAudit', { query: { ...(q ? { q } : {}), ...(before ? { before } : {}) } }),
    [q],
  );
  const list = usePagedList<ConsoleAuditRow>(load);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  return (
    <>
      <form role="search" className="console__filters" onSubmit={search}>
        <label>
          {t('console.audit.search')}
          <input
            type="search"
            value={typed}
            maxLength={CONSOLE_SEARCH_MAX}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          {t('console.audit.searchSubmit')}
        </button>
      </form>
      <PagedTable
        list={list}
        caption={t('console.shell.tabs.audit')}
        rowKey={(row) => row.id}
        columns={[
          {
            id: 'at',
            label: t('console.audit.at'),
            render: (row) => formats.dateTime(row.at),
            oneLine: true,
            sortValue: (row) => row.at,
          },
          {
            id: 'login',
            label: t('console.audit.login'),
            render: (row) => `${row.login} (${row.role})`,
            sortValue: (row) => row.login.toLowerCase(),
          },
          {
            id: 'action',
            label: t('console.audit.action'),
            render: (row) => row.action,
            sortValue: (row) => row.action,
          },
          { id: 'record', label: t('console.audit.record'), render: (row) => row.record, keepWhole: true },
          { id: 'address', label: t('console.audit.address'), render: (row) => row.address, keepWhole: true },
          { id: 'detail', label: t('console.audit.detail'), render: (row) => row.detail, keepWhole: true },
        ]}
      />
    </>
  );
};
