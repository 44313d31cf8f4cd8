/**
 * Filtering and ordering of the findings' tables: each column read once per row, filters with upstream's
 * predicates (eq, neq, ~eq, gt, gte, lt, lte; a time column compares points in time), sorts in the
 * requested order with ties kept in store order (the findings' own order: most severe first).
 */
import type { Filter, SortSpec } from '../../../api/list-query';
import { compareText } from '../../../shared/compare-text';

export type ColumnValue = string | number | null;
export interface TableColumn<T> {
  kind: 'text' | 'number' | 'time';
  get(row: T): ColumnValue;
  /** How the column sorts, when not by its value (severity by rank). */
  sortValue?(row: T): number;
}

function matches<T>(column: TableColumn<T>, row: T, f: Filter): boolean {
  const raw = column.get(row);
  const value = column.kind === 'time' && typeof f.value === 'string' ? Date.parse(f.value) : f.value;
  const have = column.kind === 'time' && typeof raw === 'string' ? Date.parse(raw) : raw;
  if (f.predicate === 'eq' || f.predicate === 'neq') {
    const same = have !== null && String(have).toLowerCase() === String(value).toLowerCase();
    return f.predicate === 'eq' ? same : !same;
  }
  if (have === null) return false;
  if (f.predicate === '~eq') return String(have).toLowerCase().includes(String(value).toLowerCase());
  const d =
    typeof have === 'number' && !Number.isNaN(Number(value)) ? have - Number(value) : compareText(String(have), String(value));
  switch (f.predicate) {
    case 'gt':
      return d > 0;
    case 'gte':
      return d >= 0;
    case 'lt':
      return d < 0;
    default:
      return d <= 0;
  }
}

/** The rows passing every filter (several filters on one column: any of them), in the requested order. */
export function selectRows<T, C extends string>(
  rows: readonly T[],
  columns: Record<C, TableColumn<T>>,
  filters: readonly Filter<C>[],
  sorts: readonly SortSpec<C>[],
  keep: (row: T) => boolean = () => true,
): T[] {
  const byColumn = new Map<C, Filter<C>[]>();
  for (const f of filters) byColumn.set(f.column, [...(byColumn.get(f.column) ?? []), f]);
  const groups = [...byColumn].map(([c, fs]) => [columns[c], fs] as const);
  const out = rows.filter((row) => keep(row) && groups.every(([col, fs]) => fs.some((f) => matches(col, row, f))));
  if (sorts.length === 0) return out;
  const cols = sorts.map((s) => columns[s.column]);
  const decorated = out.map((row, index) => ({
    row,
    index,
    values: cols.map((c) => (c.sortValue ? c.sortValue(row) : c.kind === 'time' ? Date.parse(String(c.get(row))) : c.get(row))),
  }));
  decorated.sort((a, b) => {
    for (let k = 0; k < sorts.length; k++) {
      const x = a.values[k]!;
      const y = b.values[k]!;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const d = typeof x === 'string' ? compareText(x, String(y)) : x - (y as number);
      if (d !== 0) return sorts[k]!.descending ? -d : d;
    }
    return a.index - b.index;
  });
  return decorated.map((d) => d.row);
}

/** One CSV line: fields quoted when they hold a comma, a quote or a line break. */
export function csvLine(fields: readonly (string | number | boolean)[]): string {
  return fields
    .map((v) => {
      const s = String(v);
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',');
}
