import type { ConsoleRole, ConsoleSupporterCodeRow, ConsoleSupporterCodesAnswer } from '@gatekeeper/contract/lite';
import { SUPPORTER_CODE_MAX, percentOfShare, shareFromPercent } from '@gatekeeper/contract/lite';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { formatMoney, useFormats } from '../../shared/formats';
import { failureKeys, useConsoleCall, useConsoleRead } from '../console/console-call';
import { ActionErrors, useConsoleAction } from '../console/note-action';
import { ConsoleTable, ReadProgress } from '../console/console-table';
import { downloadCsv } from '../console/download-csv';

/** A datetime-local field's value as a time (ms), or null when empty; and back, in local time. */
const timeOf = (value: string): number | null => (value ? new Date(value).getTime() : null);
const fieldTime = (time: number | null): string => {
  if (time === null) return '';
  const local = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

/**
 * A supporter code added, or one changed (its code fixed): the partner's login, the share in
 * percent (7.25 for basis points), on or off, an optional end.
 */
export const SupporterCodeForm = ({
  row,
  onSaved,
}: {
  row?: ConsoleSupporterCodeRow;
  onSaved: (message: string) => void;
}) => {
  const { t } = useTranslation();
  const [code, setCode] = useState(row?.code ?? '');
  const [partner, setPartner] = useState(row?.partnerLogin ?? '');
  const [share, setShare] = useState(row ? percentOfShare(row.shareBasisPoints) : '');
  const [enabled, setEnabled] = useState(row?.enabled ?? true);
  const [endsAt, setEndsAt] = useState(fieldTime(row?.endsAt ?? null));
  const [shareInvalid, setShareInvalid] = useState(false);
  const { busy, errors, run } = useConsoleAction<{ code: string }>((answer) =>
    onSaved(t('console.supporters.saved', { code: answer.code })),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const points = shareFromPercent(share);
    setShareInvalid(points === undefined);
    if (points === undefined) return;
    run(() =>
      callApi('saveConsoleSupporterCode', {
        body: {
          supporter: {
            create: !row,
            code: code.trim(),
            partnerLogin: partner.trim(),
            shareBasisPoints: points,
            enabled,
            endsAt: timeOf(endsAt),
          },
        },
      }),
    );
  };
  return (
    <form
      className="console__filters"
      onSubmit={submit}
      aria-label={row ? t('console.supporters.editOne', { code: row.code }) : t('console.supporters.add')}
    >
      {!row && (
        <label>
          {t('console.supporters.code')}
          <input
            value={code}
            required
            maxLength={SUPPORTER_CODE_MAX}
            autoComplete="off"
            onChange={(event) => setCode(event.target.value.toUpperCase())}
          />
        </label>
      )}
      <label>
        {t('console.supporters.partner')}
        <input value={partner} required maxLength={45} onChange={(event) => setPartner(event.target.value)} />
      </label>
      <label>
        {t('console.supporters.share')}
        <input
          inputMode="decimal"
          required
          value={share}
          aria-invalid={shareInvalid}
          onChange={(event) => setShare(event.target.value)}
        />
      </label>
      <label>
        {t('console.supporters.endsAt')}
        <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
      </label>
      <label className="console__check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('console.supporters.enabled')}
      </label>
      <button type="submit" className="button" disabled={busy}>
        {t('console.supporters.save')}
      </button>
      {shareInvalid && <p role="alert">{t('supporterShareInvalid')}</p>}
      <ActionErrors errors={errors} />
    </form>
  );
};

/** The owner's view of the codes (the read is made for the owner only). */
const SupporterCodes = () => {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const consoleCall = useConsoleCall();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [editing, setEditing] = useState<string>();
  const read = useCallback(() => callApi('getConsoleSupporterCodes', { query: {} }), []);
  const codes = useConsoleRead<ConsoleSupporterCodesAnswer>(read);
  const saved = (done: string) => {
    setMessage(done);
    setEditing(undefined);
    codes.reload();
  };
  const exportCsv = () => {
    setErrors([]);
    consoleCall(() => callApi('getConsoleSupporterCodesCsv', { query: {} })).then(
      (csv) => downloadCsv(csv, 'supporter-codes'),
      (error: unknown) => setErrors(failureKeys(error)),
    );
  };
  return (
    <section aria-labelledby="console-supporter-codes" className="console__wide">
      <h3 id="console-supporter-codes">{t('console.supporters.heading')}</h3>
      <p className="account-intro">{t('console.supporters.intro')}</p>
      {message && <p role="status">{message}</p>}
      {errors.length > 0 && <p role="alert">{errors.map((key) => t(key)).join(' ')}</p>}
      {codes.state.kind !== 'ready' ? (
        <ReadProgress state={codes.state} />
      ) : (
        <ConsoleTable
          caption={t('console.supporters.heading')}
          rowKey={(row) => row.code}
          rows={codes.state.value.rows}
          columns={[
            { id: 'code', label: t('console.supporters.code'), render: (row) => row.code, keepWhole: true },
            { id: 'partner', label: t('console.supporters.partner'), render: (row) => row.partnerLogin },
            {
              id: 'share',
              label: t('console.supporters.share'),
              render: (row) => `${percentOfShare(row.shareBasisPoints)} %`,
              sortValue: (row) => row.shareBasisPoints,
            },
            {
              id: 'enabled',
              label: t('console.supporters.enabled'),
              render: (row) => t(row.enabled ? 'console.shop.yes' : 'console.shop.no'),
            },
            {
              id: 'ends',
              label: t('console.supporters.endsAt'),
              render: (row) => (row.endsAt === null ? '' : formats.dateTime(row.endsAt)),
              oneLine: true,
            },
            {
              id: 'donations',
              label: t('console.supporters.donations'),
              render: (row) => formats.number(row.donations),
              sortValue: (row) => row.donations,
            },
            {
              id: 'amount',
              label: t('console.supporters.amount'),
              render: (row) =>
                row.amounts.length === 0
                  ? '-'
                  : row.amounts.map((amount) => formatMoney(amount.cents, amount.currency, i18n.language)).join(' + '),
            },
            {
              id: 'credited',
              label: t('console.supporters.credited'),
              render: (row) => formats.number(row.coinsCredited),
              sortValue: (row) => row.coinsCredited,
            },
            {
              id: 'takenBack',
              label: t('console.supporters.takenBack'),
              render: (row) =>
                `${formats.number(row.coinsTakenBack)}${row.shortfall > 0 ? ` · ${t('console.supporters.shortfall', { coins: row.shortfall })}` : ''}`,
            },
            {
              id: 'edit',
              label: t('console.shop.actions'),
              render: (row) =>
                editing === row.code ? (
                  <SupporterCodeForm row={row} onSaved={saved} />
                ) : (
                  <button
                    type="button"
                    className="button"
                    aria-label={t('console.supporters.editOne', { code: row.code })}
                    onClick={() => setEditing(row.code)}
                  >
                    {t('console.shop.edit')}
                  </button>
                ),
            },
          ]}
        />
      )}
      <button type="button" className="button" onClick={exportCsv}>
        {t('console.supporters.csv')}
      </button>
      <h4>{t('console.supporters.add')}</h4>
      <SupporterCodeForm onSaved={saved} />
    </section>
  );
};

/**
 * The supporter codes of the Donations section (docs/owner/payments.md#supporter-codes): each
 * code with its partner, share and figures, a form to add one, a change per row, and the CSV.
 * Owner only: a GM sees nothing of it.
 */
export const SupporterCodesSection = ({ role }: { role: ConsoleRole }) =>
  role === 'owner' ? <SupporterCodes /> : null;
