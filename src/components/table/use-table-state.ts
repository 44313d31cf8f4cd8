import { useCallback, useEffect, useMemo } from 'react';
import type { QueryValue } from '@/api/client';
import { useSearchState } from './use-search-state';
import {
  apiQuery,
  needsRewrite,
  parseTableState,
  toggleSort as nextSorts,
  writeTableState,
  type FilterValue,
  type Sort,
  type TableSpec,
  type TableState,
} from './url-state';

export interface TableController {
  spec: TableSpec;
  state: TableState;
  /** The API query of a server-side list (skip, limit, sort_by, filters). */
  query: Record<string, QueryValue>;
  hasFilters: boolean;
  /** Paging adds a history entry. `page` may be worked out from the page in the URL at that moment (quick clicks add up). */
  setPage(page: number | ((current: number) => number), options?: { replace?: boolean }): void;
  /** Keeps the first row of the current page in view. */
  setPageSize(size: number): void;
  /** A header click; `additive` (shift-click, Shift+Enter) adds a further sort. */
  toggleSort(column: string, additive: boolean): void;
  setSorts(change: (sorts: Sort[]) => Sort[]): void;
  /**
   * Sets or clears one filter and goes back to page 1. `typing`: the change comes from a text box,
   * so it replaces the history entry instead of adding one per pause in typing.
   */
  setFilter(column: string, filter: FilterValue | null, options?: { typing?: boolean }): void;
  clearFilters(): void;
}

/**
 * A table's page, page size, sorts and filters, kept in the URL in the one
 * format of url-state.ts. Writes made in the same tick are merged; typing
 * replaces the history entry, paging and sorting add one. An old link (the
 * users table's former `sort`/`dir`/`size`, or a bare filter value) opens the
 * same view and is rewritten in the canonical spelling.
 *
 * `spec` must keep its identity (declare it at module level).
 */
export function useTableState(spec: TableSpec): TableController {
  const [params, update] = useSearchState();
  const state = useMemo(() => parseTableState(spec, params), [spec, params]);

  const change = useCallback(
    (fn: (s: TableState) => Partial<TableState>, replace = false) =>
      update(
        (prev) => {
          const current = parseTableState(spec, prev);
          return writeTableState(spec, { ...current, ...fn(current) }, prev);
        },
        { replace },
      ),
    [spec, update],
  );

  // An old or hand-written link: show the same view under its canonical URL (no extra history entry).
  const stale = needsRewrite(spec, params);
  useEffect(() => {
    if (stale) change(() => ({}), true);
  }, [stale, change]);

  const actions = useMemo(
    () => ({
      setPage: (page: number | ((current: number) => number), options?: { replace?: boolean }) =>
        change((s) => ({ page: Math.max(1, typeof page === 'function' ? page(s.page) : page) }), options?.replace),
      setPageSize: (pageSize: number) =>
        change((s) => ({ pageSize, page: Math.floor(((s.page - 1) * s.pageSize) / pageSize) + 1 })),
      toggleSort: (column: string, additive: boolean) =>
        change((s) => ({
          sorts: nextSorts(s.sorts, column, additive, spec.descendingFirst?.includes(column) ?? false),
          page: 1,
        })),
      setSorts: (fn: (sorts: Sort[]) => Sort[]) => change((s) => ({ sorts: fn(s.sorts), page: 1 })),
      setFilter: (column: string, filter: FilterValue | null, options?: { typing?: boolean }) =>
        change((s) => {
          const filters = { ...s.filters };
          if (filter) filters[column] = filter;
          else delete filters[column];
          return { filters, page: 1 };
        }, options?.typing),
      clearFilters: () => change(() => ({ filters: {}, page: 1 })),
    }),
    [change, spec],
  );

  const query = useMemo(() => apiQuery(state), [state]);
  return { spec, state, query, hasFilters: Object.keys(state.filters).length > 0, ...actions };
}
