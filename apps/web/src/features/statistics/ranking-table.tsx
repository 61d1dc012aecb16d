import { clanHref, withRealm } from '@gatekeeper/contract/lite';
import { useRealm } from '../../shared/use-realm';
import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRetryableCall } from '../../api/use-call';
import { useGameNames } from '../../shared/game-names';
import { Link, useLocation, useNavigate } from '../../shared/navigation';
import { useBrowserValue } from '../../shared/use-browser-value';
import { useFormats } from '../../shared/formats';
import { useLanguage } from '../../shared/use-language';
import {
  type ColumnFormat,
  PAGE_SIZE,
  type Ranking,
  type RankingColumn,
  type RankingRow,
  type StatisticsRoute,
  findRow,
  pageCount,
  pageFromSearch,
  pageNumbers,
  pageOfRow,
  positionsOf,
  rowsOfPage,
  searchWithPage,
} from './rankings';

const useFormatters = (): Record<ColumnFormat, (value: string | number) => string> => {
  const format = useFormats();
  return useMemo(
    () => ({
      text: (value) => String(value),
      integer: (value) => format.number(Number(value), { max: 0 }),
      ratio: (value) => format.number(Number(value), { min: 2, max: 2 }),
      hours: (value) => format.number(Number(value), { min: 1, max: 1 }),
    }),
    [format],
  );
};

/**
 * The address and its query, as far as the rows are concerned. The server renders a ranking's
 * page at its address without query (page 1, decision 040); while the browser hydrates that HTML
 * it renders page 1 too, and the address's own page (`?page=3`) right after.
 */
const useRankingLocation = (): { pathname: string; search: string } => {
  const { pathname, search } = useLocation();
  return { pathname, search: useBrowserValue(() => search, '') };
};

/** The stacked columns that follow each column (shown under it on phones), by the column's index. */
const stackedAfter = (columns: readonly RankingColumn[]): RankingColumn[][] =>
  columns.map((column, i) => {
    if (column.stacked) return [];
    const following: RankingColumn[] = [];
    for (const next of columns.slice(i + 1)) {
      if (!next.stacked) break;
      following.push(next);
    }
    return following;
  });

/**
 * A number column's header with its width on a phone: the fixed columns are 6em, which holds a
 * word of eight letters; a longer word ("Reputación", "Assassinatos") gets a wider column, so that
 * it is neither broken nor cut. Widths are classes: the site's CSP allows no inline style.
 */
const headerClassOf = (column: RankingColumn, label: string) => {
  const longest = Math.max(0, ...label.split(/\s+/).map((word) => word.length));
  const width = longest >= 12 ? 'ranking__number--longer' : longest >= 9 ? 'ranking__number--long' : undefined;
  return [classOf(column), column.format === 'text' ? undefined : width].filter(Boolean).join(' ') || undefined;
};

const classOf = (column: RankingColumn) =>
  [column.format === 'text' ? undefined : 'ranking__number', column.stacked ? 'ranking__stacked' : undefined]
    .filter(Boolean)
    .join(' ') || undefined;

