import { formatDay } from '@/shared/format';
import { formatCount } from '@/shared/count';
import { DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { METRIC_GROUPS, METRIC_LABELS, metricValue, PERCENT_METRICS } from '@/features/data-quality/series';

export type DailyPoint = AdDataQualityStat & { day: string };

/** One row per day, newest first; sortable by date (the URL keeps `sort_by=day` or `-day`). */
const TABLE_SPEC: TableSpec = { sortable: ['day'], defaultSort: [{ column: 'day', descending: true }], defaultPageSize: 100 };

const COLUMNS: Column<DailyPoint>[] = [
  {
    id: 'day',
    header: 'Date',
    rowHeader: true,
    sortable: true,
    nowrap: true,
    sortValue: (p) => p.day,
    cell: (p) => <time dateTime={p.day}>{formatDay(`${p.day}T00:00:00Z`)}</time>,
  },
  ...METRIC_GROUPS.flatMap((g) => g.metrics).map((m): Column<DailyPoint> => ({
    id: m,
    header: METRIC_LABELS[m],
    align: 'right',
    cell: (p) => (PERCENT_METRICS.includes(m) ? `${metricValue(p, m).toFixed(1)}%` : formatCount(metricValue(p, m))),
  })),
];

/** The charts' numbers as a table, for keyboard and screen-reader users (and for reading exact values). */
export function DataQualityTable({ points, domainName }: { points: readonly DailyPoint[]; domainName: string }) {
  const table = useTableState(TABLE_SPEC);
  return (
    <TableProvider table={table}>
      <DataTable
        mode="client"
        label={`Data quality of ${domainName}, one row per day`}
        noun="days"
        columns={COLUMNS}
        rows={points}
        query={SETTLED_QUERY}
        rowKey={(p) => p.day}
        empty={{ title: 'No data-quality points in this range' }}
      />
    </TableProvider>
  );
}
