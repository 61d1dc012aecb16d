import type { ConsoleDonationRow, ConsoleDonationsQuery, ConsoleRole } from '@gatekeeper/contract/lite';
import { CONSOLE_SEARCH_MAX, DONATION_LEDGER_STATES } from '@gatekeeper/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatMoney, useFormats } from '../../shared/formats';
import { oneOf, useAddressFilter } from '../console/address-filter';
import { failureKeys, useConsoleCall } from '../console/console-call';
import { ActionErrors, NoteAction, useConsoleAction } from '../console/note-action';
import { ConsoleTable, PagedTable, usePagedList } from '../console/console-table';
import { SupporterCodesSection } from './supporter-codes-section';
import './console-section.css';
import { downloadCsv } from '../console/download-csv';

type Filter = { q: string; state: string; flagged: boolean };

/** The filter an address carries: `?q=…&state=failed&flagged=true`. */
const readFilter = (params: URLSearchParams): Filter => ({
  q: params.get('q') ?? '',
  state: oneOf(params.get('state'), DONATION_LEDGER_STATES),
  flagged: params.get('flagged') === 'true',
});

const writeFilter = (filter: Filter) => ({
  ...(filter.q ? { q: filter.q } : {}),
  ...(filter.state ? { state: filter.state } : {}),
  ...(filter.flagged ? { flagged: 'true' } : {}),
});

const queryOf = (filter: Filter): ConsoleDonationsQuery => ({
  ...(filter.q ? { q: filter.q } : {}),
  ...(filter.state ? { state: filter.state as ConsoleDonationsQuery['state'] } : {}),
  ...(filter.flagged ? { flagged: 'true' as const } : {}),
});

/** The owner's actions on one donation: its failed delivery back in line; a flagged one marked handled. */
const DonationActions = ({ row, onDone }: { row: ConsoleDonationRow; onDone: (message: string) => void }) => {
  const { t } = useTranslation();
  const { busy, errors, run } = useConsoleAction<{ before: string; after: string }>((change) =>
    onDone(
      t('console.donations.done', {
        txnId: row.txnId,
        before: t(`console.donations.states.${change.before}`, { defaultValue: change.before }),
        after: t(`console.donations.states.${change.after}`, { defaultValue: change.after }),
      }),
    ),
  );
  if (!row.txnId) return null;
  return (
    <div className="console__actions">
      {(row.reward === 'failed' || row.reward === 'cancelled') && (
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-label={t('console.donations.retryOne', { txnId: row.txnId })}
          onClick={() => run(() => callApi('retryConsoleDonation', { body: { txnId: row.txnId } }))}
        >
          {t('console.donations.retry')}
        </button>
      )}
      {row.flagged && (
        <NoteAction
          label={t('console.donations.resolve')}
          accessibleName={t('console.donations.resolveOne', { txnId: row.txnId })}
          noteLabel={t('console.donations.note')}
          confirmLabel={t('console.donations.confirmResolve')}
          busy={busy}
          onConfirm={(note) => run(() => callApi('resolveConsoleDonation', { body: { txnId: row.txnId, note } }))}
        />
      )}
      <ActionErrors errors={errors} />
    </div>
  );
};

