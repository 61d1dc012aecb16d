import type {
  ConsoleShopAnswer,
  ConsoleShopOffer,
  ConsoleShopOrderRow,
  ConsoleShopOrdersQuery,
  OrderState,
  ShopItemLine,
} from '@gatekeeper/contract/lite';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { useFormats } from '../../shared/formats';
import { useItemNames } from '../../shared/item-names';
import { useSiteData } from '../../shared/site-data';
import { oneOf, useAddressFilter } from '../console/address-filter';
import { useConsoleCall, useConsoleRead } from '../console/console-call';
import { ConsoleTable, PagedTable, ReadProgress, usePagedList } from '../console/console-table';
import { ActionErrors, NoteAction, useConsoleAction } from '../console/note-action';
import { downloadCsv } from '../console/download-csv';

const STATES = [
  'paid',
  'onItsWay',
  'waitingForGame',
  'received',
  'failed',
  'refunded',
] as const satisfies readonly OrderState[];

/** Items as the owner types them: `57:1000, 1538:5` (item id, colon, count), and back. */
export const parseItemLines = (text: string): ShopItemLine[] | undefined => {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const lines = parts.map((part) => /^(\d{1,10})\s*[:x×]\s*(\d{1,10})$/i.exec(part));
  if (parts.length === 0 || lines.some((line) => !line)) return undefined;
  return lines.map((line) => ({ itemId: Number(line![1]), count: Number(line![2]) }));
};
const itemText = (items: ShopItemLine[]) => items.map((line) => `${line.itemId}:${line.count}`).join(', ');

/** A datetime-local field's value as a time (ms), or null when empty. */
const timeOf = (value: string): number | null => (value ? new Date(value).getTime() : null);
const countOf = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** The site's realms (decision 049): the console names and filters them when there are several. */
const useRealms = () => {
  const realms = useSiteData().metadata?.realms ?? [];
  const nameOf = (slug: string | null) => realms.find((realm) => realm.slug === slug)?.name ?? slug ?? '';
  return { realms, several: realms.length > 1, nameOf };
};