/** The table with its caption and column headers; the body is the caller's (rows, or placeholders). */
const RankingFrame = ({
  id,
  ranking,
  children,
  tableRef,
  hidden = false,
}: {
  id: StatisticsRoute;
  ranking: Ranking;
  children: ReactNode;
  tableRef?: Ref<HTMLTableElement>;
  hidden?: boolean;
}) => {
  const { t } = useTranslation();
  const under = stackedAfter(ranking.columns);
  return (
    <table
      className="ranking"
      ref={tableRef}
      tabIndex={tableRef ? -1 : undefined}
      aria-hidden={hidden || undefined}
      data-loading={hidden || undefined}
    >
      <caption className="ranking__caption">{t(`statistics.captions.${id}`)}</caption>
      <thead>
        <tr>
          <th scope="col" className="ranking__position">
            <span aria-hidden="true">#</span>
            <span className="visually-hidden">{t('statistics.position')}</span>
          </th>
          {ranking.columns.map((column, i) => (
            <th
              key={column.label}
              scope="col"
              className={headerClassOf(column, t(`statistics.columns.${column.label}`))}
            >
              {t(`statistics.columns.${column.label}`)}
              {under[i]
                ?.filter((stacked) => stacked.format === 'text')
                .map((stacked) => (
                  <span key={stacked.label} className="ranking__under" aria-hidden="true">
                    {t(`statistics.columns.${stacked.label}`)}
                  </span>
                ))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
};

/** A full page of empty rows of the rows' height, so the page does not jump when the rows come. */
const PlaceholderRows = ({ ranking }: { ranking: Ranking }) => (
  <>
    {Array.from({ length: PAGE_SIZE }, (_, r) => (
      <tr key={r}>
        <td className="ranking__position">
          <span className="ranking__bar ranking__bar--short" />
        </td>
        {ranking.columns.map((column, i) =>
          i === 0 ? (
            <th key={column.label} scope="row">
              <span className="ranking__bar" />
            </th>
          ) : (
            <td key={column.label} className={classOf(column)}>
              <span className="ranking__bar ranking__bar--short" />
            </td>
          ),
        )}
      </tr>
    ))}
  </>
);

/** The page links under a ranking: previous, the page numbers, next; the current page marked. */
const Pager = ({
  page,
  pages,
  total,
  onFollow,
}: {
  page: number;
  pages: number;
  total: number;
  onFollow: () => void;
}) => {
  const { t } = useTranslation();
  const { pathname, search } = useRankingLocation();
  const to = (n: number) => `${pathname}${searchWithPage(search, n)}`;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  const step = (n: number, label: string, arrow: string, rel: 'prev' | 'next') =>
    n >= 1 && n <= pages ? (
      <Link to={to(n)} rel={rel} aria-label={label} title={label} className="ranking-pager__link" onClick={onFollow}>
        <span aria-hidden="true">{arrow}</span>
      </Link>
    ) : (
      <span className="ranking-pager__link ranking-pager__link--off" aria-hidden="true">
        {arrow}
      </span>
    );
  return (
    <nav aria-label={t('statistics.pages.label')} className="ranking-pager">
      <p className="ranking-pager__range">{t('statistics.pages.range', { first, last, total })}</p>
      {pages > 1 && (
        <ul className="ranking-pager__list">
          <li>{step(page - 1, t('statistics.pages.previous'), '‹', 'prev')}</li>
          {pageNumbers(page, pages).map((n, i) => (
            <li key={n === 'gap' ? `gap${i}` : n}>
              {n === 'gap' ? (
                <span className="ranking-pager__gap" aria-hidden="true">
                  …
                </span>
              ) : (
                <Link
                  to={to(n)}
                  aria-label={t('statistics.pages.page', { page: n })}
                  aria-current={n === page ? 'page' : undefined}
                  className="ranking-pager__link"
                  onClick={onFollow}
                >
                  {n}
                </Link>
              )}
            </li>
          ))}
          <li>{step(page + 1, t('statistics.pages.next'), '›', 'next')}</li>
        </ul>
      )}
    </nav>
  );
};

/** The rows of the current page, their positions (ties share one), the found row marked. */
const RankedRows = ({
  ranking,
  rows,
  first,
  positions,
  found,
  foundRef,
}: {
  ranking: Ranking;
  rows: readonly RankingRow[];
  first: number;
  positions: readonly number[];
  found: number | undefined;
  foundRef: Ref<HTMLTableRowElement>;
}) => {
  const { t } = useTranslation();
  const format = useFormatters();
  const { language } = useLanguage();
  const { realm } = useRealm();
  const under = stackedAfter(ranking.columns);
  const label = (column: RankingColumn) => t(`statistics.columns.${column.label}`);
  /** A value as the column shows it: a clan's name links to the clan's page (a 24 px target). */
  const shown = (column: RankingColumn, value: string | number) =>
    column.linksClan && value !== '' ? (
      <Link to={withRealm(clanHref(String(value), language), realm)} className="link-target">
        {format[column.format](value)}
      </Link>
    ) : (
      format[column.format](value)
    );
  const cell = (row: RankingRow, column: RankingColumn, i: number) => (
    <>
      {shown(column, row[column.field] ?? '')}
      {under[i]?.map((stacked) => {
        const value = row[stacked.field];
        return value === '' || value === undefined ? null : (
          <span key={stacked.label} className="ranking__under">
            {/* A name reads on its own; a number needs its label, which gives way to the number when narrow. */}
            <span className={stacked.format === 'text' ? 'visually-hidden' : 'ranking__under-label'}>
              {label(stacked)}:{' '}
            </span>
            <span className={stacked.format === 'text' ? 'ranking__under-name' : 'ranking__under-number'}>
              {shown(stacked, value)}
            </span>
          </span>
        );
      })}
    </>
  );
  return (
    <>
      {rows.map((row, r) => {
        const index = first + r;
        const position = positions[index]!;
        const tied = positions[index - 1] === position || positions[index + 1] === position;
        const isFound = index === found;
        return (
          <tr
            key={index}
            ref={isFound ? foundRef : undefined}
            data-position={position}
            data-tied={tied || undefined}
            aria-current={isFound || undefined}
            className={isFound ? 'ranking__found' : undefined}
          >
            <td className="ranking__position">
              {tied && (
                <span className="ranking__tie" aria-hidden="true">
                  =
                </span>
              )}
              {position}
              {tied && <span className="visually-hidden"> {t('statistics.tied')}</span>}
            </td>
            {ranking.columns.map((column, i) =>
              i === 0 ? (
                <th key={column.label} scope="row">
                  {cell(row, column, i)}
                </th>
              ) : (
                <td key={column.label} className={classOf(column)}>
                  {cell(row, column, i)}
                </td>
              ),
            )}
          </tr>
        );
      })}
    </>
  );
};

/** The rows with a game thing's name (a class) in the page's language, found by that name too. */
const useNamedRows = (ranking: Ranking, rows: readonly RankingRow[] | undefined) => {
  const named = ranking.gameName;
  const nameOf = useGameNames(named?.kind);
  return useMemo(
    () =>
      named && rows
        ? rows.map((row) => ({ ...row, [named.field]: nameOf(Number(row[named.id]), String(row[named.field] ?? '')) }))
        : rows,
    [named, rows, nameOf],
  );
};

/**
 * One ranking (docs/product.md#statistics): a box to find a row by name, a page of 25 rows under a
 * caption, and the page links. While the rows load, a page of placeholder rows of the same height
 * holds their place; a friendly notice when the ranking is empty, a notice with a Try again button
 * when the call failed. The page is the address's `?page=`, so a shared link opens on it. On phones
 * the stacked columns (decision 010) move under the cell before them.
 *
 * `initialRows` are rows given at render (then no call is made). The page is read from the
 * address, so a server rendering rows must render with the address's query too.
 */
export const RankingTable = ({
  id,
  ranking,
  initialRows,
}: {
  id: StatisticsRoute;
  ranking: Ranking;
  initialRows?: readonly RankingRow[];
}) => {
  const { t } = useTranslation();
  const { query: realmQuery } = useRealm();
  const { value, failed, retry } = useRetryableCall(ranking.call, {
    skip: initialRows !== undefined,
    query: realmQuery,
  });
  const answered = initialRows ?? (value as readonly RankingRow[] | undefined);
  const rows = useNamedRows(ranking, answered);
  const { pathname, search } = useRankingLocation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const view = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const foundRow = useRef<HTMLTableRowElement>(null);
  const followedPager = useRef(false);

  const field = ranking.columns[0].field;
  const pages = pageCount(rows?.length ?? 0);
  const page = pageFromSearch(search, pages);
  const positions = useMemo(() => (rows ? positionsOf(rows, ranking.rankedBy) : []), [rows, ranking]);
  const found = rows ? findRow(rows, field, typed) : undefined;

  // When another row is found, its page, in the address (replaced, not a history entry per letter).
  // Only then: the visitor may leave that page with the page links while the name stays typed.
  const jumpedTo = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (found === jumpedTo.current) return;
    jumpedTo.current = found;
    if (found === undefined || pageOfRow(found) === page) return;
    navigate({ pathname, search: searchWithPage(search, pageOfRow(found)) }, { replace: true });
  }, [found, page, pathname, search, navigate]);

  // After a page link, the new page's first rows, not the page links, are in view.
  useEffect(() => {
    if (!followedPager.current) return;
    followedPager.current = false;
    view.current?.scrollIntoView({ block: 'start' });
    table.current?.focus({ preventScroll: true });
  }, [page]);

  if (failed) {
    return (
      <div className="page-notice ranking__failed" role="alert">
        <p>{t('statistics.loadFailed')}</p>
        <button type="button" className="button" onClick={retry}>
          {t('statistics.retry')}
        </button>
      </div>
    );
  }
  if (rows?.length === 0) return <p className="page-notice">{t('statistics.empty')}</p>;

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    foundRow.current?.scrollIntoView({ block: 'center' });
  };
  const answer =
    typed.trim() === '' || rows === undefined
      ? ''
      : found === undefined
        ? t(`statistics.find.notFound.${ranking.ranks}`, { name: typed.trim() })
        : t('statistics.find.found', {
            name: String(rows[found]![field]),
            position: positions[found],
            page: pageOfRow(found),
          });
  const shown = rows ? rowsOfPage(rows, page) : undefined;

  return (
    <div className="ranking-view" ref={view}>
      <form
        role="search"
        className="ranking-find"
        onSubmit={onFind}
        aria-label={t(`statistics.find.label.${ranking.ranks}`)}
      >
        <label htmlFor={inputId} className="ranking-find__label">
          {t(`statistics.find.label.${ranking.ranks}`)}
        </label>
        <div className="ranking-find__row">
          <input
            id={inputId}
            type="search"
            className="ranking-find__input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
          />
          <button type="submit" className="button ranking-find__button">
            {t('statistics.find.submit')}
          </button>
        </div>
        <p
          role="status"
          className={`ranking-find__answer${found === undefined && answer ? ' ranking-find__answer--none' : ''}`}
        >
          {answer}
        </p>
      </form>
      {shown === undefined ? (
        <>
          <p className="visually-hidden" role="status">
            {t('common.loading')}
          </p>
          <RankingFrame id={id} ranking={ranking} hidden>
            <PlaceholderRows ranking={ranking} />
          </RankingFrame>
          <div className="ranking-pager" aria-hidden="true" />
        </>
      ) : (
        <>
          <RankingFrame id={id} ranking={ranking} tableRef={table}>
            <RankedRows
              ranking={ranking}
              rows={shown.rows}
              first={shown.first}
              positions={positions}
              found={found}
              foundRef={foundRow}
            />
          </RankingFrame>
          <Pager
            page={page}
            pages={pages}
            total={rows!.length}
            onFollow={() => {
              followedPager.current = true;
            }}
          />
        </>
      )}
    </div>
  );
};
