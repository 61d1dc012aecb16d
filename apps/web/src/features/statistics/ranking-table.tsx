import { LANGUAGE_TAGS } from '@gatekeeper/contract/lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/use-call';
import { useLanguage } from '../../app/use-language';
import { type ColumnFormat, type Ranking, type RankingRow, type StatisticsRoute, positionsOf } from './rankings';

const NO_ROWS: readonly RankingRow[] = [];

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

/**
 * One ranking as a table: a loading notice while the list is undefined, a friendly notice when it
 * is empty (also what a failed call becomes, SPEC section 4), else the rows with their positions.
 */
export const RankingTable = ({ id, ranking }: { id: StatisticsRoute; ranking: Ranking }) => {
  const { t } = useTranslation();
  const rows = useCall(ranking.call, NO_ROWS) as readonly RankingRow[] | undefined;
  const format = useFormatters();
  if (rows === undefined) {
    return (
      <p className="page-loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (rows.length === 0) return <p className="page-notice">{t('statistics.empty')}</p>;

  const positions = positionsOf(rows, ranking.rankedBy);
  const [first, ...others] = ranking.columns;
  const numeric = (columnFormat: ColumnFormat) => (columnFormat === 'text' ? undefined : 'ranking__number');
  return (
    <table className="ranking">
      <caption className="ranking__caption">{t(`statistics.captions.${id}`)}</caption>
      <thead>
        <tr>
          <th scope="col" className="ranking__position">
            <span aria-hidden="true">#</span>
            <span className="visually-hidden">{t('statistics.position')}</span>
          </th>
          {ranking.columns.map((column) => (
            <th key={column.label} scope="col" className={numeric(column.format)}>
              {t(`statistics.columns.${column.label}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${positions[i]}:${String(row[first.field])}`} data-position={positions[i]}>
            <td className="ranking__position">{positions[i]}</td>
            <th scope="row">{format.text(row[first.field] ?? '')}</th>
            {others.map((column) => (
              <td key={column.label} className={numeric(column.format)}>
                {format[column.format](row[column.field] ?? '')}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};
