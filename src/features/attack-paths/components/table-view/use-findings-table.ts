import { useCallback, useMemo } from 'react';
import type { QueryValue } from '@/api/client';
import { useTableState, type TableController } from '@/components/table';
import { useSearchState } from '@/components/table/use-search-state';
import {
  clearFilters,
  FINDINGS_TABLE,
  findingsApiQuery,
  hasFilters,
  readFilters,
  writeFilter,
  type FindingsFilters,
  type MultiFilterName,
} from './findings-query';

export interface FindingsTable {
  /** The shared table controller, its filtered state and Clear filters covering the multi-value filters too. */
  table: TableController;
  filters: FindingsFilters;
  /** Sets one multi-value filter (a history entry, back on page 1). */
  setFilter: <K extends MultiFilterName>(name: K, values: FindingsFilters[K]) => void;
  /** The API query of the whole view (paging included). */
  query: Record<string, QueryValue>;
}

/** The findings table's whole state in the URL: the shared table state and the multi-value filters beside it. */
export function useFindingsTable(): FindingsTable {
  const base = useTableState(FINDINGS_TABLE);
  const [params, update] = useSearchState();
  const filters = useMemo(() => readFilters(params), [params]);
  const filtered = base.hasFilters || hasFilters(filters);
  // One write, so one history entry: Back brings every filter back.
  const clearAll = useCallback(() => update(clearFilters), [update]);
  const table = useMemo(
    (): TableController => ({ ...base, hasFilters: filtered, clearFilters: clearAll }),
    [base, filtered, clearAll],
  );
  const setFilter = useCallback(
    <K extends MultiFilterName>(name: K, values: FindingsFilters[K]) => update((p) => writeFilter(p, name, values)),
    [update],
  );
  const query = useMemo(() => findingsApiQuery(base.query, filters), [base.query, filters]);
  return { table, filters, setFilter, query };
}
