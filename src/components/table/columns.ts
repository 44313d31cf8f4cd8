import type { ReactNode } from 'react';
import type { FilterValue, TableSpec, TableState } from './url-state';
import { compareText } from '@/shared/compare-text';

/** A value a client-mode table sorts by; null and undefined always sort last. */
export type SortValue = string | number | boolean | Date | null | undefined;

/**
 * One column of a DataTable, declared once: its header, its cell, whether and
 * how it sorts and filters, and how it behaves on narrow screens.
 */
export interface Column<Row> {
  /** The sort key and filter key (the API's column name in server mode). */
  id: string;
  /** Header text; on phones, the label in front of the value. */
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Client mode: what the column sorts by. */
  sortValue?: (row: Row) => SortValue;
  /** Client mode: the text(s) the column's filter is matched against (default: the sort value as text). */
  filterValue?: (row: Row) => string | readonly string[] | null | undefined;
  align?: 'left' | 'right' | 'center';
  /** A width the column keeps (CSS length or px). */
  width?: number | string;
  /**
   * Hidden on screens narrower than this breakpoint (sm 600, md 900, lg 1200, xl 1536 px), so a table
   * drops secondary columns by priority instead of cutting its last ones. On phones (below sm) rows
   * become cards and every column without `hideBelow: 'sm'` shows as a labelled line.
   */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  /** Timestamps, short codes: never wrapped. */
  nowrap?: boolean;
  /** Identifiers: monospace, one line, cut with an ellipsis (the whole value in the title). */
  mono?: boolean;
  /** The row's name: a row header (`<th scope="row">`), and the link when the row links. */
  rowHeader?: boolean;
  /**
   * A second line under the cell's value in small grey text, outside the row's link (an object id under a
   * name, an address under a person). Null or undefined: none.
   */
  secondary?: (row: Row) => ReactNode;
}

function compareValues(a: SortValue, b: SortValue): number {
  const na = a === null || a === undefined || a === '';
  const nb = b === null || b === undefined || b === '';
  if (na || nb) return na === nb ? 0 : na ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  const va = a instanceof Date ? a.getTime() : Number(a);
  const vb = b instanceof Date ? b.getTime() : Number(b);
  return va === vb ? 0 : va < vb ? -1 : 1;
}

function matches(values: readonly string[], filter: FilterValue): boolean {
  const want = filter.value.toLowerCase();
  const texts = values.map((v) => v.toLowerCase());
  switch (filter.predicate) {
    case '~eq':
      return texts.some((t) => t.includes(want));
    case 'eq':
      return texts.some((t) => t === want);
    case 'neq':
      return texts.every((t) => t !== want);
    default: {
      // gt/gte/lt/lte: numbers or ISO dates, compared as the API would.
      const num = (s: string) => (Number.isFinite(Number(s)) ? Number(s) : Date.parse(s));
      const w = num(filter.value);
      return values.some((v) => {
        const n = num(v);
        if (Number.isNaN(n) || Number.isNaN(w)) return false;
        return filter.predicate === 'gt'
          ? n > w
          : filter.predicate === 'gte'
            ? n >= w
            : filter.predicate === 'lt'
              ? n < w
              : n <= w;
      });
    }
  }
}

/** Matchers for filters that are not a column's own (a page's search box over several fields). */
export type RowMatchers<Row> = Readonly<Record<string, (row: Row, filter: FilterValue) => boolean>>;

/** Client mode: the rows that pass every filter, in the table's sort order (ties keep the given order). */
export function filterAndSort<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  state: Pick<TableState, 'sorts' | 'filters'>,
  matchers: RowMatchers<Row> = {},
): Row[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const filters = Object.entries(state.filters);
  const kept = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) =>
      filters.every(([id, f]) => {
        const own = matchers[id];
        if (own) return own(row, f);
        const column = byId.get(id);
        if (!column) return true;
        const raw = column.filterValue ? column.filterValue(row) : column.sortValue?.(row);
        const values =
          raw === null || raw === undefined
            ? []
            : Array.isArray(raw)
              ? raw
              : [String(raw instanceof Date ? raw.toISOString() : raw)];
        return matches(values as string[], f);
      }),
    );
  const sorts = state.sorts.map((s) => ({ s, column: byId.get(s.column) })).filter((x) => x.column?.sortValue);
  if (sorts.length > 0) {
    kept.sort((a, b) => {
      for (const { s, column } of sorts) {
        const va = column!.sortValue!(a.row);
        const vb = column!.sortValue!(b.row);
        const empty = (v: SortValue) => v === null || v === undefined || v === '';
        // Empty values go last whatever the direction.
        if (empty(va) || empty(vb)) {
          const c = compareValues(va, vb);
          if (c !== 0) return c;
          continue;
        }
        const c = compareValues(va, vb);
        if (c !== 0) return s.descending ? -c : c;
      }
      return a.index - b.index;
    });
  }
  return kept.map((k) => k.row);
}

/** The sortable columns of a column list, for a TableSpec. */
export function sortableIds<Row>(columns: readonly Column<Row>[]): string[] {
  return columns.filter((c) => c.sortable).map((c) => c.id);
}

export type { TableSpec };
