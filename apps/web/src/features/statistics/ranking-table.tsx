import { LANGUAGE_TAGS } from '@gatekeeper/contract/lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRetryableCall } from '../../api/use-call';
import { useLanguage } from '../../shared/use-language';
import {
  type ColumnFormat,
  type Ranking,
  type RankingColumn,
  type RankingRow,
  type StatisticsRoute,
  positionsOf,
} from './rankings';

const useFormatters = (): Record<ColumnFormat, (value: string | number) => string> => {
  const { language } = useLanguage();
  return useMemo(() => {
    const tag = LANGUAGE_TAGS[language];
    const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    const ratio = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const hours = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return {
      text: (value) => String(value),
      integer: (value) => integer.format(Number(value)),
      ratio: (value) => ratio.format(Number(value)),
      hours: (value) => hours.format(Number(value)),
    };
  }, [language]);
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
 * One ranking as a table: a loading notice while the list is undefined, a friendly notice when it
 * is empty, a notice with a Try again button when the call failed, else the rows with their
 * positions. On phones the stacked columns (decision 010) move under the cell before them, so the
 * table fits without breaking a name.
 */
export const RankingTable = ({ id, ranking }: { id: StatisticsRoute; ranking: Ranking }) => {
  const { t } = useTranslation();
  const { value, failed, retry } = useRetryableCall(ranking.call);
  const rows = value as readonly RankingRow[] | undefined;
  const format = useFormatters();
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
  if (rows === undefined) {
    return (
      <p className="page-loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (rows.length === 0) return <p className="page-notice">{t('statistics.empty')}</p>;

  const positions = positionsOf(rows, ranking.rankedBy);
  const [first] = ranking.columns;
  const under = stackedAfter(ranking.columns);
  const classOf = (column: RankingColumn) =>
    [column.format === 'text' ? undefined : 'ranking__number', column.stacked ? 'ranking__stacked' : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  const label = (column: RankingColumn) => t(`statistics.columns.${column.label}`);
  const cell = (row: RankingRow, column: RankingColumn, i: number) => (
    <>
      {format[column.format](row[column.field] ?? '')}
      {under[i]?.map((stacked) => {
        const value = row[stacked.field];
        return value === '' || value === undefined ? null : (
          <span key={stacked.label} className="ranking__under">
            {/* A name reads on its own; a number needs its label. */}
            <span className={stacked.format === 'text' ? 'visually-hidden' : undefined}>{label(stacked)}: </span>
            {format[stacked.format](value)}
          </span>
        );
      })}
    </>
  );
  return (
    <table className="ranking">
      <caption className="ranking__caption">{t(`statistics.captions.${id}`)}</caption>
      <thead>
        <tr>
          <th scope="col" className="ranking__position">
            <span aria-hidden="true">#</span>
            <span className="visually-hidden">{t('statistics.position')}</span>
          </th>
          {ranking.columns.map((column, i) => (
            <th key={column.label} scope="col" className={classOf(column)}>
              {label(column)}
              {under[i]
                ?.filter((stacked) => stacked.format === 'text')
                .map((stacked) => (
                  <span key={stacked.label} className="ranking__under" aria-hidden="true">
                    {label(stacked)}
                  </span>
                ))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={`${positions[r]}:${String(row[first.field])}`} data-position={positions[r]}>
            <td className="ranking__position">{positions[r]}</td>
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
        ))}
      </tbody>
    </table>
  );
};
