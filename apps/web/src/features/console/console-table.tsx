import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKeys, useConsoleCall } from './console-call';

export interface Column<Row> {
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** What the column sorts by, when it can: its header becomes a button that sorts the rows shown. */
  sortValue?: (row: Row) => string | number | null;
  /**
   * Text of identifiers (an address name, an id, an ISO time): each word is kept on one line, a
   * hyphen in it being no place to break; the text still wraps between its words.
   */
  keepWhole?: boolean;
  /** A moment or a short figure, read at a glance: kept on one line, the table scrolling instead. */
  oneLine?: boolean;
}

type Sort = { column: string; direction: 'ascending' | 'descending' };

/** Rows in a column's order; equal values keep the order the server gave (newest first). */
const sorted = <Row,>(rows: readonly Row[], column: Column<Row> | undefined, direction: Sort['direction']) => {
  const value = column?.sortValue;
  if (!value) return rows;
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === b.key) return a.index - b.index;
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : String(a.key).localeCompare(String(b.key));
      return sign * order || a.index - b.index;
    })
    .map(({ row }) => row);
};

/**
 * The console's one table: a caption, a header per column, a row per record, "nothing here" when
 * empty. On a phone the table scrolls sideways inside its own focusable region. A column with a
 * `sortValue` sorts the rows shown by a click on its header (again: the other way), told to a
 * screen reader by aria-sort.
 */
export const ConsoleTable = <Row,>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) => {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort | undefined>();
  if (rows.length === 0) return <p className="console__empty">{t('console.table.empty', { caption })}</p>;
  const shown = sort
    ? sorted(
        rows,
        columns.find((column) => column.id === sort.column),
        sort.direction,
      )
    : rows;
  const sortBy = (column: string) =>
    setSort((current) => ({
      column,
      direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  return (
    <div className="console__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="console__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={sort?.column === column.id ? sort.direction : column.sortValue ? 'none' : undefined}
              >
                {column.sortValue ? (
                  <button type="button" className="console__sort" onClick={() => sortBy(column.id)}>
                    {column.label}
                    <span aria-hidden="true">
                      {sort?.column === column.id ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  data-label={column.label}
                  className={column.oneLine ? 'console__one-line' : undefined}
                >
                  {column.keepWhole ? <WholeWords>{column.render(row)}</WholeWords> : column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/**
 * A long identifier (a vote's 64-character hash) as its start and end, so that the columns after
 * it stay in view; the whole of it in its title.
 */
export const ShortId = ({ id }: { id: string }) =>
  id.length <= 24 ? id : <span className="console__whole" title={id}>{`${id.slice(0, 16)}…${id.slice(-4)}`}</span>;

/** A text's words, each on one line of its own; anything else than text as it is. */
const WholeWords = ({ children }: { children: ReactNode }) =>
  typeof children === 'string'
    ? children.split(/(\s+)/).map((part, index) =>
        index % 2 === 1
          ? part
          : part && (
              <span key={index} className="console__whole">
                {part}
              </span>
            ),
      )
    : children;

/** A read under way (the waiting line) or refused (its translated codes); nothing once answered. */
export const ReadProgress = ({
  state,
}: {
  state: { kind: 'loading' } | { kind: 'failed'; keys: string[] } | { kind: 'ready' };
}) => {
  const { t } = useTranslation();
  if (state.kind === 'loading') return <p aria-busy="true">{t('forms.processing')}</p>;
  if (state.kind === 'failed') return <p role="alert">{state.keys.map((key) => t(key)).join(' ')}</p>;
  return null;
};

/** A page of a console list and where the next one starts (`next`: the `before` to send, or null). */
export interface ListPage<Row> {
  rows: Row[];
  next: number | null;
}

type ListState<Row> =
  | { kind: 'loading' }
  | { kind: 'failed'; keys: string[] }
  | { kind: 'ready'; rows: Row[]; next: number | null; more: boolean };

/**
 * A console list read page by page, newest first: `load(before)` reads one page; `older()` adds
 * the next; a change of `load` (a new search or filter) or `reload()` starts over.
 */
export const usePagedList = <Row,>(load: (before: number | undefined) => Promise<ListPage<Row>>) => {
  const consoleCall = useConsoleCall();
  const [version, setVersion] = useState(0);
  // The state remembers what it was read for: a new search shows the waiting line until its answer.
  const [read, setRead] = useState<{ load: typeof load; version: number; state: ListState<Row> } | undefined>();
  const state: ListState<Row> =
    read && read.load === load && read.version === version ? read.state : { kind: 'loading' };

  useEffect(() => {
    let live = true;
    const keep = (next: ListState<Row>) => live && setRead({ load, version, state: next });
    consoleCall(() => load(undefined)).then(
      (page) => keep({ kind: 'ready', rows: page.rows, next: page.next, more: false }),
      (error: unknown) => keep({ kind: 'failed', keys: failureKeys(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, consoleCall, version]);

  const older = () => {
    if (state.kind !== 'ready' || state.next === null) return;
    const { rows, next } = state;
    const keep = (next: ListState<Row>) => setRead({ load, version, state: next });
    keep({ ...state, more: true });
    consoleCall(() => load(next)).then(
      (page) => keep({ kind: 'ready', rows: [...rows, ...page.rows], next: page.next, more: false }),
      (error: unknown) => keep({ kind: 'failed', keys: failureKeys(error) }),
    );
  };

  return { state, older, reload: () => setVersion((n) => n + 1) };
};

/** A paged list's table with its waiting line, its error, and the "older" button while there is more. */
export const PagedTable = <Row,>({
  list,
  ...table
}: {
  list: ReturnType<typeof usePagedList<Row>>;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
}) => {
  const { t } = useTranslation();
  const { state, older } = list;
  if (state.kind !== 'ready') return <ReadProgress state={state} />;
  return (
    <>
      <ConsoleTable {...table} rows={state.rows} />
      {state.next !== null && (
        <button type="button" className="button" onClick={older} disabled={state.more}>
          {t('console.table.older')}
        </button>
      )}
    </>
  );
};
