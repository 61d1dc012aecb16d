import type { ConsoleRewardRow, ConsoleRewardsQuery, ConsoleRole } from '@gatekeeper/contract/lite';
import { CHARACTER_ID_MAX } from '@gatekeeper/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useFormats } from '../../shared/formats';
import { useItemNames } from '../../shared/item-names';
import { oneOf, useAddressFilter } from '../console/address-filter';
import { ActionErrors, NoteAction, useConsoleAction } from '../console/note-action';
import { PagedTable, ShortId, usePagedList } from '../console/console-table';

/** The queue's states and kinds, as the server's filter takes them (packages/contract/src/console.ts). */
const STATES = ['pending', 'delivered', 'failed', 'cancelled'] as const satisfies readonly NonNullable<
  ConsoleRewardsQuery['status']
>[];
const KINDS = ['donation', 'referral', 'vote'] as const satisfies readonly NonNullable<ConsoleRewardsQuery['reason']>[];

type Filter = { status: string; reason: string; charId: string };

/** The owner's actions on one grant: retry its delivery, or cancel it with a reason. */
const RewardActions = ({ row, onDone }: { row: ConsoleRewardRow; onDone: (message: string) => void }) => {
  const { t } = useTranslation();
  const { busy, errors, run } = useConsoleAction<{ before: string; after: string }>((change) =>
    onDone(
      t('console.rewards.done', {
        requestId: row.requestId,
        before: t(`console.rewards.states.${change.before}`, { defaultValue: change.before }),
        after: t(`console.rewards.states.${change.after}`, { defaultValue: change.after }),
      }),
    ),
  );
  return (
    <div className="console__actions">
      {(row.status === 'failed' || row.status === 'cancelled') && (
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-label={t('console.rewards.retryOne', { requestId: row.requestId })}
          onClick={() => run(() => callApi('retryConsoleReward', { body: { requestId: row.requestId } }))}
        >
          {t('console.rewards.retry')}
        </button>
      )}
      {(row.status === 'pending' || row.status === 'failed') && (
        <NoteAction
          label={t('console.rewards.cancel')}
          accessibleName={t('console.rewards.cancelOne', { requestId: row.requestId })}
          noteLabel={t('console.rewards.reason')}
          confirmLabel={t('console.rewards.confirmCancel')}
          busy={busy}
          onConfirm={(reason) =>
            run(() => callApi('cancelConsoleReward', { body: { requestId: row.requestId, reason } }))
          }
        />
      )}
      <ActionErrors errors={errors} />
    </div>
  );
};

/** The filter an address carries: `?status=failed&reason=vote&charId=268481234`. */
const readFilter = (params: URLSearchParams): Filter => ({
  status: oneOf(params.get('status'), STATES),
  reason: oneOf(params.get('reason'), KINDS),
  charId: /^\d{1,10}$/.test(params.get('charId') ?? '') ? (params.get('charId') ?? '') : '',
});

const writeFilter = (filter: Filter) => ({
  ...(filter.status ? { status: filter.status } : {}),
  ...(filter.reason ? { reason: filter.reason } : {}),
  ...(filter.charId ? { charId: filter.charId } : {}),
});

/** The reward queue, filtered by state, kind and character; an owner may retry and cancel, a gm reads. */
export const RewardsSection = ({ role }: { role: ConsoleRole }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  const itemName = useItemNames();
  const { filter, typed, setTyped, apply: applyFilter } = useAddressFilter(readFilter, writeFilter);
  const [message, setMessage] = useState('');
  const load = useCallback(
    (before: number | undefined) =>
      callApi('getConsoleRewards', {
        query: {
          ...(filter.status ? { status: filter.status as ConsoleRewardsQuery['status'] } : {}),
          ...(filter.reason ? { reason: filter.reason as ConsoleRewardsQuery['reason'] } : {}),
          ...(filter.charId ? { charId: filter.charId } : {}),
          ...(before ? { before } : {}),
        },
      }),
    [filter],
  );
  const list = usePagedList<ConsoleRewardRow>(load);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    applyFilter({ ...typed, charId: typed.charId.trim() });
  };
  const columns = [
    {
      id: 'request',
      label: t('console.rewards.request'),
      render: (row: ConsoleRewardRow) => <ShortId id={row.requestId} />,
    },
    {
      id: 'char',
      label: t('console.rewards.charId'),
      render: (row: ConsoleRewardRow) => row.charId,
      sortValue: (row: ConsoleRewardRow) => row.charId,
    },
    {
      id: 'item',
      label: t('console.rewards.item'),
      render: (row: ConsoleRewardRow) => `${itemName(row.itemId)} × ${row.itemCount}`,
    },
    {
      id: 'kind',
      label: t('console.rewards.kind'),
      render: (row: ConsoleRewardRow) => t(`console.rewards.kinds.${row.reason}`),
    },
    {
      id: 'state',
      label: t('console.rewards.state'),
      render: (row: ConsoleRewardRow) => t(`console.rewards.states.${row.status}`),
    },
    {
      id: 'attempts',
      label: t('console.rewards.attempts'),
      render: (row: ConsoleRewardRow) => row.attempts,
      sortValue: (row: ConsoleRewardRow) => row.attempts,
    },
    { id: 'error', label: t('console.rewards.lastError'), render: (row: ConsoleRewardRow) => row.lastError ?? '' },
    {
      id: 'created',
      label: t('console.rewards.created'),
      render: (row: ConsoleRewardRow) => formats.dateTime(row.createdAt),
      oneLine: true,
      sortValue: (row: ConsoleRewardRow) => row.createdAt,
    },
    ...(role === 'owner'
      ? [
          {
            id: 'actions',
            label: t('console.rewards.actions'),
            render: (row: ConsoleRewardRow) => (
              <RewardActions
                row={row}
                onDone={(done) => {
                  setMessage(done);
                  list.reload();
                }}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <form className="console__filters" onSubmit={apply}>
        <label>
          {t('console.rewards.state')}
          <select value={typed.status} onChange={(event) => setTyped({ ...typed, status: event.target.value })}>
            <option value="">{t('console.rewards.any')}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`console.rewards.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.rewards.kind')}
          <select value={typed.reason} onChange={(event) => setTyped({ ...typed, reason: event.target.value })}>
            <option value="">{t('console.rewards.any')}</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`console.rewards.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('console.rewards.charId')}
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={String(CHARACTER_ID_MAX).length}
            value={typed.charId}
            onChange={(event) => setTyped({ ...typed, charId: event.target.value })}
          />
        </label>
        <button type="submit" className="button">
          {t('console.rewards.show')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      <PagedTable list={list} caption={t('console.shell.tabs.rewards')} rowKey={(row) => row.id} columns={columns} />
    </>
  );
};