/** A new offer or a change of one: items, price, stock, limit, dates, its realm, shown or not. */
const OfferForm = ({ offer, onSaved }: { offer?: ConsoleShopOffer; onSaved: (message: string) => void }) => {
  const { t } = useTranslation();
  const { realms, several } = useRealms();
  const [realm, setRealm] = useState(offer?.realm ?? '');
  const [items, setItems] = useState(offer ? itemText(offer.items) : '');
  const [price, setPrice] = useState(offer ? String(offer.price) : '');
  const [stock, setStock] = useState(offer?.stock === null || !offer ? '' : String(offer.stock));
  const [limit, setLimit] = useState(offer?.perAccountLimit === null || !offer ? '' : String(offer.perAccountLimit));
  const [endsAt, setEndsAt] = useState('');
  const [enabled, setEnabled] = useState(offer?.enabled ?? true);
  const [invalid, setInvalid] = useState(false);
  const { busy, errors, run } = useConsoleAction<{ id: number | string }>((answer) =>
    onSaved(t('console.shop.saved', { id: answer.id })),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = parseItemLines(items);
    setInvalid(!lines);
    if (!lines) return;
    run(() =>
      callApi('saveConsoleShopOffer', {
        body: {
          offer: {
            id: offer?.id ?? 0,
            items: lines,
            price: Number(price),
            stock: countOf(stock),
            perAccountLimit: countOf(limit),
            saleStartsAt: offer?.saleStartsAt ?? null,
            saleEndsAt: endsAt ? timeOf(endsAt) : (offer?.saleEndsAt ?? null),
            enabled,
            realm: realm === '' ? null : realm,
          },
        },
      }),
    );
  };
  return (
    <form
      className="console__filters"
      onSubmit={submit}
      aria-label={t(offer ? 'console.shop.editOffer' : 'console.shop.addOffer')}
    >
      <label>
        {t('console.shop.items')}
        <input value={items} required onChange={(event) => setItems(event.target.value)} aria-invalid={invalid} />
      </label>
      <label>
        {t('console.shop.price')}
        <input
          inputMode="numeric"
          pattern="[0-9]*"
          required
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      </label>
      <label>
        {t('console.shop.stock')}
        <input inputMode="numeric" pattern="[0-9]*" value={stock} onChange={(event) => setStock(event.target.value)} />
      </label>
      <label>
        {t('console.shop.limit')}
        <input inputMode="numeric" pattern="[0-9]*" value={limit} onChange={(event) => setLimit(event.target.value)} />
      </label>
      <label>
        {t('console.shop.endsAt')}
        <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
      </label>
      {(several || realm !== '') && (
        <label>
          {t('console.shop.realm')}
          <select value={realm} onChange={(event) => setRealm(event.target.value)}>
            <option value="">{t('console.shop.everyRealm')}</option>
            {realms.map((candidate) => (
              <option key={candidate.slug} value={candidate.slug}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('console.shop.enabled')}
      </label>
      <button type="submit" className="button" disabled={busy}>
        {t('console.shop.save')}
      </button>
      {invalid && <p role="alert">{t('console.shop.itemsHint')}</p>}
      <ActionErrors errors={errors} />
    </form>
  );
};

/** A promo code added or changed: coins, items, total limit, end date, on or off. */
const PromoForm = ({ onSaved }: { onSaved: (message: string) => void }) => {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [coins, setCoins] = useState('0');
  const [items, setItems] = useState('');
  const [total, setTotal] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { busy, errors, run } = useConsoleAction<{ id: number | string }>((answer) =>
    onSaved(t('console.shop.saved', { id: answer.id })),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = items.trim() ? parseItemLines(items) : [];
    setInvalid(!lines);
    if (!lines) return;
    run(() =>
      callApi('saveConsoleShopPromo', {
        body: {
          promo: {
            code,
            coins: Number(coins),
            items: lines,
            totalLimit: countOf(total),
            endsAt: timeOf(endsAt),
            enabled: true,
          },
        },
      }),
    );
  };
  return (
    <form className="console__filters" onSubmit={submit} aria-label={t('console.shop.addPromo')}>
      <label>
        {t('console.shop.code')}
        <input value={code} required maxLength={32} onChange={(event) => setCode(event.target.value)} />
      </label>
      <label>
        {t('console.shop.coins')}
        <input inputMode="numeric" pattern="[0-9]*" value={coins} onChange={(event) => setCoins(event.target.value)} />
      </label>
      <label>
        {t('console.shop.items')}
        <input value={items} onChange={(event) => setItems(event.target.value)} aria-invalid={invalid} />
      </label>
      <label>
        {t('console.shop.totalLimit')}
        <input inputMode="numeric" pattern="[0-9]*" value={total} onChange={(event) => setTotal(event.target.value)} />
      </label>
      <label>
        {t('console.shop.endsAt')}
        <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={busy}>
        {t('console.shop.save')}
      </button>
      {invalid && <p role="alert">{t('console.shop.itemsHint')}</p>}
      <ActionErrors errors={errors} />
    </form>
  );
};

/** Retry or refund a failed order, each with a note for the audit log. */
const OrderActions = ({ row, onDone }: { row: ConsoleShopOrderRow; onDone: (message: string) => void }) => {
  const { t } = useTranslation();
  const { busy, errors, run } = useConsoleAction<{ before: string; after: string }>((change) =>
    onDone(
      t('console.shop.done', { id: row.id, after: t(`wallet.state.${change.after}`, { defaultValue: change.after }) }),
    ),
  );
  if (row.state !== 'failed') return null;
  return (
    <div className="console__actions">
      <NoteAction
        label={t('console.shop.retry')}
        accessibleName={t('console.shop.retryOne', { id: row.id })}
        noteLabel={t('console.shop.note')}
        confirmLabel={t('console.shop.retry')}
        busy={busy}
        onConfirm={(reason) => run(() => callApi('retryConsoleShopOrder', { body: { orderId: row.id, reason } }))}
      />
      <NoteAction
        label={t('console.shop.refund')}
        accessibleName={t('console.shop.refundOne', { id: row.id })}
        noteLabel={t('console.shop.note')}
        confirmLabel={t('console.shop.refund')}
        busy={busy}
        onConfirm={(reason) => run(() => callApi('refundConsoleShopOrder', { body: { orderId: row.id, reason } }))}
      />
      <ActionErrors errors={errors} />
    </div>
  );
};

type Filter = { q: string; state: string; realm: string };
const readFilter = (params: URLSearchParams): Filter => ({
  q: (params.get('q') ?? '').slice(0, 64),
  state: oneOf(params.get('state'), STATES),
  realm: /^[a-z0-9][a-z0-9-]{0,23}$/.test(params.get('realm') ?? '') ? (params.get('realm') ?? '') : '',
});
const writeFilter = (filter: Filter) => ({
  ...(filter.q ? { q: filter.q } : {}),
  ...(filter.state ? { state: filter.state } : {}),
  ...(filter.realm ? { realm: filter.realm } : {}),
});
const queryOf = (filter: Filter): ConsoleShopOrdersQuery => ({
  ...(filter.q ? { q: filter.q } : {}),
  ...(filter.state ? { state: filter.state as OrderState } : {}),
  ...(filter.realm ? { realm: filter.realm } : {}),
});

/** The Shop section (docs/owner/console.md#shop): catalogue, promo codes, the orders ledger. */
export const ShopSection = () => {
  const { t } = useTranslation();
  const formats = useFormats();
  const itemName = useItemNames();
  const consoleCall = useConsoleCall();
  const { realms, several, nameOf } = useRealms();
  const [message, setMessage] = useState('');
  const [editing, setEditing] = useState<number>();
  const readCatalogue = useCallback(() => callApi('getConsoleShop'), []);
  const catalogue = useConsoleRead<ConsoleShopAnswer>(readCatalogue);
  const { filter, typed, setTyped, apply: applyFilter } = useAddressFilter(readFilter, writeFilter);
  const load = useCallback(
    async (before: number | undefined) => {
      const from = before ?? 0;
      const page = await callApi('getConsoleShopOrders', { query: { ...queryOf(filter), from } });
      return { rows: page.rows, next: from + page.rows.length < page.total ? from + page.rows.length : null };
    },
    [filter],
  );
  const orders = usePagedList<ConsoleShopOrderRow>(load);
  const items = (lines: ShopItemLine[]) => lines.map((line) => `${line.count} × ${itemName(line.itemId)}`).join(', ');
  const saved = (done: string) => {
    setMessage(done);
    setEditing(undefined);
    catalogue.reload();
  };
  const exportCsv = () =>
    consoleCall(() => callApi('getConsoleShopOrdersCsv', { query: queryOf(filter) })).then(
      (csv) => downloadCsv(csv, 'orders'),
      () => setMessage(t('ServerError')),
    );
  return (
    <>
      {message && <p role="status">{message}</p>}
      <section aria-labelledby="console-shop-catalogue">
        <h3 id="console-shop-catalogue">{t('console.shop.catalogue')}</h3>
        {catalogue.state.kind !== 'ready' ? (
          <ReadProgress state={catalogue.state} />
        ) : (
          <ConsoleTable
            caption={t('console.shop.catalogue')}
            rowKey={(row) => row.id}
            rows={catalogue.state.value.offers}
            columns={[
              { id: 'id', label: t('console.shop.number'), render: (row) => row.id, sortValue: (row) => row.id },
              { id: 'items', label: t('console.shop.items'), render: (row) => items(row.items) },
              {
                id: 'price',
                label: t('console.shop.price'),
                render: (row) => formats.number(row.price),
                sortValue: (row) => row.price,
              },
              { id: 'stock', label: t('console.shop.stock'), render: (row) => (row.stock === null ? '∞' : row.stock) },
              { id: 'limit', label: t('console.shop.limit'), render: (row) => row.perAccountLimit ?? '∞' },
              {
                id: 'ends',
                label: t('console.shop.endsAt'),
                render: (row) => (row.saleEndsAt === null ? '' : formats.dateTime(row.saleEndsAt)),
                oneLine: true,
              },
              ...(several
                ? [
                    {
                      id: 'realm',
                      label: t('console.shop.realm'),
                      render: (row: ConsoleShopOffer) =>
                        row.realm === null ? t('console.shop.everyRealm') : nameOf(row.realm),
                    },
                  ]
                : []),
              {
                id: 'enabled',
                label: t('console.shop.enabled'),
                render: (row) => t(row.enabled ? 'console.shop.yes' : 'console.shop.no'),
              },
              {
                id: 'edit',
                label: t('console.shop.actions'),
                render: (row) =>
                  editing === row.id ? (
                    <OfferForm offer={row} onSaved={saved} />
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('console.shop.editOne', { id: row.id })}
                      onClick={() => setEditing(row.id)}
                    >
                      {t('console.shop.edit')}
                    </button>
                  ),
              },
            ]}
          />
        )}
        <h4>{t('console.shop.addOffer')}</h4>
        <p className="account-intro">{t('console.shop.itemsHint')}</p>
        <OfferForm onSaved={saved} />
      </section>
      <section aria-labelledby="console-shop-promo">
        <h3 id="console-shop-promo">{t('console.shop.promoCodes')}</h3>
        {catalogue.state.kind === 'ready' && (
          <ConsoleTable
            caption={t('console.shop.promoCodes')}
            rowKey={(row) => row.code}
            rows={catalogue.state.value.promoCodes}
            columns={[
              { id: 'code', label: t('console.shop.code'), render: (row) => row.code, keepWhole: true },
              { id: 'coins', label: t('console.shop.coins'), render: (row) => formats.number(row.coins) },
              { id: 'items', label: t('console.shop.items'), render: (row) => items(row.items) },
              { id: 'used', label: t('console.shop.used'), render: (row) => `${row.used} / ${row.totalLimit ?? '∞'}` },
              {
                id: 'ends',
                label: t('console.shop.endsAt'),
                render: (row) => (row.endsAt === null ? '' : formats.dateTime(row.endsAt)),
                oneLine: true,
              },
            ]}
          />
        )}
        <PromoForm onSaved={saved} />
      </section>
      <section aria-labelledby="console-shop-orders">
        <h3 id="console-shop-orders">{t('console.shop.orders')}</h3>
        <form
          className="console__filters"
          onSubmit={(event) => {
            event.preventDefault();
            setMessage('');
            applyFilter({ ...typed, q: typed.q.trim() });
          }}
        >
          <label>
            {t('console.shop.search')}
            <input value={typed.q} maxLength={64} onChange={(event) => setTyped({ ...typed, q: event.target.value })} />
          </label>
          <label>
            {t('console.shop.state')}
            <select value={typed.state} onChange={(event) => setTyped({ ...typed, state: event.target.value })}>
              <option value="">{t('console.shop.any')}</option>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`wallet.state.${state}`)}
                </option>
              ))}
            </select>
          </label>
          {several && (
            <label>
              {t('console.shop.realm')}
              <select value={typed.realm} onChange={(event) => setTyped({ ...typed, realm: event.target.value })}>
                <option value="">{t('console.shop.everyRealm')}</option>
                {realms.map((realm) => (
                  <option key={realm.slug} value={realm.slug}>
                    {realm.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className="button">
            {t('console.shop.show')}
          </button>
          <button type="button" className="button" onClick={() => void exportCsv()}>
            {t('console.shop.csv')}
          </button>
        </form>
        <PagedTable
          list={orders}
          caption={t('console.shop.orders')}
          rowKey={(row) => row.id}
          columns={[
            { id: 'id', label: t('console.shop.number'), render: (row) => row.id, sortValue: (row) => row.id },
            { id: 'login', label: t('console.shop.login'), render: (row) => row.login, keepWhole: true },
            { id: 'character', label: t('console.shop.character'), render: (row) => row.character },
            ...(several
              ? [
                  {
                    id: 'realm',
                    label: t('console.shop.realm'),
                    render: (row: ConsoleShopOrderRow) => nameOf(row.realm),
                  },
                ]
              : []),
            { id: 'items', label: t('console.shop.items'), render: (row) => items(row.items) },
            {
              id: 'price',
              label: t('console.shop.price'),
              render: (row) => formats.number(row.price),
              sortValue: (row) => row.price,
            },
            { id: 'state', label: t('console.shop.state'), render: (row) => t(`wallet.state.${row.state}`) },
            { id: 'tries', label: t('console.shop.tries'), render: (row) => row.attempts },
            { id: 'error', label: t('console.shop.error'), render: (row) => row.lastError ?? '' },
            {
              id: 'created',
              label: t('console.shop.created'),
              render: (row) => formats.dateTime(row.createdAt),
              oneLine: true,
              sortValue: (row) => row.createdAt,
            },
            {
              id: 'actions',
              label: t('console.shop.actions'),
              render: (row) => (
                <OrderActions
                  row={row}
                  onDone={(done) => {
                    setMessage(done);
                    orders.reload();
                  }}
                />
              ),
            },
          ]}
        />
      </section>
    </>
  );
};
