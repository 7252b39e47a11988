// 'Tableau de données': the rows newest first (the reverse of the data), 15 a page, back to page 1
// when the data changes, and a totals row.
import { useMemo, useState } from 'react';
import { formatEuros, formatInteger } from '@comptoir/shared/format';
import {
  STATISTICS_COLUMNS,
  STATISTICS_PAGE_SIZE,
  statisticsTotals,
  type StatisticsRow,
} from '@comptoir/shared/statistics';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { Pagination } from '../../../../components/ui/pagination';
import { STATISTICS_LABELS } from '../labels';

const count = (key: 'connexions' | 'commandes' | 'premiereco'): DataTableColumn<StatisticsRow> => ({
  key,
  header: STATISTICS_COLUMNS[key],
  render: (row) => formatInteger(row[key]),
  align: 'right',
  nowrap: true,
});
const amount = (key: 'ca' | 'camoyen'): DataTableColumn<StatisticsRow> => ({
  key,
  header: STATISTICS_COLUMNS[key],
  render: (row) => formatEuros(row[key]),
  align: 'right',
  nowrap: true,
});

const COLUMNS: DataTableColumn<StatisticsRow>[] = [
  { key: 'code', header: STATISTICS_COLUMNS.code, render: (row) => row.code, nowrap: true },
  { key: 'libelle', header: STATISTICS_COLUMNS.libelle, render: (row) => row.libelle },
  count('connexions'),
  count('commandes'),
  amount('ca'),
  amount('camoyen'),
  count('premiereco'),
];

export function StatisticsTable({ rows, loading }: { rows: readonly StatisticsRow[]; loading: boolean }) {
  const [page, setPage] = useState(0);
  // Back to page 1 whenever new data arrives (state reset during render, React's documented way).
  const [shownRows, setShownRows] = useState(rows);
  if (shownRows !== rows) {
    setShownRows(rows);
    setPage(0);
  }
  const reversed = useMemo(() => [...rows].reverse(), [rows]);
  const pageRows = reversed.slice(page * STATISTICS_PAGE_SIZE, (page + 1) * STATISTICS_PAGE_SIZE);
  const totals = useMemo(
    () => ({ code: STATISTICS_LABELS.total, libelle: '', ...statisticsTotals([...rows]) }),
    [rows],
  );
  return (
    <>
      <DataTable
        columns={COLUMNS}
        rows={pageRows}
        footerRow={rows.length ? totals : undefined}
        rowKey={(row) => row.code}
        caption={STATISTICS_LABELS.table}
        loading={loading && rows.length === 0}
      />
      <Pagination page={page} total={rows.length} pageSize={STATISTICS_PAGE_SIZE} onChange={setPage} />
    </>
  );
}