/** The ledger's columns; the owner also sees the actions. */
export const useDonationColumns = (role: ConsoleRole | undefined, onDone: (message: string) => void) => {
  const formats = useFormats();
  const { t, i18n } = useTranslation();
  return [
    {
      id: 'at',
      label: t('console.donations.at'),
      render: (row: ConsoleDonationRow) => formats.dateTime(row.at),
      oneLine: true,
      sortValue: (row: ConsoleDonationRow) => row.at,
    },
    {
      id: 'state',
      label: t('console.donations.state'),
      render: (row: ConsoleDonationRow) => {
        const state = t(`console.donations.states.${row.state}`);
        return row.flagged
          ? `${state} · ${t('console.donations.flagged')}`
          : row.resolved
            ? `${state} · ${t('console.donations.resolvedBy', { login: row.resolved.by, note: row.resolved.note })}`
            : state;
      },
    },
    {
      id: 'character',
      label: t('console.donations.character'),
      // A donation to the wallet names its account instead.
      render: (row: ConsoleDonationRow) =>
        row.charName || (row.account ? t('console.donations.walletOf', { login: row.account }) : '-'),
      sortValue: (row: ConsoleDonationRow) => (row.charName || row.account).toLowerCase(),
    },
    {
      id: 'amount',
      label: t('console.donations.amount'),
      render: (row: ConsoleDonationRow) => formatMoney(row.cents, row.currency, i18n.language),
      sortValue: (row: ConsoleDonationRow) => `${row.currency}${String(row.cents).padStart(12, '0')}`,
    },
    {
      id: 'coins',
      label: t('console.donations.coins'),
      render: (row: ConsoleDonationRow) => row.coins,
      sortValue: (row: ConsoleDonationRow) => row.coins,
    },
    { id: 'reward', label: t('console.donations.reward'), render: (row: ConsoleDonationRow) => row.reward },
    {
      id: 'refunded',
      label: t('console.donations.refunded'),
      render: (row: ConsoleDonationRow) =>
        row.refundedCents > 0
          ? `${formatMoney(row.refundedCents, row.currency, i18n.language)}${row.coinsByHand > 0 ? ` · ${t('console.donations.inGame', { coins: row.coinsByHand })}` : ''}${row.walletShortfall > 0 ? ` · ${t('console.donations.walletShortfall', { coins: row.walletShortfall })}` : ''}${row.supporterShortfall > 0 ? ` · ${t('console.donations.supporterShortfall', { coins: row.supporterShortfall })}` : ''}`
          : '-',
    },
    {
      id: 'provider',
      label: t('console.donations.provider'),
      render: (row: ConsoleDonationRow) => t(`console.donations.providers.${row.provider}`),
    },
    {
      id: 'order',
      label: t('console.donations.order'),
      render: (row: ConsoleDonationRow) => row.orderId || (row.via === 'ipn' ? 'IPN' : '-'),
    },
    { id: 'txn', label: t('console.donations.txn'), render: (row: ConsoleDonationRow) => row.txnId || '-' },
    { id: 'detail', label: t('console.donations.detail'), render: (row: ConsoleDonationRow) => row.detail },
    ...(role === 'owner'
      ? [
          {
            id: 'actions',
            label: t('console.rewards.actions'),
            render: (row: ConsoleDonationRow) => <DonationActions row={row} onDone={onDone} />,
          },
        ]
      : []),
  ];
};

/** An account's donations in the Accounts section: the ledger's columns, without the actions. */
export const AccountDonations = ({ caption, rows }: { caption: string; rows: ConsoleDonationRow[] }) => {
  const columns = useDonationColumns(undefined, () => undefined);
  return (
    <ConsoleTable
      caption={caption}
      rowKey={(row) => `${row.via}:${row.donationId}:${row.txnId}:${row.at}`}
      rows={rows}
      columns={columns}
    />
  );
};

/** The ledger of `npm run donations`, searched and paged; a CSV of the search; the owner's actions. */
export const DonationsSection = ({ role }: { role: ConsoleRole }) => {
  const { t } = useTranslation();
  const consoleCall = useConsoleCall();
  const { filter, typed, setTyped, apply: applyFilter } = useAddressFilter(readFilter, writeFilter);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const load = useCallback(
    (from: number | undefined) =>
      callApi('getConsoleDonations', { query: { ...queryOf(filter), ...(from ? { from } : {}) } }),
    [filter],
  );
  const list = usePagedList<ConsoleDonationRow>(load);
  const columns = useDonationColumns(role, (done) => {
    setMessage(done);
    list.reload();
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    applyFilter({ ...typed, q: typed.q.trim() });
  };
  const exportCsv = () => {
    setErrors([]);
    consoleCall(() => callApi('getConsoleDonationsCsv', { query: queryOf(filter) })).then(
      (csv) => downloadCsv(csv, 'donations'),
      (error: unknown) => setErrors(failureKeys(error)),
    );
  };
  return (
    <div className="console__wide">
      <form role="search" className="console__filters" onSubmit={apply}>
        <label>
          {t('console.donations.search')}
          <input
            type="search"
            value={typed.q}
            maxLength={CONSOLE_SEARCH_MAX}
            onChange={(event) => setTyped({ ...typed, q: event.target.value })}
          />
        </label>
        <label>
          {t('console.donations.state')}
          <select value={typed.state} onChange={(event) => setTyped({ ...typed, state: event.target.value })}>
            <option value="">{t('console.rewards.any')}</option>
            {DONATION_LEDGER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`console.donations.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="console__check">
          <input
            type="checkbox"
            checked={typed.flagged}
            onChange={(event) => setTyped({ ...typed, flagged: event.target.checked })}
          />
          {t('console.donations.onlyFlagged')}
        </label>
        <button type="submit" className="button">
          {t('console.rewards.show')}
        </button>
        <button type="button" className="button" onClick={exportCsv}>
          {t('console.donations.csv')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      <PagedTable
        list={list}
        caption={t('console.shell.tabs.donations')}
        rowKey={(row) => `${row.via}:${row.donationId}:${row.txnId}:${row.at}`}
        columns={columns}
      />
      <SupporterCodesSection role={role} />
    </div>
  );
};
