import { useMemo } from 'react';
import { filterAndSort, type Column, type RowMatchers } from './columns';
import type { TableState } from './url-state';

/**
 * What a page of a server answer without a total says of it: a short page is the last one (the rows before it
 * and its own); a full one may have more after it, so one more row is counted and "next" stays open.
 */
export function countWithoutTotal(rowsOnPage: number, { page, pageSize }: Pick<TableState, 'page' | 'pageSize'>): number {
  const seen = (page - 1) * pageSize + rowsOnPage;
  return rowsOnPage < pageSize ? seen : seen + 1;
}

/** Client mode: the rows matching the table's filters, in its order (memoised; for a page that shows the count). */
export function useClientRows<Row>(
  rows: readonly Row[] | undefined,
  columns: readonly Column<Row>[],
  state: Pick<TableState, 'sorts' | 'filters'>,
  matchers?: RowMatchers<Row>,
): Row[] | undefined {
  return useMemo(
    () => (rows ? filterAndSort(rows, columns, state, matchers) : undefined),
    // `state` is rebuilt from the URL on every render; what matters is what it says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, columns, JSON.stringify(state.sorts), JSON.stringify(state.filters), matchers],
  );
}

/**
 * The rows a table shows and what its pager counts: in client mode, the matching rows (all of them, or the
 * current page's); in server mode, the page's rows and the answer's total. `exact` is false for a server
 * answer without a total that may have more after it (then `count` is "at least").
 */
export function shownRows<Row>(
  source:
    | { mode: 'client'; matched: Row[] | undefined; paged: boolean }
    | { mode: 'server'; page: { rows: readonly Row[]; count?: number | undefined } | undefined },
  state: Pick<TableState, 'page' | 'pageSize'>,
): { rows: readonly Row[] | undefined; count: number | null; exact: boolean } {
  if (source.mode === 'client') {
    const { matched } = source;
    return {
      rows: source.paged ? matched?.slice((state.page - 1) * state.pageSize, state.page * state.pageSize) : matched,
      count: matched ? matched.length : null,
      exact: true,
    };
  }
  const { page } = source;
  const rows = page?.rows;
  return {
    rows,
    count: page ? (page.count ?? countWithoutTotal(page.rows.length, state)) : null,
    exact: page?.count !== undefined || (rows !== undefined && rows.length < state.pageSize),
  };
}
